import {
  Boxes,
  Briefcase,
  CirclePlus,
  ChartColumn,
  FileDown,
  HandCoins,
  HandHeart,
  Layers,
  MousePointerClick,
  Package,
  Palette,
  Repeat,
  ShoppingCart,
  Ticket,
  TicketPercent,
  Truck,
  type LucideIcon,
} from "lucide-react";

/**
 * Landing-page copy in one place: the header menus, the sections and the footer all read from here. Every sentence
 * states what the product does today: no trial, no feature that has no screen. Prices, limits and fees
 * are not written here at all: the pricing section and the hero read the plans staff set in the admin portal.
 */

export const SIGN_UP_HREF = "/auth?mode=signup";
export const LOG_IN_HREF = "/auth";
export const ADMIN_HREF = "/saas-admin/auth";
export const SALES_EMAIL = "sales@popkit.app";
export const SUPPORT_EMAIL = "support@popkit.app";

// Every fee statement on the site says the same thing: Popkit's fee is the plan's, PayPal's is PayPal's.
export const FEE_NOTE = "Popkit's fee depends on your plan; PayPal's standard processing fees apply to every payment.";

export type LandingItem = { slug: string; title: string; description: string; icon: LucideIcon };

export const features: LandingItem[] = [
  {
    slug: "checkout-buttons",
    title: "No-code checkout buttons",
    description:
      "Create a PayPal button for a one-time or subscription payment and paste two lines of HTML into any website.",
    icon: MousePointerClick,
  },
  {
    slug: "sell-pages",
    title: "Digital sell pages",
    description:
      "A ready-made sales page for your digital product, with a basic and an optional premium bundle and automatic delivery of the file.",
    icon: FileDown,
  },
  {
    slug: "subscriptions",
    title: "Subscriptions",
    description:
      "Bill weekly, monthly, every 3 months or yearly through PayPal subscription plans, and follow your recurring revenue.",
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
    slug: "discount-codes",
    title: "Discount codes",
    description:
      "Percentage or fixed-amount codes buyers enter at checkout, with optional dates, a use limit and one use per buyer.",
    icon: TicketPercent,
  },
  {
    slug: "pay-what-you-want",
    title: "Pay what you want",
    description:
      "Let buyers choose the price, at or above a minimum you set, on one-time payment buttons and sell-page bundles.",
    icon: HandCoins,
  },
  {
    slug: "quantities-and-stock",
    title: "Quantities and stock",
    description:
      "Let buyers order several units, and set how many you have: a button or bundle shows 'Sold out' when they are gone.",
    icon: Boxes,
  },
  {
    slug: "order-bumps",
    title: "Order bumps and one-click upsells",
    description:
      "Offer a second product as a checkbox above the PayPal button, and one more after the payment: with PayPal's saved wallet, one click adds it with no second approval.",
    icon: CirclePlus,
  },
  {
    slug: "store-page",
    title: "A store page with a cart",
    description:
      "One page at your own address lists the products you choose; buyers add several to a cart, use a discount code and pay once with PayPal.",
    icon: ShoppingCart,
  },
  {
    slug: "branding",
    title: "Your store's branding",
    description: "Your store name, logo, support e-mail and website on the pages buyers pay on and on their receipts.",
    icon: Palette,
  },
  {
    slug: "wps-buttons",
    title: "PayPal Buy Now buttons",
    description: "Website Payments Standard buttons with up to 10 price options, a tax rate and a flat shipping cost.",
    icon: Layers,
  },
];

/** The Features menu in the top bar lists the first four cards of the grid. */
export const headerFeatures = features.slice(0, 4);

export const useCases: LandingItem[] = [
  {
    slug: "digital-products",
    title: "Digital products",
    description: "E-books, templates, music and video, delivered to the buyer as soon as PayPal confirms the payment.",
    icon: FileDown,
  },
  {
    slug: "physical-products",
    title: "Physical products",
    description:
      "PayPal asks for the buyer's address, your shipping rates and sales tax are priced for it in PayPal's window, and tracking numbers go to PayPal.",
    icon: Truck,
  },
  {
    slug: "event-tickets",
    title: "Event tickets",
    description: "Sell tickets for workshops, classes and events with one button, limited to the seats you have.",
    icon: Ticket,
  },
  {
    slug: "subscriptions",
    title: "Subscriptions",
    description: "Memberships, newsletters and software plans billed on a schedule through PayPal.",
    icon: Repeat,
  },
  {
    slug: "donations",
    title: "Donations",
    description: "Let supporters give what they want, once, or every month with a subscription.",
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
    // src/lib/file-types.ts: what a sell page's downloadable file may be.
    fileTypes: ["PDF", "Word", "Excel", "PowerPoint", "MP3", "MP4", "ZIP", "EPUB"],
    description:
      "Upload a file of up to 10 MB once, and Popkit hands it to every buyer after PayPal confirms the payment.",
    points: [
      "Automatic download right after payment",
      "Private files: each buyer gets their own download link, which expires",
      "A purchase library: the receipt links to all of a buyer's downloads, to fetch them again later",
      "Basic and premium bundles on one sales page",
    ],
  },
  {
    title: "Physical products",
    icon: Package,
    description: "Sell goods that ship with payment buttons, sell pages, your store page's cart or Buy Now buttons.",
    points: [
      "PayPal asks the buyer for the address on their account",
      "Shipping zones and rates (flat, per item, free above an amount) priced inside PayPal's window",
      "Sales tax by country and US state or Canadian province, and a tax report",
      "A To ship list: tracking numbers go to PayPal and the buyer gets the tracking link",
      "Stock limits: 'Sold out' once the last unit sells, restocked when you refund before shipping",
    ],
  },
];

export type Faq = { question: string; answer: string };

export const faqs: Faq[] = [
  {
    question: "Does Popkit charge a transaction fee?",
    answer:
      "That depends on your plan: each plan in the pricing section shows its Popkit fee, a percentage of each " +
      "completed payment (0% means none). PayPal charges its own standard processing fees on each payment, as it " +
      "does for any PayPal checkout.",
  },
  {
    question: "What happens when my store reaches its plan's payment limit?",
    answer:
      "Buyers cannot start new checkouts until the next calendar month (UTC) begins; payments buyers have already " +
      "approved are still completed. Store Settings shows your plan and how many payments your store took this month.",
  },
  {
    question: "How do I change my plan?",
    answer:
      `Write to ${SALES_EMAIL}, or use the contact button in Store Settings, and we move your store to the plan ` +
      "you choose. Every plan includes every Popkit feature; plans differ in price, payment limit and fee.",
  },
  {
    question: "Which currencies can I accept?",
    answer:
      "You price your buttons and pages in US dollars, euros, pounds sterling, Canadian dollars, Australian dollars " +
      "or Japanese yen. Buyers pay through PayPal, which converts the amount when they pay in another currency.",
  },
  {
    question: "How are digital products delivered?",
    answer:
      "Upload your file (PDF, Word, Excel, PowerPoint, MP3, MP4, ZIP or EPUB, up to 10 MB) to a digital sell page. " +
      "As soon as PayPal confirms the payment, the buyer lands on a download page and the download starts " +
      "automatically. The file stays private: each buyer gets their own download link, which expires, and their " +
      "receipt links to a library of everything they bought, to download it again later.",
  },
  {
    question: "Can I offer discounts?",
    answer:
      "Yes. Create discount codes that take a percentage or a fixed amount off, for all or chosen payment buttons " +
      "and sell pages, with optional start and end dates, a limit on uses and one use per buyer. Buyers enter the " +
      "code at checkout.",
  },
  {
    question: "Is checkout secure?",
    answer:
      "Yes. Buyers pay in PayPal's own checkout, so card and wallet details go to PayPal and never reach Popkit. " +
      "Popkit records a sale only after PayPal confirms the payment.",
  },
  {
    question: "What do I need to get started?",
    answer:
      "A PayPal Business account and the client ID and secret of an app from PayPal's developer dashboard, which " +
      "you paste into Store Settings. Payments go straight into your PayPal account; Popkit never holds your money. " +
      "You can try everything with PayPal sandbox credentials first.",
  },
  {
    question: "How do I get help?",
    answer: `Write to ${SUPPORT_EMAIL} and our support team answers by e-mail.`,
  },
];
