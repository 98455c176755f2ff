import { FaqSection } from "~/features/landing/faq-section";
import { FeatureGrid } from "~/features/landing/feature-grid";
import { Hero } from "~/features/landing/hero";
import { PricingSection } from "~/features/landing/pricing-section";
import { ProductsSection } from "~/features/landing/products-section";
import { SiteFooter } from "~/features/landing/site-footer";
import { SiteHeader } from "~/features/landing/site-header";
import { UseCasesSection } from "~/features/landing/use-cases-section";
import { listPublicPlans } from "~/server/plans/plans";

/**
 * The pricing section and the hero show the plans as staff set them in the admin portal. The page is rendered per
 * request anyway (the root layout's nonce), and the plans are one read of a table of a few rows; the service is
 * called directly rather than through tRPC, which would also read the session and count the visitor's rate limit.
 */
export default async function LandingPage() {
  const plans = await listPublicPlans();
  return (
    <>
      <SiteHeader />
      <main id="main">
        <Hero defaultPlan={plans.find((plan) => plan.isDefault)} />
        <FeatureGrid />
        <ProductsSection />
        <UseCasesSection />
        <PricingSection plans={plans} />
        <FaqSection />
      </main>
      <SiteFooter />
    </>
  );
}
