import { ArrowLeft } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { PageHeader } from "~/components/ui/page-header";
import type { StoreConnection } from "~/features/payment-buttons/checkout-settings-fields";
import { serverApi } from "~/trpc/server";

/** The "Back" link above a create or edit screen's title (to the chooser, or from edit to Pages). */
export function BackLink({ href, children }: { href: string; children: string }) {
  return (
    <Link
      href={href}
      className="focus-visible:outline-brand-600 inline-flex items-center gap-1 rounded text-sm text-gray-600 hover:text-gray-900 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2"
    >
      <ArrowLeft aria-hidden className="size-4" />
      {children}
    </Link>
  );
}

/**
 * A create or edit screen of a POP: back link, title, then the form, given the store's PayPal connection from
 * Store Settings (the client ID to pre-fill, and whether buyers can pay yet).
 */
export async function PopScreen({
  back,
  title,
  description,
  form,
}: {
  back: { href: string; label: string };
  title: string;
  description: string;
  form(store: StoreConnection): ReactNode;
}) {
  const settings = await (await serverApi()).merchant.store.get();
  return (
    <div className="max-w-3xl space-y-6">
      <PageHeader back={<BackLink href={back.href}>{back.label}</BackLink>} title={title} description={description} />
      {form({ paypalClientId: settings.paypalClientId, hasPaypalSecret: settings.hasPaypalSecret })}
    </div>
  );
}
