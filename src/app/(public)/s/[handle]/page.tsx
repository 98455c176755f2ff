import { ShieldCheck } from "lucide-react";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { env } from "~/env";
import { StoreCart } from "~/features/store-page/store-cart";
import { StoreBrand } from "~/features/stores/store-brand";
import { ManagePurchaseNote } from "~/features/checkout/manage-purchase-note";
import { STORE_HANDLE_MAX } from "~/schemas/store-page";
import { getPublicStorePage } from "~/server/stores/store-page";

type Props = { params: Promise<{ handle: string }> };

/** The store, or null for an address no store has, a malformed one, or a page its seller turned off. */
const loadStore = cache(async (handle: string) => {
  const normalised = decodeURIComponent(handle).toLowerCase();
  if (normalised.length > STORE_HANDLE_MAX || !/^[a-z0-9-]+$/.test(normalised)) return null;
  return getPublicStorePage(normalised);
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const page = await loadStore((await params).handle);
  return { title: page?.store ? page.store.name : "Store Not Found" };
}

export default async function StorePage({ params }: Props) {
  const page = await loadStore((await params).handle);
  // 404 with the store's not-found page (./not-found.tsx).
  if (!page) notFound();
  return (
    <main className="mx-auto max-w-6xl space-y-8 px-4 py-10">
      <header className="space-y-3">
        {page.store && <StoreBrand brand={page.store} />}
        <h1 className="text-3xl font-bold text-gray-900">{page.store?.name ?? "Store"}</h1>
      </header>
      <StoreCart page={page} sdkBaseUrl={env.PAYPAL_SDK_BASE_URL} />
      <footer className="space-y-2 text-center">
        <p className="flex items-center justify-center gap-1.5 text-xs text-gray-500">
          <ShieldCheck aria-hidden className="size-4" />
          Secure payment through PayPal
        </p>
        <ManagePurchaseNote />
      </footer>
    </main>
  );
}
