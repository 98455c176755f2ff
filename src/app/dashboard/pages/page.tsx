import { Plus } from "lucide-react";
import Link from "next/link";
import { buttonClasses } from "~/components/ui/button";
import { env } from "~/env";
import { pageTabs } from "~/features/payment-buttons/page-tabs";
import { PagesTabs } from "~/features/payment-buttons/pages-tabs";
import { enumParam } from "~/lib/search-params";

export const metadata = { title: "Checkout Pages · Popkit" };

export default async function CheckoutPagesPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { tab } = await searchParams;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-gray-900">Checkout Pages</h1>
          <p className="text-sm text-gray-600">Your payment buttons, digital sell pages and WPS buttons.</p>
        </div>
        <Link href="/dashboard/pages/create-pop" className={buttonClasses("primary")}>
          <Plus aria-hidden className="size-4" />
          Create POP
        </Link>
      </div>
      {/* The embed snippet must name this app's public address, which only the server knows. */}
      <PagesTabs appUrl={env.APP_URL} initialTab={enumParam(tab, pageTabs) ?? "payment-buttons"} />
    </div>
  );
}
