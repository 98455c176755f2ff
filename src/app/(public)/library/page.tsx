import { Library } from "lucide-react";
import type { Metadata } from "next";
import { Alert } from "~/components/ui/alert";
import { PortalLinkForm } from "~/features/portal/portal-link-form";
import { SIGN_IN_LINK_INVALID } from "~/server/portal/sessions";

export const metadata: Metadata = { title: "Find your purchases", robots: { index: false, follow: false } };

/**
 * Where sell pages send a buyer who lost their download, and where an expired library link lands: a sign-in link
 * to the customer portal, which holds every purchase and its downloads.
 */
export default async function FindLibraryPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const expired = (await searchParams).expired !== undefined;
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-4 text-center">
      <Library aria-hidden className="text-brand-600 size-12" />
      <h1 className="mt-4 text-2xl font-bold text-gray-900">Find your purchases</h1>
      <p className="mt-2 max-w-md text-gray-600">
        We will e-mail you a sign-in link to every purchase you made with that address, with fresh download links.
      </p>
      <div className="mt-6 w-full max-w-sm space-y-4 text-left">
        {expired && <Alert tone="warning">{SIGN_IN_LINK_INVALID}</Alert>}
        <PortalLinkForm />
      </div>
    </main>
  );
}
