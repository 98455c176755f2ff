import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { cache } from "react";
import { env } from "~/env";
import { requestNonce } from "~/server/platform/security-headers";
import { getEmbedButton } from "~/server/checkout/public-button";

type Props = { params: Promise<{ id: string }> };

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The integration snippet (the contract the integration dialog shows); ids are [A-Za-z0-9_-] only. The script
 * carries this response's CSP nonce, as it would on a merchant's site with a nonce-based policy: without it the
 * browser would not run it here (src/server/platform/security-headers.ts). It and the checkout calls it makes go to
 * APP_URL, which the page's policy allows, so the page also takes payments when opened at another of our addresses.
 */
function embedSnippet(appUrl: string, id: string, nonce: string) {
  return `<div id="popkit-button-${id}"></div>\n<script nonce="${nonce}" src="${appUrl.replace(/\/+$/, "")}/api/button/${id}.js" async></script>`;
}
const loadButton = cache((id: string) => (ID.test(id) ? getEmbedButton(id) : Promise.resolve(null)));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const button = await loadButton((await params).id);
  return { title: button ? `Test page: ${button.name}` : "Product Not Found" };
}

/**
 * A plain page that embeds the button with the very snippet merchants paste into their sites (the integration
 * dialog's Quick Integration), so what works here works there. An inactive button shows what buyers would see.
 */
export default async function TestPage({ params }: Props) {
  const button = await loadButton((await params).id);
  // 404 with the checkout page's 'Product Not Found' (./not-found.tsx).
  if (!button) notFound();
  const nonce = requestNonce((await headers()).get("x-nonce"));
  return (
    <main className="mx-auto max-w-xl space-y-6 px-4 py-12">
      <div className="space-y-2">
        <h1 className="text-2xl font-bold text-gray-900">Test page: {button.name}</h1>
        <p className="text-sm text-gray-600">
          This page embeds your payment button with the same code you add to your website.
        </p>
      </div>
      {/* Raw HTML, as a merchant pastes it: React must neither hydrate the placeholder (the loader fills it,
          possibly before hydration, and a mismatch would re-render it empty) nor hoist the script. */}
      <div dangerouslySetInnerHTML={{ __html: embedSnippet(env.APP_URL, button.id, nonce) }} />
    </main>
  );
}
