import { Plus } from "lucide-react";
import Link from "next/link";
import type { ComponentProps } from "react";
import { buttonClasses } from "~/components/ui/button";

/**
 * The primary "Create POP" call to action: it opens the choice of the three kinds, or with `href` the form of one
 * kind ("Create WPS Button").
 */
export function CreatePopLink({
  children = "Create POP",
  href = "/dashboard/pages/create-pop",
  ...props
}: Omit<ComponentProps<typeof Link>, "href"> & { href?: string }) {
  return (
    <Link href={href} className={buttonClasses("primary")} {...props}>
      <Plus aria-hidden className="size-4" />
      {children}
    </Link>
  );
}
