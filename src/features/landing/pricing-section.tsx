import { Check } from "lucide-react";
import Link from "next/link";
import { buttonClasses } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { cn } from "~/lib/cn";
import { ContactSalesDialog } from "./contact-sales-dialog";
import { FEE_NOTE, plans } from "./content";
import { SectionHeading } from "./section-heading";

export function PricingSection() {
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-20 bg-white py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="pricing-title"
          eyebrow="Pricing"
          title="Simple pricing, no cut of your sales"
          description={`Start free, upgrade when you grow. ${FEE_NOTE}`}
        />
        <ul className="mx-auto mt-12 grid max-w-md gap-6 lg:max-w-none lg:grid-cols-3">
          {plans.map((plan) => (
            <li key={plan.name}>
              <Card
                className={cn(
                  "relative flex h-full flex-col p-8",
                  plan.isPopular && "border-brand-600 ring-brand-600 shadow-lg ring-1",
                )}
              >
                {plan.isPopular && (
                  <p className="bg-brand-600 absolute -top-3 left-1/2 -translate-x-1/2 rounded-full px-3 py-1 text-xs font-semibold text-white">
                    Most Popular
                  </p>
                )}
                <h3 className="text-lg font-semibold text-gray-900">{plan.name}</h3>
                <p className="mt-2 text-sm text-gray-600">{plan.description}</p>
                <p className="mt-6 flex items-baseline gap-1">
                  <span className="text-4xl font-bold tracking-tight text-gray-900">{plan.price}</span>
                  {plan.period && <span className="text-sm text-gray-600">{plan.period}</span>}
                </p>
                <ul className="mt-6 flex-1 space-y-3">
                  {plan.points.map((point) => (
                    <li key={point} className="flex gap-2 text-sm text-gray-700">
                      <Check className="text-brand-600 mt-0.5 size-4 shrink-0" aria-hidden />
                      {point}
                    </li>
                  ))}
                </ul>
                <div className="mt-8">
                  {plan.cta === "contact-sales" ? (
                    <ContactSalesDialog className="w-full" />
                  ) : (
                    <Link
                      href={plan.cta.href}
                      className={buttonClasses(plan.isPopular ? "primary" : "secondary", "lg", "w-full")}
                    >
                      {plan.cta.label}
                    </Link>
                  )}
                </div>
              </Card>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
