import { ArrowLeft } from "lucide-react";
import Link from "next/link";
import { cn } from "~/lib/cn";

const tones = {
  /** A detail page's way back to the list it came from (see back-href.ts). */
  brand: "text-brand-700 gap-1.5 font-medium",
  /** A create or edit screen's way back (to the chooser, or from edit to Pages): quieter than the form below it. */
  muted: "gap-1 text-gray-600 hover:text-gray-900 focus-visible:outline-offset-2",
};

/** The link above a page's title back to where it was opened from. */
export function BackLink({
  href,
  children,
  tone = "brand",
}: {
  href: string;
  children: string;
  tone?: keyof typeof tones;
}) {
  return (
    <Link
      href={href}
      className={cn(
        "focus-visible:outline-brand-600 inline-flex items-center rounded text-sm hover:underline focus-visible:outline-2",
        tones[tone],
      )}
    >
      <ArrowLeft aria-hidden className="size-4" />
      {children}
    </Link>
  );
}
