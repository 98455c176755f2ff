import { faqs } from "./content";
import { FaqAccordion } from "./faq-accordion";
import { LandingSection } from "./landing-section";

export function FaqSection() {
  return (
    <LandingSection id="faq" eyebrow="FAQ" title="Frequently asked questions" narrow>
      <div className="mt-12">
        <FaqAccordion items={faqs} />
      </div>
    </LandingSection>
  );
}
