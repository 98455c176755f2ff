import { Check } from "lucide-react";
import { Card } from "~/components/ui/card";
import { productKinds } from "./content";
import { LandingSection } from "./landing-section";

export function ProductsSection() {
  return (
    <LandingSection
      id="products"
      eyebrow="Products"
      title="Sell digital and physical products"
      description="Files are delivered for you; for goods, PayPal collects the shipping address."
      white
    >
      <div className="mt-12 grid gap-6 lg:grid-cols-2">
        {productKinds.map(({ title, icon: Icon, description, fileTypes, points }) => (
          <Card key={title} className="p-8">
            <div className="flex items-center gap-3">
              <span className="bg-brand-50 text-brand-600 grid size-10 place-items-center rounded-lg">
                <Icon className="size-5" aria-hidden />
              </span>
              <h3 className="text-xl font-semibold text-gray-900">{title}</h3>
            </div>
            <p className="mt-4 text-gray-600">{description}</p>
            {fileTypes && (
              <ul aria-label="Supported file types" className="mt-4 flex flex-wrap gap-2">
                {fileTypes.map((type) => (
                  <li key={type} className="rounded-md bg-gray-100 px-2 py-1 text-xs font-semibold text-gray-700">
                    {type}
                  </li>
                ))}
              </ul>
            )}
            <ul className="mt-6 space-y-3">
              {points.map((point) => (
                <li key={point} className="flex gap-2 text-sm text-gray-700">
                  <Check className="mt-0.5 size-4 shrink-0 text-green-600" aria-hidden />
                  {point}
                </li>
              ))}
            </ul>
          </Card>
        ))}
      </div>
    </LandingSection>
  );
}
