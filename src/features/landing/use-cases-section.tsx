import { useCases } from "./content";
import { LandingSection } from "./landing-section";

export function UseCasesSection() {
  return (
    <LandingSection
      id="use-cases"
      eyebrow="Use cases"
      title="Built for every kind of seller"
      description="Whatever you sell, one checkout button or sales page is enough to start."
    >
      <ul className="mt-12 grid gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-3">
        {useCases.map(({ slug, title, description, icon: Icon }) => (
          <li key={slug} id={`use-case-${slug}`} className="flex scroll-mt-24 gap-4">
            <span className="text-brand-600 grid size-10 shrink-0 place-items-center rounded-lg bg-white shadow-sm ring-1 ring-gray-200">
              <Icon className="size-5" aria-hidden />
            </span>
            <div>
              <h3 className="font-semibold text-gray-900">{title}</h3>
              <p className="mt-1 text-sm text-gray-600">{description}</p>
            </div>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
