import Link from "next/link";
import { Button } from "~/components/ui/button";

/** The portal's top bar: who is signed in, the way back to all purchases, and Sign out. */
export function PortalHeader({ email, back }: { email: string; back?: boolean }) {
  return (
    <header className="mb-8 flex flex-wrap items-center justify-between gap-3 border-b border-gray-200 pb-4">
      {/* min-w-0 and wrap-anywhere: a long e-mail address wraps on a phone instead of widening the page. */}
      <div className="min-w-0">
        {back ? (
          <Link href="/portal" className="text-brand-600 text-sm font-medium hover:underline">
            &larr; All purchases
          </Link>
        ) : (
          <p className="text-sm font-medium text-gray-900">Popkit customer portal</p>
        )}
        <p className="text-sm wrap-anywhere text-gray-600">Signed in as {email}</p>
      </div>
      <form method="post" action="/api/portal/sign-out">
        <Button type="submit" variant="secondary" size="sm">
          Sign out
        </Button>
      </form>
    </header>
  );
}
