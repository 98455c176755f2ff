import { useCases } from "./content";
import { SectionHeading } from "./section-heading";

export function UseCasesSection() {
  return (
    <section id="use-cases" aria-labelledby="use-cases-title" className="scroll-mt-20 py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="use-cases-title"
          eyebrow="Use cases"
          title="Built for every kind of seller"
          description="Whatever you sell, one checkout button or sales page is enough to start."
        />
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
      </div>
    </section>
  );
}
