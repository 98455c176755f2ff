import Link from "next/link";
import { buttonClasses } from "~/components/ui/button";
import { StatusPanel } from "~/components/route-states/status-screen";

/**
 * notFound() from a portal page (e.g. an unknown merchant id), inside the staff shell. Without it the root
 * not-found page would replace the shell and offer the merchant dashboard to staff.
 */
export default function StaffPortalNotFound() {
  return (
    <StatusPanel
      title="Page not found"
      actions={
        <Link href="/saas-admin" className={buttonClasses()}>
          Go to Overview
        </Link>
      }
    >
      <p>This page does not exist, or what it showed has been removed.</p>
    </StatusPanel>
  );
}
