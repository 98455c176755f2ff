"use client";

import { signOut } from "next-auth/react";
import { Button } from "~/components/ui/button";

/**
 * Shown instead of the portal when the session's staff account has been disabled or deleted since sign-in.
 * Redirecting to the sign-in page would bounce straight back (it sends any staff session to the portal), so the
 * session is ended here instead.
 */
export function AccountUnavailable() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gray-900 px-4 py-12">
      <div className="w-full max-w-md space-y-4 rounded-2xl bg-white p-8 text-center shadow-xl">
        <h1 className="text-2xl font-bold text-gray-900">Account is disabled</h1>
        <p className="text-sm text-gray-600">
          Your staff account has been disabled or removed. Ask a super admin if you think this is a mistake.
        </p>
        <Button
          className="w-full"
          onClick={async () => {
            await signOut({ redirect: false });
            // A full load, like the shell's sign-out: nothing cached for the ended session survives.
            // eslint-disable-next-line @next/next/no-location-assign-relative-destination
            window.location.assign("/saas-admin/auth");
          }}
        >
          Sign out
        </Button>
      </div>
    </main>
  );
}
