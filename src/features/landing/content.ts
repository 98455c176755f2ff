import {
  Briefcase,
  ChartColumn,
  FileDown,
  HandHeart,
  Layers,
  MousePointerClick,
  Package,
  Repeat,
  ShieldCheck,
  Ticket,
  Truck,
  type LucideIcon,
} from "lucide-react";

/** Landing-page copy in one place: the header menus, the sections and the footer all read from here. */

export const SIGN_UP_HREF = "/auth?mode=signup";
export const LOG_IN_HREF = "/auth";
export const ADMIN_HREF = "/saas-admin/auth";
export const SALES_EMAIL = "sales@popkit.app";
export const SUPPORT_EMAIL = "support@popkit.app";

// DESIGN.md 9: every fee statement on the site must say the same thing.
export const FEE_NOTE = "0% Popkit transaction fee. PayPal's standard processing fees apply.";

export type LandingItem = { slug: string; title: string; description: string; icon: LucideIcon };

export const features: LandingItem[] = [
  {
    slug: "checkout-buttons",
    title: "No-code checkout buttons",
    description:
      "Create a PayPal button for a one-time or subscription payment and paste one line of code into any website.",
    icon: MousePointerClick,
  },
  {
    slug: "sell-pages",
    title: "Digital sell pages",
    description:
      "Get a ready-made sales page for your digital product, with basic and premium bundles and automatic delivery.",
    icon: FileDown,
  },
  {
    slug: "subscriptions",
    title: "Subscriptions",
    description: "Bill monthly or yearly through PayPal subscription plans and follow your recurring revenue.",
    icon: Repeat,
  },
  {
    slug: "analytics",
    title: "Sales analytics",
    description:
      "See revenue, successful and failed payments, success rate and recent sales for every button and page.",
    icon: ChartColumn,
  },
  {
    slug: "wps-buttons",
    title: "PayPal Buy Now buttons",
    description: "Website Payments Standard buttons with several price options and tax and shipping settings.",
    icon: Layers,
  },
  {
    slug: "secure-checkout",
    title: "Secure PayPal checkout",
    description: "PCI-compliant checkout run by PayPal: buyers pay by card, wallet or PayPal in 100+ currencies.",
    icon: ShieldCheck,
  },
];

/** The Features menu in the top bar lists the first four cards of the grid (SPEC.md 2.2). */
export const headerFeatures = features.slice(0, 4);

export const useCases: LandingItem[] = [
  {
    slug: "digital-products",
    title: "Digital products",
    description: "E-books, templates, music and video, delivered to the buyer as soon as they pay.",
    icon: FileDown,
  },
  {
    slug: "physical-products",
    title: "Physical products",
    description: "Collect a shipping address and add tax and shipping to every order.",
    icon: Truck,
  },
  {
    slug: "event-tickets",
    title: "Event tickets",
    description: "Sell tickets for workshops, classes and events with one button on your event page.",
    icon: Ticket,
  },
  {
    slug: "subscriptions",
    title: "Subscriptions",
    description: "Memberships, newsletters and software plans billed on a schedule.",
    icon: Repeat,
  },
  {
    slug: "donations",
    title: "Donations",
    description: "Take one-off or monthly donations for your cause, club or creative work.",
    icon: HandHeart,
  },
  {
    slug: "services",
    title: "Services",
    description: "Get paid for consultations, coaching sessions and freelance work up front.",
    icon: Briefcase,
  },
];

export type ProductKind = {
  title: string;
  icon: LucideIcon;
  description: string;
  fileTypes?: string[];
  points: string[];
};

export const productKinds: ProductKind[] = [
  {
    title: "Digital products",
    icon: FileDown,
    fileTypes: ["PDF", "DOC", "XLSX", "PPT", "MP3", "MP4"],
    description: "Upload a file once and Popkit hands it to every buyer after PayPal confirms the payment.",
    points: [
      "Automatic delivery right after payment",
      "Protected downloads: files stay private and each buyer gets their own expiring link",
      "Basic and premium bundles on one sales page",
    ],
  },
  {
    title: "Physical products",
    icon: Package,
    description: "Sell goods that ship, with the details you need to fulfil every order.",
    points: ["Shipping address collection", "Inventory tracking", "Tax calculation", "Customer management"],
  },
];

export type Plan = {
  name: string;
  price: string;
  period?: string;
  description: string;
  points: string[];
  isPopular?: boolean;
  cta: { label: string; href: string } | "contact-sales";
};

export const plans: Plan[] = [
  {
    name: "Free",
    price: "$0",
    period: "per month",
    description: "For trying Popkit with your first sales.",
    points: ["Up to 10 transactions per month", "Basic checkout pages", "PayPal integration", "E-mail support"],
    cta: { label: "Get started free", href: SIGN_UP_HREF },
  },
  {
    name: "Pro",
    price: "$29",
    period: "per month",
    description: "For growing businesses. Try it free for 7 days, no credit card needed.",
    points: ["Unlimited transactions", "Custom branding", "Advanced analytics", "Priority support", "API access"],
    isPopular: true,
    cta: { label: "Start Free Trial", href: SIGN_UP_HREF },
  },
  {
    name: "Enterprise",
    price: "Custom",
    description: "For large teams with their own requirements.",
    points: ["Everything in Pro", "White-label", "Dedicated support", "Custom integrations"],
    cta: "contact-sales",
  },
];

export type Faq = { question: string; answer: string };

export const faqs: Faq[] = [
  {
    question: "Does Popkit charge a transaction fee?",
    answer:
      "No. Popkit charges a 0% platform fee on every plan: you pay only your plan's monthly price. " +
      "PayPal charges its own standard processing fees on each payment, as it does for any PayPal checkout.",
  },
  {
    question: "How does the 7-day free trial work?",
    answer:
      "Sign up and use every Pro feature for 7 days. No credit card is needed to start, " +
      "so nothing is charged unless you choose a paid plan.",
  },
  {
    question: "Can I cancel anytime?",
    answer: "Yes. Plans run month to month with no contract: cancel whenever you like and you won't be charged again.",
  },
  {
    question: "Which currencies can I accept?",
    answer:
      "You price your buttons and pages in US dollars, euros, pounds sterling, Canadian dollars, Australian dollars " +
      "or Japanese yen. Checkout runs on PayPal, which lets buyers pay in 100+ currencies and handles the conversion.",
  },
  {
    question: "How are digital products delivered?",
    answer:
      "Upload your file (PDF, DOC, XLSX, PPT, MP3 or MP4, up to 10 MB) to a digital sell page. As soon as PayPal " +
      "confirms the payment, the buyer lands on a download page and the download starts automatically. " +
      "The file stays private: each buyer gets their own download link, which expires.",
  },
  {
    question: "Is checkout secure?",
    answer:
      "Yes. Buyers pay on PayPal's PCI DSS-compliant checkout, so card and wallet details go to PayPal and never " +
      "reach Popkit. Popkit records a sale only after PayPal confirms the payment.",
  },
  {
    question: "What do I need to get started?",
    answer:
      "A PayPal Business account. Payments go straight into it; Popkit never holds your money. " +
      "Most sellers create their first button in about 5 minutes.",
  },
  {
    question: "How do I get help?",
    answer: "Our support team answers 24/7 by e-mail and chat. Pro plans get priority support.",
  },
];

/** Footer items the spec names but that have no screen yet: shown as text, never as dead links. */
export const comingSoon = {
  product: ["Sales funnels", "One-click upsells", "Order bumps", "Payment plans", "Pay what you want", "Form builder"],
  resources: ["Templates", "Blog", "Help centre", "Case studies"],
};
