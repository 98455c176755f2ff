import { Document, Page, renderToBuffer, StyleSheet, Text, View } from "@react-pdf/renderer";
import "~/server/platform/pdf-fonts";
import type { Invoice } from "~/generated/prisma/client";
import { formatDateTime } from "~/lib/dates";
import { reverseChargeNote, taxLabel } from "~/lib/eu-vat";
import { formatMoney } from "~/lib/money";

// The invoice as a PDF, drawn from one issued version's own copy of the details (the store's name and clock are the
// only things read today), in Noto Sans (platform/pdf-fonts.ts).

export type InvoicePdfInput = {
  invoice: Omit<Invoice, "merchantId">;
  /** The version this one replaces, for the line that says so. */
  replaced: { version: number; issuedAt: Date } | null;
  storeName: string;
  timeZone: string;
};

const styles = StyleSheet.create({
  page: { padding: 48, fontFamily: "Noto Sans", fontSize: 10, color: "#111827", lineHeight: 1.4 },
  store: { fontSize: 18, fontWeight: 700, marginBottom: 16 },
  title: { fontSize: 14, fontWeight: 700 },
  muted: { color: "#4b5563" },
  parties: { flexDirection: "row", marginTop: 24, marginBottom: 24 },
  party: { flex: 1, paddingRight: 16 },
  label: { fontWeight: 700, marginBottom: 4 },
  row: { flexDirection: "row", paddingVertical: 6, borderBottomWidth: 1, borderBottomColor: "#e5e7eb" },
  head: { fontWeight: 700, borderBottomColor: "#9ca3af" },
  item: { flex: 1 },
  quantity: { width: 60, textAlign: "right" },
  amount: { width: 100, textAlign: "right" },
  total: { fontWeight: 700, borderBottomWidth: 0 },
  footer: { marginTop: 24 },
});

function Lines({ values }: { values: (string | null)[] }) {
  return (
    <>
      {values
        .filter((value): value is string => Boolean(value))
        .flatMap((value) => value.split("\n"))
        .map((line, index) => (
          <Text key={index}>{line}</Text>
        ))}
    </>
  );
}

function InvoiceDocument({ invoice, replaced, storeName, timeZone }: InvoicePdfInput) {
  const money = (amountMinor: number) => formatMoney(amountMinor, invoice.currency);
  const date = (value: Date) => formatDateTime(value, timeZone, "date");
  const title = `Invoice ${invoice.number}`;
  return (
    <Document title={title} author={invoice.sellerName} creator="Popkit" producer="Popkit">
      <Page size="A4" style={styles.page}>
        <Text style={styles.store}>{storeName}</Text>
        <Text style={styles.title}>{title}</Text>
        {replaced && (
          <Text>
            Version {invoice.version}, replaces version {replaced.version} issued {date(replaced.issuedAt)}
          </Text>
        )}
        <Text style={styles.muted}>Issued {date(invoice.issuedAt)}</Text>
        <Text style={styles.muted}>Paid {date(invoice.paidAt)}</Text>

        <View style={styles.parties}>
          <View style={styles.party}>
            <Text style={styles.label}>From</Text>
            <Lines values={[invoice.sellerName, invoice.sellerAddress]} />
            {invoice.sellerTaxId && <Text>Tax ID: {invoice.sellerTaxId}</Text>}
            {invoice.sellerEmail && <Text>{invoice.sellerEmail}</Text>}
          </View>
          <View style={styles.party}>
            <Text style={styles.label}>Bill to</Text>
            <Lines values={[invoice.buyerName, invoice.buyerCompany, invoice.buyerAddress]} />
            {invoice.buyerVatId && <Text>VAT ID: {invoice.buyerVatId}</Text>}
            {invoice.buyerEmail && <Text>{invoice.buyerEmail}</Text>}
          </View>
          {invoice.shipTo && (
            <View style={styles.party}>
              <Text style={styles.label}>Ship to</Text>
              <Lines values={[invoice.shipTo]} />
            </View>
          )}
        </View>

        <View style={[styles.row, styles.head]}>
          <Text style={styles.item}>Item</Text>
          <Text style={styles.quantity}>Quantity</Text>
          <Text style={styles.amount}>Amount</Text>
        </View>
        {invoiceLines(invoice).map((line, index) => (
          <View key={index} style={styles.row}>
            <Text style={styles.item}>
              {line.name}
              {line.taxMinor ? ` (tax ${money(line.taxMinor)})` : ""}
            </Text>
            <Text style={styles.quantity}>{line.quantity}</Text>
            <Text style={styles.amount}>{money(line.amountMinor)}</Text>
          </View>
        ))}
        {invoice.discountMinor > 0 && <SumRow label="Discount" amount={`-${money(invoice.discountMinor)}`} />}
        {(invoice.shippingMinor > 0 || invoice.shipTo) && (
          <SumRow label="Shipping" amount={money(invoice.shippingMinor)} />
        )}
        {invoice.taxMinor > 0 && <SumRow label={taxLabel(invoice.taxCountry)} amount={money(invoice.taxMinor)} />}
        <SumRow label="Total" amount={money(invoice.amountMinor)} isTotal />
        {invoice.reverseCharge && invoice.buyerVatId && <Text>{reverseChargeNote(invoice.buyerVatId)}</Text>}

        <View style={styles.footer}>
          <Text>
            Paid with PayPal on {date(invoice.paidAt)}. PayPal transaction ID: {invoice.paypalId}
          </Text>
        </View>
      </Page>
    </Document>
  );
}

/** A row under the items: what comes off or on top of them, and the total. */
function SumRow({ label, amount, isTotal = false }: { label: string; amount: string; isTotal?: boolean }) {
  return (
    <View style={isTotal ? [styles.row, styles.total] : styles.row}>
      <Text style={styles.item}>{label}</Text>
      <Text style={styles.quantity} />
      <Text style={styles.amount}>{amount}</Text>
    </View>
  );
}

type InvoiceLine = { name: string; quantity: number; amountMinor: number; taxMinor?: number };

/** The invoice's item rows: each line of a several-item payment, else its one item at its price before the discount. */
function invoiceLines(invoice: InvoicePdfInput["invoice"]): InvoiceLine[] {
  const lines = invoice.lines as InvoiceLine[];
  if (Array.isArray(lines) && lines.length > 0) return lines;
  return [
    {
      name: invoice.itemName,
      quantity: invoice.quantity,
      amountMinor: invoice.amountMinor - invoice.shippingMinor - invoice.taxMinor + invoice.discountMinor,
    },
  ];
}

export function renderInvoicePdf(input: InvoicePdfInput): Promise<Buffer> {
  return renderToBuffer(<InvoiceDocument {...input} />);
}
