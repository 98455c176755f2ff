import Link from "next/link";
import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

// Icon-only controls are named by `label` (aria-label) and show it as a tooltip (title).
const iconButtonClasses = (tone: "default" | "danger" = "default") =>
  cn(
    "inline-flex size-9 items-center justify-center rounded-lg text-gray-600 hover:bg-gray-100 hover:text-gray-900",
    "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gray-400",
    tone === "danger" && "hover:bg-red-50 hover:text-red-600",
  );

export function IconButton({
  label,
  tone,
  disabled,
  onClick,
  children,
}: {
  label: string;
  tone?: "default" | "danger";
  disabled?: boolean;
  onClick(): void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      className={cn(iconButtonClasses(tone), "disabled:cursor-not-allowed disabled:opacity-40")}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/** An in-app link, or with `newTab` a plain link opening a new tab (no prefetch, no client-side navigation). */
export function IconLink({
  href,
  label,
  newTab = false,
  children,
}: {
  href: string;
  label: string;
  newTab?: boolean;
  children: ReactNode;
}) {
  if (newTab) {
    return (
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={label}
        title={label}
        className={iconButtonClasses()}
      >
        {children}
      </a>
    );
  }
  return (
    <Link href={href} aria-label={label} title={label} className={iconButtonClasses()}>
      {children}
    </Link>
  );
}
