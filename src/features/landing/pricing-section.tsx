import { Check } from "lucide-react";
import Link from "next/link";
import { buttonClasses } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { cn } from "~/lib/cn";
import { describePlanFee, describePlanLimit, formatPlanPrice } from "~/schemas/plans";
import { ContactSalesDialog } from "./contact-sales-dialog";
import { FEE_NOTE, SIGN_UP_HREF } from "./content";
import { LandingSection } from "./landing-section";

/** A plan as staff set it in the admin portal (plans.listPublicPlans). */
export type PricingPlan = {
  id: string;
  name: string;
  description: string | null;
  priceMinor: number;
  monthlyTransactionLimit: number | null;
  feeBasisPoints: number;
  isDefault: boolean;
};

/** The label of the button that signs a visitor up, which puts the new store on the default plan. */
export function signUpLabel(defaultPlan: PricingPlan | undefined): string {
  return defaultPlan?.priceMinor === 0 ? "Get started free" : "Get started";
}

/**
 * The plans exactly as staff keep them (price, monthly payment limit, Popkit fee), read from the database on every
 * view, so the page never promises terms the product does not apply. Signing up puts a store on the default plan;
 * any other plan is arranged with us, so its button opens the contact form instead.
 */
export function PricingSection({ plans }: { plans: PricingPlan[] }) {
  return (
    <LandingSection
      id="pricing"
      eyebrow="Pricing"
      title="Plans and pricing"
      description={`Every plan has every feature; plans differ in price, monthly payments and fee. Prices are per month in US dollars. ${FEE_NOTE}`}
      white
    >
      {plans.length === 0 ? (
        <p className="mt-12 text-center text-gray-600">Our plans are being updated. Please contact sales.</p>
      ) : (
        <ul className="mx-auto mt-12 flex max-w-md flex-col gap-6 lg:max-w-none lg:flex-row lg:flex-wrap lg:justify-center">
          {plans.map((plan) => (
            <li key={plan.id} className="lg:w-[calc((100%-3rem)/3)]">
              <Card
                className={cn(
                  "relative flex h-full flex-col p-8",
                  plan.isDefault && "border-brand-600 ring-brand-600 shadow-lg ring-1",
                )}
              >
                {plan.isDefault && (
                  <p className="bg-brand-600 absolute -top-3 left-1/2 -translate-x-1/2 rounded-full px-3 py-1 text-xs font-semibold whitespace-nowrap text-white">
                    New stores start here
                  </p>
                )}
                <h3 className="text-lg font-semibold text-gray-900">{plan.name}</h3>
                {plan.description && <p className="mt-2 text-sm text-gray-600">{plan.description}</p>}
                <p className="mt-6 flex items-baseline gap-1">
                  <span className="text-4xl font-bold tracking-tight text-gray-900">
                    {formatPlanPrice(plan.priceMinor)}
                  </span>
                  <span className="text-sm text-gray-600">per month</span>
                </p>
                <ul className="mt-6 flex-1 space-y-3">
                  {[
                    describePlanLimit(plan.monthlyTransactionLimit),
                    describePlanFee(plan.feeBasisPoints),
                    "Every Popkit feature",
                  ].map((point) => (
                    <li key={point} className="flex gap-2 text-sm text-gray-700">
                      <Check className="text-brand-600 mt-0.5 size-4 shrink-0" aria-hidden />
                      {point}
                    </li>
                  ))}
                </ul>
                <div className="mt-8">
                  {plan.isDefault ? (
                    <Link href={SIGN_UP_HREF} className={buttonClasses("primary", "lg", "w-full")}>
                      {signUpLabel(plan)}
                    </Link>
                  ) : (
                    <ContactSalesDialog
                      className="w-full"
                      label={`Ask for ${plan.name}`}
                      topic={`${plan.name} plan`}
                      intro={`Tell us about your store and we will get back to you about the ${plan.name} plan.`}
                    />
                  )}
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-10 flex flex-col items-center gap-3 text-center text-sm text-gray-600">
        <p>Need different terms for your store? Talk to us.</p>
        <ContactSalesDialog />
      </div>
    </LandingSection>
  );
}
