import { formatDateTime } from "~/lib/dates";
import { formatMoney, type Currency } from "~/lib/money";
import { db } from "~/server/platform/db";
import { ownDispute } from "~/server/disputes/disputes";

// A case's proposed answer, built from what Popkit recorded about the disputed payment and only about it (and its
// buyer's own earlier purchases): what PayPal asks for depends on the reason. The seller reads it on the case's
// page; sending it attaches it as a PDF (evidence-pdf.tsx) with the seller's note.

export interface EvidenceSection {
  title: string;
  /** Label and value pairs, one fact per row. */
  rows: [string, string][];
  /** Said when the section has no rows (e.g. "No downloads were recorded."). */
  empty?: string;
}

export interface ProposedEvidence {
  /** PayPal's evidence type the answer is sent as. */
  type: "PROOF_OF_FULFILLMENT" | "OTHER";
  sections: EvidenceSection[];
}

const HISTORY_SHOWN = 20;

type SnapshotShape = {
  name?: string;
  description?: string | null;
  priceMinor?: number;
  currency?: Currency;
  sellPage?: {
    name?: string;
    description?: string;
    bundle?: string | null;
    features?: string[];
    guarantee?: string | null;
  } | null;
};

async function paymentOf(merchantId: string, transactionId: string) {
  return db.transaction.findFirstOrThrow({
    where: { id: transactionId, merchantId },
    select: {
      id: true,
      createdAt: true,
      amountMinor: true,
      currency: true,
      status: true,
      payerEmail: true,
      payerName: true,
      paypalPayerId: true,
      paypalTransactionId: true,
      paypalOrderId: true,
      purchaseSnapshot: true,
      carrier: true,
      trackingNumber: true,
      shippedAt: true,
      shippingName: true,
      shippingLine1: true,
      shippingCity: true,
      shippingPostalCode: true,
      shippingCountry: true,
      button: { select: { name: true } },
      sellPage: { select: { name: true } },
    },
  });
}

type Payment = Awaited<ReturnType<typeof paymentOf>>;

function paymentSection(payment: Payment, timeZone: string): EvidenceSection {
  const rows: [string, string][] = [
    ["Item", payment.sellPage?.name ?? payment.button?.name ?? "Deleted item"],
    ["Amount", formatMoney(payment.amountMinor, payment.currency)],
    ["Paid", formatDateTime(payment.createdAt, timeZone)],
    ["Buyer", [payment.payerName, payment.payerEmail].filter(Boolean).join(", ") || "Not given by PayPal"],
  ];
  if (payment.paypalPayerId) rows.push(["PayPal payer ID", payment.paypalPayerId]);
  if (payment.paypalTransactionId) rows.push(["PayPal transaction ID", payment.paypalTransactionId]);
  return { title: "The payment", rows };
}

async function receiptSection(payment: Payment, timeZone: string): Promise<EvidenceSection> {
  const receipt = await db.emailMessage.findUnique({
    where: { dedupeKey: `receipt:${payment.id}` },
    select: { toAddress: true, status: true, sentAt: true },
  });
  if (!receipt) return { title: "Receipt e-mail", rows: [], empty: "No receipt e-mail was recorded." };
  return {
    title: "Receipt e-mail",
    rows: [
      ["Sent to", receipt.toAddress],
      ["Sent", receipt.sentAt ? formatDateTime(receipt.sentAt, timeZone) : `Not sent (${receipt.status})`],
    ],
  };
}

async function downloadsSection(transactionIds: string[], timeZone: string, title: string): Promise<EvidenceSection> {
  const downloads = await db.downloadEvent.findMany({
    where: { transactionId: { in: transactionIds } },
    select: { createdAt: true, ip: true, userAgent: true, grant: { select: { file: { select: { name: true } } } } },
    orderBy: { createdAt: "asc" },
    take: 100,
  });
  return {
    title,
    rows: downloads.map((download) => [
      formatDateTime(download.createdAt, timeZone),
      `${download.grant.file.name} from ${download.ip ?? "an unknown address"} (${download.userAgent ?? "unknown browser"})`,
    ]),
    empty: "No downloads were recorded.",
  };
}

async function licenseSection(transactionId: string, timeZone: string): Promise<EvidenceSection> {
  const instances = await db.licenseInstance.findMany({
    where: { licenseKey: { transactionId } },
    select: { name: true, createdAt: true, lastSeenAt: true, deactivatedAt: true },
    orderBy: { createdAt: "asc" },
    take: 100,
  });
  return {
    title: "License key activations",
    rows: instances.map((instance) => [
      formatDateTime(instance.createdAt, timeZone),
      `Activated on "${instance.name}", last seen ${formatDateTime(instance.lastSeenAt, timeZone)}` +
        (instance.deactivatedAt ? `, deactivated ${formatDateTime(instance.deactivatedAt, timeZone)}` : ""),
    ]),
    empty: "No license key activations were recorded.",
  };
}

function shippingSection(payment: Payment, timeZone: string): EvidenceSection | null {
  if (!payment.shippingCountry && !payment.trackingNumber) return null;
  const rows: [string, string][] = [];
  const address = [payment.shippingName, payment.shippingLine1, payment.shippingCity, payment.shippingPostalCode]
    .filter(Boolean)
    .join(", ");
  if (address) rows.push(["Shipped to", `${address} ${payment.shippingCountry ?? ""}`.trim()]);
  if (payment.trackingNumber) rows.push(["Tracking", `${payment.carrier ?? "Carrier"} ${payment.trackingNumber}`]);
  if (payment.shippedAt) rows.push(["Shipped", formatDateTime(payment.shippedAt, timeZone)]);
  return { title: "Shipping", rows, empty: "Not shipped yet." };
}

function snapshotSection(payment: Payment): EvidenceSection {
  const snapshot = payment.purchaseSnapshot as SnapshotShape | null;
  if (!snapshot) {
    return { title: "What the buyer was shown", rows: [], empty: "Not kept for payments made before Popkit kept it." };
  }
  const rows: [string, string][] = [];
  const page = snapshot.sellPage;
  if (page?.name) rows.push(["Sell page", page.name]);
  if (page?.bundle) rows.push(["Bundle", page.bundle]);
  rows.push(["Item", snapshot.name ?? "Unknown"]);
  if (snapshot.priceMinor !== undefined && snapshot.currency) {
    rows.push(["Price", formatMoney(snapshot.priceMinor, snapshot.currency)]);
  }
  const description = page?.description ?? snapshot.description;
  if (description) rows.push(["Description", description]);
  if (page?.features && page.features.length > 0) rows.push(["Features", page.features.join("; ")]);
  if (page?.guarantee) rows.push(["Guarantee", page.guarantee]);
  return { title: "What the buyer was shown when they paid", rows };
}

/** The buyer's other payments to this store, by their PayPal payer id or their e-mail: theirs only. */
async function earlierPurchases(merchantId: string, payment: Payment) {
  const sameBuyer = [
    ...(payment.paypalPayerId ? [{ paypalPayerId: payment.paypalPayerId }] : []),
    ...(payment.payerEmail ? [{ payerEmail: { equals: payment.payerEmail, mode: "insensitive" as const } }] : []),
  ];
  if (sameBuyer.length === 0) return [];
  return db.transaction.findMany({
    where: { merchantId, id: { not: payment.id }, OR: sameBuyer },
    select: {
      id: true,
      createdAt: true,
      amountMinor: true,
      currency: true,
      status: true,
      button: { select: { name: true } },
      sellPage: { select: { name: true } },
    },
    orderBy: { createdAt: "desc" },
    take: HISTORY_SHOWN,
  });
}

function historySection(purchases: Awaited<ReturnType<typeof earlierPurchases>>, timeZone: string): EvidenceSection {
  return {
    title: "The buyer's other purchases from this store",
    rows: purchases.map((purchase) => [
      formatDateTime(purchase.createdAt, timeZone, "date"),
      `${purchase.sellPage?.name ?? purchase.button?.name ?? "Deleted item"}, ` +
        `${formatMoney(purchase.amountMinor, purchase.currency)} (${purchase.status.replace(/_/g, " ")})`,
    ]),
    empty: "No other purchases from this buyer.",
  };
}

/** The case's proposed answer, by its reason; NOT_FOUND for another store's case. */
export async function proposeEvidence(merchantId: string, disputeId: string): Promise<ProposedEvidence> {
  const dispute = await ownDispute(merchantId, disputeId);
  if (!dispute.transactionId) {
    return {
      type: "OTHER",
      sections: [{ title: "The payment", rows: [], empty: "Popkit has no record of the disputed payment." }],
    };
  }
  const [payment, settings] = await Promise.all([
    paymentOf(merchantId, dispute.transactionId),
    db.storeSettings.findUnique({ where: { merchantId }, select: { timeZone: true } }),
  ]);
  const timeZone = settings?.timeZone ?? "UTC";
  const base = paymentSection(payment, timeZone);
  const shipping = shippingSection(payment, timeZone);
  switch (dispute.reason) {
    case "MERCHANDISE_OR_SERVICE_NOT_AS_DESCRIBED": {
      const history = await earlierPurchases(merchantId, payment);
      return {
        type: "OTHER",
        sections: [
          base,
          snapshotSection(payment),
          await downloadsSection([payment.id], timeZone, "Downloads of the purchased files"),
          historySection(history, timeZone),
          await downloadsSection(
            history.map((purchase) => purchase.id),
            timeZone,
            "Downloads of the buyer's other purchases",
          ),
        ],
      };
    }
    case "UNAUTHORISED": {
      const history = await earlierPurchases(merchantId, payment);
      return {
        type: "OTHER",
        sections: [
          base,
          historySection(history, timeZone),
          await downloadsSection([payment.id], timeZone, "Downloads of the purchased files"),
        ],
      };
    }
    default:
      return {
        type: "PROOF_OF_FULFILLMENT",
        sections: [
          base,
          await receiptSection(payment, timeZone),
          await downloadsSection([payment.id], timeZone, "Downloads of the purchased files"),
          await licenseSection(payment.id, timeZone),
          ...(shipping ? [shipping] : []),
        ],
      };
  }
}

/** The evidence as plain text: PayPal's `notes` carry the seller's note and, under it, the facts. */
export function evidenceText(evidence: ProposedEvidence, note: string): string {
  const facts = evidence.sections
    .map((section) =>
      [
        section.title.toUpperCase(),
        ...(section.rows.length > 0
          ? section.rows.map(([label, value]) => `${label}: ${value}`)
          : [section.empty ?? ""]),
      ].join("\n"),
    )
    .join("\n\n");
  return note.trim() ? `${note.trim()}\n\n${facts}` : facts;
}
