import { Card } from "~/components/ui/card";
import { features } from "./content";
import { LandingSection } from "./landing-section";

export function FeatureGrid() {
  return (
    <LandingSection
      id="features"
      eyebrow="Features"
      title="Everything you need to get paid online"
      description="Buttons, sales pages and subscriptions on top of PayPal, without writing code."
    >
      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {features.map(({ slug, title, description, icon: Icon }) => (
          <li key={slug} id={`feature-${slug}`} className="scroll-mt-24">
            <Card className="h-full p-6">
              <span className="bg-brand-50 text-brand-600 grid size-10 place-items-center rounded-lg">
                <Icon className="size-5" aria-hidden />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-gray-900">{title}</h3>
              <p className="mt-2 text-sm text-gray-600">{description}</p>
            </Card>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
