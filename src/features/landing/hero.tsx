import { ArrowRight, Check } from "lucide-react";
import Link from "next/link";
import { buttonClasses } from "~/components/ui/button";
import { describePlanFee, describePlanLimit, formatPlanPrice } from "~/schemas/plans";
import { SIGN_UP_HREF } from "./content";
import { DashboardPreview } from "./dashboard-preview";
import { signUpLabel, type PricingPlan } from "./pricing-section";

// Only what holds for every seller: sign-up asks for a name, an e-mail and a password, and payments are made with
// the seller's own PayPal credentials.
const promises = ["No credit card needed to sign up", "No code needed", "Payments go straight to your PayPal account"];

/** "Free plan: $0 a month · Unlimited payments · No Popkit fee", from the default plan as staff set it. */
function defaultPlanSummary(plan: PricingPlan) {
  return [
    `${plan.name} plan: ${formatPlanPrice(plan.priceMinor)} a month`,
    describePlanLimit(plan.monthlyTransactionLimit),
    describePlanFee(plan.feeBasisPoints),
  ].join(" · ");
}

export function Hero({ defaultPlan }: { defaultPlan?: PricingPlan }) {
  return (
    <section aria-labelledby="hero-title" className="from-brand-50 overflow-hidden bg-linear-to-b to-gray-50">
      <div className="mx-auto max-w-7xl px-4 pt-16 pb-12 sm:px-6 sm:pt-24 lg:px-8">
        <div className="mx-auto max-w-3xl text-center">
          {defaultPlan && (
            <p className="text-brand-700 ring-brand-100 inline-flex items-center rounded-full bg-white px-3 py-1 text-sm font-medium shadow-sm ring-1">
              {defaultPlanSummary(defaultPlan)}
            </p>
          )}
          <h1 id="hero-title" className="mt-6 text-4xl font-bold tracking-tight text-gray-900 sm:text-6xl">
            Sell anything with PayPal. No code needed.
          </h1>
          <p className="mt-6 text-lg text-gray-600">
            Create PayPal checkout buttons, subscriptions and digital sell pages, paste them into any website and
            deliver files automatically. Add discount codes, pay-what-you-want prices and stock limits, with your own
            store&apos;s branding.
          </p>
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <Link href={SIGN_UP_HREF} className={buttonClasses("primary", "lg", "w-full sm:w-auto")}>
              {signUpLabel(defaultPlan)}
              <ArrowRight className="size-5" aria-hidden />
            </Link>
            <a href="#pricing" className={buttonClasses("secondary", "lg", "w-full sm:w-auto")}>
              See pricing
            </a>
          </div>
          <ul className="mt-6 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-gray-600">
            {promises.map((promise) => (
              <li key={promise} className="inline-flex items-center gap-1.5">
                <Check className="size-4 text-green-600" aria-hidden />
                {promise}
              </li>
            ))}
          </ul>
        </div>
        <DashboardPreview />
      </div>
    </section>
  );
}
