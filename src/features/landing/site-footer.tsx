import Link from "next/link";
import { ADMIN_HREF, features, FEE_NOTE, LOG_IN_HREF, SALES_EMAIL, SIGN_UP_HREF, SUPPORT_EMAIL } from "./content";
import { Logo } from "./logo";

const linkClass = "text-sm text-gray-600 hover:text-gray-900";

const productLinks = [
  { href: "#features", label: "Features" },
  { href: "#products", label: "Digital and physical products" },
  { href: "#use-cases", label: "Use cases" },
  { href: "#pricing", label: "Pricing" },
  { href: "#faq", label: "FAQ" },
];

/** Every tool the product has, each leading to its card in the feature grid. */
const toolLinks = features.map(({ slug, title }) => ({ href: `#feature-${slug}`, label: title }));

const accountLinks = [
  { href: SIGN_UP_HREF, label: "Sign up" },
  { href: LOG_IN_HREF, label: "Log in" },
  { href: ADMIN_HREF, label: "Admin" },
  { href: "/terms", label: "Terms of service" },
  { href: "/privacy", label: "Privacy policy" },
];

/** A contact line: what to write about, and the address to write to. */
function MailLine({ label, email, className }: { label: string; email: string; className: string }) {
  return (
    <p className={`${className} text-sm text-gray-600`}>
      {label}:{" "}
      <a href={`mailto:${email}`} className="text-brand-700 font-medium hover:underline">
        {email}
      </a>
    </p>
  );
}

/** A footer list: its links' hrefs are final (the section links already carry the prefix). */
function FooterLinks({ links, className }: { links: { href: string; label: string }[]; className: string }) {
  return (
    <ul className={className}>
      {links.map(({ href, label }) => (
        <li key={href}>
          <Link href={href} className={linkClass}>
            {label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * Used on the landing page (sectionPrefix "") and on the legal pages (sectionPrefix "/"), so the section links
 * lead back to the landing page from there.
 */
export function SiteFooter({ sectionPrefix = "" }: { sectionPrefix?: "" | "/" }) {
  const onLanding = (links: { href: string; label: string }[]) =>
    links.map(({ href, label }) => ({ href: `${sectionPrefix}${href}`, label }));
  return (
    <footer className="border-t border-gray-200 bg-white">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <div className="grid gap-10 md:grid-cols-5">
          <div className="md:col-span-2">
            <Logo />
            <p className="mt-4 max-w-xs text-sm text-gray-600">
              PayPal checkout buttons, subscriptions and digital sell pages, without code.
            </p>
            <p className="mt-2 max-w-xs text-sm text-gray-600">{FEE_NOTE}</p>
            <MailLine label="Sales" email={SALES_EMAIL} className="mt-4" />
            <MailLine label="Support" email={SUPPORT_EMAIL} className="mt-1" />
          </div>
          <nav aria-label="Footer">
            <h2 className="text-sm font-semibold text-gray-900">Product</h2>
            <FooterLinks links={onLanding(productLinks)} className="mt-4 space-y-3" />
            <h2 className="mt-8 text-sm font-semibold text-gray-900">Account</h2>
            <FooterLinks links={accountLinks} className="mt-4 space-y-3" />
          </nav>
          <nav aria-label="Tools" className="md:col-span-2">
            <h2 className="text-sm font-semibold text-gray-900">Tools</h2>
            <FooterLinks links={onLanding(toolLinks)} className="mt-4 grid gap-3 sm:grid-cols-2" />
          </nav>
        </div>
        <p className="mt-12 border-t border-gray-200 pt-8 text-sm text-gray-600">© Popkit</p>
      </div>
    </footer>
  );
}
