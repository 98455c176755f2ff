import { ShieldAlert } from "lucide-react";
import Link from "next/link";
import { PortalLinkForm } from "~/features/portal/portal-link-form";

/** Without a live download grant in the address, answered with status 404. */
export default function InvalidAccess() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-4 text-center">
      <ShieldAlert aria-hidden className="size-12 text-red-500" />
      <h1 className="mt-4 text-2xl font-bold text-gray-900">Invalid Access</h1>
      <p className="mt-2 text-gray-600">This page can only be accessed after a successful purchase.</p>
      <div className="mt-6 w-full max-w-sm text-left">
        <PortalLinkForm />
      </div>
      <Link href="/" className="text-brand-600 mt-6 text-sm font-medium hover:underline">
        Return to Home
      </Link>
    </main>
  );
}
