import type { Metadata } from "next";
import type { ReactNode } from "react";

// Portal pages show one buyer's purchases: keep them out of search engines, caches and Referer headers.
export const metadata: Metadata = {
  title: { default: "Your purchases", template: "%s · Your purchases" },
  referrer: "no-referrer",
  robots: { index: false, follow: false },
};
export const dynamic = "force-dynamic";

export default function PortalLayout({ children }: { children: ReactNode }) {
  return <main className="mx-auto min-h-screen max-w-3xl px-4 py-10">{children}</main>;
}
