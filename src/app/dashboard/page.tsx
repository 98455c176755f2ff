import { Plus } from "lucide-react";
import Link from "next/link";
import { buttonClasses } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { auth } from "~/server/auth";
import { countMerchantButtons } from "~/server/services/merchants";

export const metadata = { title: "Dashboard · Popkit" };

export default async function DashboardHome() {
  const session = await auth();
  const buttonCount = session ? await countMerchantButtons(session.user.id) : 0;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-gray-900">Dashboard</h1>
          <p className="text-sm text-gray-600">Your sales at a glance.</p>
        </div>
        <Link href="/dashboard/pages/create-pop" className={buttonClasses("primary")}>
          <Plus aria-hidden className="h-4 w-4" />
          Create POP
        </Link>
      </div>
      <Card className="p-6">
        <h2 className="text-lg font-semibold text-gray-900">Top Performing Pages</h2>
        {buttonCount === 0 ? (
          <div className="py-8 text-center">
            <p className="text-gray-600">No payment buttons created yet</p>
            <Link
              href="/dashboard/pages/create-pop"
              className="text-brand-600 mt-2 inline-block font-medium hover:underline"
            >
              Create your first POP
            </Link>
          </div>
        ) : (
          <p className="py-4 text-sm text-gray-600">
            You have {buttonCount} payment button{buttonCount === 1 ? "" : "s"}.
          </p>
        )}
      </Card>
    </div>
  );
}
