import type { Metadata } from "next";
import Link from "next/link";
import { buttonClasses } from "~/components/ui/button";
import { StatusScreen } from "~/components/route-states/status-screen";

export const metadata: Metadata = { title: "Page not found · Popkit" };

/** Any address no route answers (and notFound() outside a segment with its own not-found), with status 404. */
export default function NotFound() {
  return (
    <StatusScreen
      title="Page not found"
      actions={
        <>
          <Link href="/" className={buttonClasses("secondary")}>
            Go to the home page
          </Link>
          <Link href="/dashboard" className={buttonClasses()}>
            Go to your dashboard
          </Link>
        </>
      }
    >
      <p>The page you are looking for does not exist or has moved. Check the address, or start again from here.</p>
    </StatusScreen>
  );
}
