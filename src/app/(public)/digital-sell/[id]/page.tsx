import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { env } from "~/env";
import { PageViewBeacon } from "~/features/sell-pages/page-view-beacon";
import { PublicSellPage } from "~/features/sell-pages/public-sell-page";
import { getPublicSellPage } from "~/server/services/sell-pages";

type Props = { params: Promise<{ id: string }> };

// Served from Next's page cache (ISR): rendered on a buyer's first visit, then reused, so a busy page costs no
// rendering or database work per buyer. Every write that changes it clears it at once (~/server/page-cache);
// the minute is a backstop for other server instances, whose caches those writes do not reach.
export const revalidate = 60;
export const generateStaticParams = () => [];

// The service is called directly rather than through the rate-limited API: rendering the page is not an API call,
// and buyers behind one shared address (an office, a carrier NAT) must not be locked out of a sales page.
const loadPage = cache((id: string) => getPublicSellPage(id));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const page = await loadPage((await params).id);
  if (!page) return { title: "Page Not Found" };
  return {
    title: page.name,
    description: page.description.slice(0, 160),
    openGraph: { title: page.name, images: page.imageUrl ? [page.imageUrl] : undefined },
  };
}

export default async function DigitalSellPage({ params }: Props) {
  const page = await loadPage((await params).id);
  if (!page) notFound();
  return (
    <>
      <PublicSellPage page={page} sdkBaseUrl={env.PAYPAL_SDK_BASE_URL} />
      <PageViewBeacon pageId={page.id} />
    </>
  );
}
