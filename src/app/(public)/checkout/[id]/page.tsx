import { ShieldCheck } from "lucide-react";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { Alert } from "~/components/ui/alert";
import { Card } from "~/components/ui/card";
import { env } from "~/env";
import { StoreBrand } from "~/features/stores/store-brand";
import { ManagePurchaseNote } from "~/features/checkout/manage-purchase-note";
import { PayPalCheckoutButton } from "~/features/checkout/paypal-checkout-button";
import { sellerSuspendedMessage, soldOutMessage } from "~/lib/checkout-messages";
import { formatMoney } from "~/lib/money";
import { checkoutButtonSchema } from "~/schemas/checkout";
import { getPublicButton } from "~/server/checkout/public-button";
import { toAppError } from "~/server/platform/errors";

type Props = { params: Promise<{ id: string }> };

/** The button, or null for an unknown, malformed or inactive id (all of which are simply not for sale). */
const loadButton = cache(async (id: string) => {
  const input = checkoutButtonSchema.safeParse({ buttonId: id });
  if (!input.success) return null;
  try {
    return await getPublicButton(input.data);
  } catch (error) {
    if (toAppError(error)?.code === "NOT_FOUND") return null;
    throw error;
  }
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const button = await loadButton((await params).id);
  return { title: button ? `${button.name} · Checkout` : "Product Not Found" };
}

export default async function CheckoutPage({ params }: Props) {
  const button = await loadButton((await params).id);
  // 404 with the 'Product Not Found' (./not-found.tsx), so crawlers and link checkers see a dead link.
  if (!button) notFound();
  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-12">
      <Card className="w-full max-w-md space-y-6 p-8">
        {button.store && <StoreBrand brand={button.store} />}
        <div className="space-y-2">
          <h1 className="text-2xl font-bold text-gray-900">{button.name}</h1>
          {button.description && <p className="whitespace-pre-line text-gray-600">{button.description}</p>}
        </div>
        <div className="flex items-baseline justify-between border-y border-gray-100 py-4">
          <span className="text-sm text-gray-600">
            {button.isSubscription ? "Subscription" : button.payWhatYouWant ? "Suggested price" : "Price"}
          </span>
          <span className="text-3xl font-bold text-gray-900">{formatMoney(button.amountMinor, button.currency)}</span>
        </div>
        {button.stockLeft !== null && button.stockLeft > 0 && button.stockLeft <= 10 && (
          <p className="text-sm font-medium text-amber-700">Only {button.stockLeft} left</p>
        )}
        {button.isSellerSuspended ? (
          <Alert tone="warning">{sellerSuspendedMessage}</Alert>
        ) : button.soldOut ? (
          <Alert tone="warning">{soldOutMessage}</Alert>
        ) : (
          <PayPalCheckoutButton button={button} sdkBaseUrl={env.PAYPAL_SDK_BASE_URL} />
        )}
        <p className="flex items-center justify-center gap-1.5 text-xs text-gray-500">
          <ShieldCheck aria-hidden className="size-4" />
          Secure payment through PayPal
        </p>
        <ManagePurchaseNote />
      </Card>
    </main>
  );
}
