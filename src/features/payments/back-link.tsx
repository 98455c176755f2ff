import { ArrowLeft } from "lucide-react";
import Link from "next/link";

/** The link above a detail page's title back to the list it came from (see back-href.ts). */
export function BackLink({ href, children }: { href: string; children: string }) {
  return (
    <Link
      href={href}
      className="text-brand-700 focus-visible:outline-brand-600 inline-flex items-center gap-1.5 rounded text-sm font-medium hover:underline focus-visible:outline-2"
    >
      <ArrowLeft aria-hidden className="size-4" />
      {children}
    </Link>
  );
}
