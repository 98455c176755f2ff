import type { Metadata } from "next";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { portalPath } from "~/schemas/portal";

export const metadata: Metadata = { title: "Sign in" };

/**
 * Where the mailed link lands. It only shows a button: the link is spent by the button's POST, so a mail scanner
 * that opens every link does not use up the buyer's single-use link.
 */
export default async function PortalLinkPage({
  params,
  searchParams,
}: {
  params: Promise<{ token: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { token } = await params;
  const next = portalPath.safeParse((await searchParams).next).data;
  return (
    <Card className="mx-auto mt-10 max-w-sm space-y-4 p-6 text-center">
      <h1 className="text-2xl font-bold text-gray-900">Sign in</h1>
      <p className="text-gray-600">Continue to see your purchases and subscriptions.</p>
      <form method="post" action="/api/portal/session">
        <input type="hidden" name="token" value={token} />
        {next && <input type="hidden" name="next" value={next} />}
        <Button type="submit" className="w-full">
          Continue
        </Button>
      </form>
    </Card>
  );
}
