import type { GetServerSideProps } from "next";
import Head from "next/head";
import { Alert } from "~/components/ui/alert";
import { embedConfig, paymentButtonScript } from "~/embed/payment-button";
import { sellPageScript } from "~/embed/sell-page";
import { env } from "~/env";
import { bundlePricing, payWhatYouWantPricing } from "~/features/sell-pages/pricing";
import { ReturnHomeButton, StatusScreen } from "~/components/route-states/status-screen";
import { preselectedTier, SellPageView } from "~/features/sell-pages/sell-page-view";
import { checkoutMessages, sellerSuspendedMessage } from "~/lib/checkout-messages";
import { requestNonce } from "~/server/platform/security-headers";
import { servePublicSellPage, type PublicSellPage } from "~/server/sell-pages/public-page";

// /digital-sell/{id} is the one page of the Pages Router, for the one thing the App Router cannot do:
// send a page without React's and Next's client runtime (~120 KB gzipped before any code of ours). Buyers
// open it on phones from a link, so it is plain server-rendered HTML plus two small scripts: the package
// switch (src/embed/sell-page.ts) and the payment-button loader every embedded button uses, which loads
// PayPal's SDK only when the button nears the viewport.
export const config = { unstable_runtimeJS: false };

/** `nonce`: this response's CSP nonce (src/proxy.ts), which lets the browser run `script` and nothing else inline. */
type Props = { page: PublicSellPage | null; script: string; nonce: string };

export const getServerSideProps: GetServerSideProps<Props, { id: string }> = async ({ params, req, res }) => {
  // The service is called directly rather than through the rate-limited API: rendering the page is not an API
  // call, and buyers behind one shared address (an office, a carrier NAT) must not be locked out of a sales page.
  const page = await servePublicSellPage(params?.id ?? "");
  if (!page) {
    res.statusCode = 404;
    return { props: { page: null, script: "", nonce: "" } };
  }
  // A sold-out bundle shows 'Sold out' and no PayPal button (SellPageView), so it gets no loader config.
  const buttons = page.bundles.flatMap(({ button }) =>
    button?.canTakePayments && !button.soldOut
      ? [embedConfig(button.id, button, { appUrl: "", sdkBaseUrl: env.PAYPAL_SDK_BASE_URL })]
      : [],
  );
  const script = paymentButtonScript(...buttons) + sellPageScript(page.id);
  return { props: { page, script, nonce: requestNonce(req.headers["x-nonce"]) } };
};

export default function DigitalSellPage({ page, script, nonce }: Props) {
  if (!page) return <SellPageNotFound />;
  return (
    <>
      <Head>
        <title>{page.name}</title>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="description" content={page.description.slice(0, 160)} />
        <meta property="og:title" content={page.name} />
        {page.imageUrl && <meta property="og:image" content={page.imageUrl} />}
      </Head>
      <main className="min-h-screen bg-gradient-to-b from-white to-gray-50">
        <SellPageView
          page={page}
          selectedTier={preselectedTier(page)}
          renderPayment={(bundle) => {
            const button = page.bundles.find((candidate) => candidate.tier === bundle.tier)?.button;
            return (
              <div className="space-y-3">
                <p className="text-center text-sm text-gray-700">
                  Get {bundle.name} Package:{" "}
                  {bundle.payWhatYouWant ? (
                    // The loader renders the amount field, the code field and the PayPal button below.
                    <span className="font-semibold text-gray-900">
                      pay what you want, from {payWhatYouWantPricing(bundle, page.currency).minimum}
                    </span>
                  ) : (
                    <span className="font-semibold text-gray-900">{bundlePricing(bundle, page.currency).price}</span>
                  )}
                </p>
                {!button ? (
                  <Alert tone="warning">{checkoutMessages.unavailable}</Alert>
                ) : !button.canTakePayments ? (
                  <Alert tone="warning">
                    {button.isSellerSuspended ? sellerSuspendedMessage : checkoutMessages.sellerNotReady}
                  </Alert>
                ) : (
                  // The loader renders the bundle's PayPal button in the placeholder (src/embed/payment-button.ts).
                  // Raw HTML: under `next dev`, where React does hydrate this page, it must not hydrate what the
                  // loader may already have filled (a mismatch would re-render it empty).
                  <div
                    className="min-h-[3.5rem] text-center text-sm text-gray-500"
                    dangerouslySetInnerHTML={{
                      __html: `<div id="popkit-button-${encodeURIComponent(button.id)}">Loading PayPal...</div>`,
                    }}
                  />
                )}
              </div>
            );
          }}
        />
      </main>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} />
    </>
  );
}

/** An unknown or inactive page (status 404, set in getServerSideProps), in the product's look. */
function SellPageNotFound() {
  return (
    <>
      <Head>
        <title>Page Not Found</title>
      </Head>
      <StatusScreen title="Page Not Found" actions={<ReturnHomeButton />}>
        <p>The digital sell page you&apos;re looking for doesn&apos;t exist.</p>
      </StatusScreen>
    </>
  );
}
