import { FaqSection } from "~/features/landing/faq-section";
import { FeatureGrid } from "~/features/landing/feature-grid";
import { Hero } from "~/features/landing/hero";
import { PricingSection } from "~/features/landing/pricing-section";
import { ProductsSection } from "~/features/landing/products-section";
import { SiteFooter } from "~/features/landing/site-footer";
import { SiteHeader } from "~/features/landing/site-header";
import { UseCasesSection } from "~/features/landing/use-cases-section";

export default function LandingPage() {
  return (
    <>
      <SiteHeader />
      <main id="main">
        <Hero />
        <FeatureGrid />
        <ProductsSection />
        <UseCasesSection />
        <PricingSection />
        <FaqSection />
      </main>
      <SiteFooter />
    </>
  );
}
