import { z } from "zod";

export const transactionStatuses = [
  "completed",
  "partially_refunded",
  "refunded",
  "pending",
  "failed",
  "cancelled",
] as const;
export type TransactionStatusName = (typeof transactionStatuses)[number];

/** How a status reads on badges, filters and exports. */
export const transactionStatusLabels: Record<TransactionStatusName, string> = {
  completed: "Completed",
  partially_refunded: "Partially refunded",
  refunded: "Refunded",
  pending: "Pending",
  failed: "Failed",
  cancelled: "Cancelled",
};

/** What the Payments list can be sorted by (the URL's `sort`); the default is the newest first. */
export const paymentSorts = ["date", "amount"] as const;
/** What the Customers list can be sorted by: last payment date and lifetime value. */
export const customerSorts = ["last", "spent"] as const;
export const sortDirections = ["asc", "desc"] as const;

/** The search box: case-insensitive "contains", bounded so a URL cannot send a novel to the database. */
const searchText = z.string().trim().max(200, "Search must be at most 200 characters").default("");
const page = z.number().int().min(1).max(10_000).default(1);

/** A list's order and page: by the first of `sorts` unless asked, descending unless asked, the first page. */
function orderedPage<const Sorts extends readonly [string, ...string[]]>(sorts: Sorts) {
  return { sort: z.enum(sorts).default(sorts[0]), dir: z.enum(sortDirections).default("desc"), page };
}

/**
 * A date window, half-open [from, to), already resolved in the store's time zone by the page
 * (src/lib/date-range.ts): the server never guesses a zone from a calendar day.
 */
/**
 * Dates with a four-digit year, the ones PostgreSQL reads as JavaScript writes them: a Date reaches years
 * ±275760, which it writes as "+275760-..." and PostgreSQL takes for a time zone offset.
 */
const listDate = z
  .date("Please enter a valid date")
  .min(new Date("0001-01-01T00:00:00Z"), "Please enter a valid date")
  .max(new Date("9999-12-31T23:59:59.999Z"), "Please enter a valid date");

const dateWindow = {
  from: listDate.optional(),
  to: listDate.optional(),
};

export const listPaymentsSchema = z.object({
  /** Buyer e-mail or name, PayPal transaction, order or subscription id, or POP name. */
  q: searchText,
  status: z.enum(transactionStatuses).optional(),
  ...dateWindow,
  /** One buyer's payments (the customer page): their exact e-mail. */
  email: z.string().trim().min(1).max(320).optional(),
  /** One subscription's sales (the subscriber page): its PayPal subscription id (I-...). */
  paypalSubscriptionId: z.string().trim().min(1).max(64).optional(),
  ...orderedPage(paymentSorts),
});
export type ListPaymentsInput = z.input<typeof listPaymentsSchema>;

export const getPaymentSchema = z.object({ id: z.string().trim().min(1).max(64) });
export type GetPaymentInput = z.input<typeof getPaymentSchema>;

export const listCustomersSchema = z.object({
  /** E-mail or name. */
  q: searchText,
  ...dateWindow,
  ...orderedPage(customerSorts),
});
export type ListCustomersInput = z.input<typeof listCustomersSchema>;

export const getCustomerSchema = z.object({ email: z.string().trim().min(1).max(320) });
export type GetCustomerInput = z.input<typeof getCustomerSchema>;

/** The Refund dialog on a payment's detail view: full when no amount is given. */
export const refundPaymentSchema = z.object({
  paymentId: z.string().trim().min(1).max(64),
  /** In the payment's minor units; absent = refund what is left. */
  amountMinor: z
    .number({ error: "Enter the amount to refund" })
    .int("Enter a valid amount")
    .positive("The refund must be more than zero")
    // Amounts are stored as 32-bit integers; no payment comes near this.
    .max(2_147_483_647, "The refund cannot be more than what is left to refund.")
    .optional(),
  reason: z.string().trim().max(255, "Reason must be at most 255 characters").optional(),
  /** One line of the payment to refund (an order bump, say): at most what is left of that line. */
  lineId: z.string().trim().min(1, "Choose the item to refund").max(64, "Payment line not found.").optional(),
  /**
   * Made once per opened dialog: a double click or a retried request sends the same key, which becomes the
   * PayPal-Request-Id, so PayPal refunds once.
   */
  idempotencyKey: z.uuid(),
  /**
   * An order refunded before it shipped: its units (the line's, or every line's for the whole payment) go back
   * in stock, so another buyer can have them.
   */
  restock: z.boolean().optional(),
});
export type RefundPaymentInput = z.input<typeof refundPaymentSchema>;
