import Link from "next/link";
import type { ReactNode } from "react";
import { buttonClasses } from "~/components/ui/button";
import { SUPPORT_EMAIL } from "./content";
import { Logo } from "./logo";
import { SiteFooter } from "./site-footer";

/** Shell of the terms and privacy pages: a plain header, the policy text, and the site footer. */
export function LegalPage({ title, summary, children }: { title: string; summary: string; children: ReactNode }) {
  return (
    <>
      <header className="border-b border-gray-200 bg-white">
        <div className="mx-auto flex h-16 max-w-3xl items-center justify-between px-4 sm:px-6">
          <Link href="/" aria-label="Popkit home">
            <Logo />
          </Link>
          <Link href="/" className={buttonClasses("ghost", "sm")}>
            Back to home
          </Link>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
        <h1 className="text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl">{title}</h1>
        <p className="mt-4 text-lg text-gray-600">{summary}</p>
        <div className="mt-10 space-y-4 text-gray-700 [&_h2]:pt-6 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-gray-900 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6">
          {children}
        </div>
        <p className="mt-12 text-sm text-gray-600">
          Questions? Write to{" "}
          <a href={`mailto:${SUPPORT_EMAIL}`} className="text-brand-700 font-medium hover:underline">
            {SUPPORT_EMAIL}
          </a>
          .
        </p>
      </main>
      <SiteFooter sectionPrefix="/" />
    </>
  );
}
