import { ArrowRight, Check } from "lucide-react";
import Link from "next/link";
import { buttonClasses } from "~/components/ui/button";
import { SIGN_UP_HREF } from "./content";
import { DashboardPreview } from "./dashboard-preview";

const promises = ["No credit card needed", "Cancel anytime", "Set up in 5 minutes"];

export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="from-brand-50 overflow-hidden bg-linear-to-b to-gray-50">
      <div className="mx-auto max-w-7xl px-4 pt-16 pb-12 sm:px-6 sm:pt-24 lg:px-8">
        <div className="mx-auto max-w-3xl text-center">
          <p className="text-brand-700 ring-brand-100 inline-flex items-center rounded-full bg-white px-3 py-1 text-sm font-medium shadow-sm ring-1">
            0% transaction fee from Popkit
          </p>
          <h1 id="hero-title" className="mt-6 text-4xl font-bold tracking-tight text-gray-900 sm:text-6xl">
            Sell anything with PayPal. No code needed.
          </h1>
          <p className="mt-6 text-lg text-gray-600">
            Create PayPal checkout buttons, subscriptions and digital sell pages, paste them into any website and
            deliver files automatically. Popkit takes no cut of your sales; only PayPal&apos;s standard processing fees
            apply.
          </p>
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <Link href={SIGN_UP_HREF} className={buttonClasses("primary", "lg", "w-full sm:w-auto")}>
              Start your 7-day free trial
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
