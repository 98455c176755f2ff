import { UserRound } from "lucide-react";
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Alert } from "~/components/ui/alert";
import { PortalLinkForm } from "~/features/portal/portal-link-form";
import { portalPath } from "~/schemas/portal";
import { currentBuyerEmail } from "~/server/portal/current-buyer";
import { SIGN_IN_LINK_INVALID } from "~/server/portal/sessions";

export const metadata: Metadata = { title: "Sign in" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The customer portal's door: a sign-in link by e-mail, no password. */
export default async function PortalSignInPage({ searchParams }: { searchParams: SearchParams }) {
  const query = await searchParams;
  const next = portalPath.safeParse(query.next).data;
  if (await currentBuyerEmail()) redirect(next ?? "/portal");
  return (
    <div className="mx-auto flex max-w-sm flex-col items-center pt-10 text-center">
      <UserRound aria-hidden className="text-brand-600 size-12" />
      <h1 className="mt-4 text-2xl font-bold text-gray-900">Your purchases</h1>
      <p className="mt-2 text-gray-600">
        Downloads, receipts, invoices and subscriptions from every store you bought from with Popkit. We e-mail you a
        sign-in link: no password needed.
      </p>
      {query.expired !== undefined && (
        <div className="mt-6 w-full text-left">
          <Alert tone="warning">{SIGN_IN_LINK_INVALID}</Alert>
        </div>
      )}
      {query["signed-out"] !== undefined && (
        <p role="status" className="mt-6 text-sm text-gray-600">
          You are signed out.
        </p>
      )}
      <div className="mt-6 w-full text-left">
        <PortalLinkForm label="Enter the e-mail you paid with" next={next} />
      </div>
    </div>
  );
}
