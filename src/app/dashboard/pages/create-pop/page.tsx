import { Check, Code2, FileText, HelpCircle, type LucideIcon, ShoppingCart } from "lucide-react";
import Link from "next/link";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { buttonClasses } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { PageHeader } from "~/components/ui/page-header";
import { BackLink } from "~/features/payments/back-link";

export const metadata = { title: "Create POP · Popkit" };

type Choice = {
  title: string;
  tag: string;
  tone: BadgeTone;
  icon: LucideIcon;
  description: string;
  features: string[];
  href: string;
  cta: string;
};

const choices: Choice[] = [
  {
    title: "WPS Buy Now Button",
    tag: "PayPal Redirect",
    tone: "yellow",
    icon: ShoppingCart,
    description: "PayPal's classic Website Payments Standard button: buyers are sent to PayPal to pay.",
    features: ["Several price options", "Tax and shipping settings", "Payment confirmations from PayPal"],
    href: "/dashboard/pages/new-wps-button",
    cta: "Create WPS Button",
  },
  {
    title: "New Payment Button",
    tag: "Embedded Solution",
    tone: "blue",
    icon: Code2,
    description: "A PayPal Smart button you paste into your own website; buyers pay without leaving it.",
    features: ["One-time or subscription payments", "Your colours, shape and label", "Copy-paste integration code"],
    href: "/dashboard/pages/new-payment-button",
    cta: "Create Payment Button",
  },
  {
    title: "Digital Sell Page",
    tag: "Standalone Page",
    tone: "green",
    icon: FileText,
    description: "A ready-made sales page hosted by Popkit for a digital product, with automatic delivery.",
    features: ["Basic and premium bundles", "Product image and your logo", "Download right after payment"],
    href: "/dashboard/pages/new-digital-sell-page",
    cta: "Create Digital Sell Page",
  },
];

/** Which kind of point of purchase to create. */
export default function CreatePopPage() {
  return (
    <div className="space-y-6">
      <PageHeader
        back={
          <BackLink tone="muted" href="/dashboard/pages">
            Back to Pages
          </BackLink>
        }
        title="Create a POP"
        description="Choose how your buyers will pay."
      />

      <div className="grid gap-4 lg:grid-cols-3">
        {choices.map((choice) => (
          <Card key={choice.href} className="flex flex-col p-6">
            <section aria-labelledby={`${choice.href.split("/").pop()}-title`} className="flex flex-1 flex-col">
              <div className="flex items-start justify-between gap-3">
                <span className="bg-brand-50 text-brand-600 rounded-lg p-2.5">
                  <choice.icon aria-hidden className="size-6" />
                </span>
                <Badge tone={choice.tone}>{choice.tag}</Badge>
              </div>
              <h2 id={`${choice.href.split("/").pop()}-title`} className="mt-4 text-lg font-semibold text-gray-900">
                {choice.title}
              </h2>
              <p className="mt-1 text-sm text-gray-600">{choice.description}</p>
              <ul className="mt-4 space-y-2 text-sm text-gray-700">
                {choice.features.map((feature) => (
                  <li key={feature} className="flex items-start gap-2">
                    <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-green-600" />
                    {feature}
                  </li>
                ))}
              </ul>
              <Link href={choice.href} className={buttonClasses("primary", "md", "mt-6 w-full")}>
                {choice.cta}
              </Link>
            </section>
          </Card>
        ))}
      </div>

      <Card className="p-6">
        <section aria-labelledby="help-choosing-title">
          <h2 id="help-choosing-title" className="flex items-center gap-2 text-lg font-semibold text-gray-900">
            <HelpCircle aria-hidden className="text-brand-600 size-5" />
            Need help choosing?
          </h2>
          <dl className="mt-4 grid gap-4 text-sm md:grid-cols-3">
            <div>
              <dt className="font-medium text-gray-900">You already have a website</dt>
              <dd className="mt-1 text-gray-600">
                Pick a <strong>New Payment Button</strong>: paste one snippet and buyers pay on your page, once or by
                subscription.
              </dd>
            </div>
            <div>
              <dt className="font-medium text-gray-900">You sell a file and have no website</dt>
              <dd className="mt-1 text-gray-600">
                Pick a <strong>Digital Sell Page</strong>: Popkit hosts the sales page and delivers the download after
                payment.
              </dd>
            </div>
            <div>
              <dt className="font-medium text-gray-900">You need PayPal&apos;s classic checkout</dt>
              <dd className="mt-1 text-gray-600">
                Pick a <strong>WPS Buy Now Button</strong> for several price options on PayPal&apos;s own page. PayPal
                has deprecated Website Payments Standard, so prefer a New Payment Button for new sites.
              </dd>
            </div>
          </dl>
        </section>
      </Card>
    </div>
  );
}
