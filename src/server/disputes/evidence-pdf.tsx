import { Document, Page, renderToBuffer, StyleSheet, Text, View } from "@react-pdf/renderer";
import { formatDateTime } from "~/lib/dates";
import type { ProposedEvidence } from "~/server/disputes/evidence";
import "~/server/platform/pdf-fonts";

// The facts of a case's answer as the PDF PayPal's reviewer reads: the seller's note, then each section of what
// Popkit recorded about the payment.

const styles = StyleSheet.create({
  page: { padding: 48, fontFamily: "Noto Sans", fontSize: 10, color: "#111827", lineHeight: 1.4 },
  title: { fontSize: 16, fontWeight: 700, marginBottom: 4 },
  muted: { color: "#4b5563" },
  heading: { fontSize: 12, fontWeight: 700, marginTop: 18, marginBottom: 6 },
  row: { flexDirection: "row", paddingVertical: 3, borderBottomWidth: 1, borderBottomColor: "#e5e7eb" },
  label: { width: 150, fontWeight: 700, paddingRight: 8 },
  value: { flex: 1 },
  note: { marginTop: 12, padding: 8, backgroundColor: "#f3f4f6" },
});

export async function renderEvidencePdf(input: {
  storeName: string;
  paypalDisputeId: string;
  note: string;
  evidence: ProposedEvidence;
  timeZone: string;
  now: Date;
}): Promise<Buffer> {
  return renderToBuffer(
    <Document title={`Evidence for PayPal case ${input.paypalDisputeId}`} author={input.storeName}>
      <Page size="A4" style={styles.page}>
        <Text style={styles.title}>
          {input.storeName}: evidence for PayPal case {input.paypalDisputeId}
        </Text>
        <Text style={styles.muted}>
          From the seller&apos;s records on Popkit, {formatDateTime(input.now, input.timeZone)}
        </Text>
        {input.note.trim() && <Text style={styles.note}>{input.note.trim()}</Text>}
        {input.evidence.sections.map((section) => (
          <View key={section.title} wrap>
            <Text style={styles.heading}>{section.title}</Text>
            {section.rows.length === 0 ? (
              <Text style={styles.muted}>{section.empty ?? "Nothing recorded."}</Text>
            ) : (
              section.rows.map(([label, value], index) => (
                <View key={index} style={styles.row} wrap={false}>
                  <Text style={styles.label}>{label}</Text>
                  <Text style={styles.value}>{value}</Text>
                </View>
              ))
            )}
          </View>
        ))}
      </Page>
    </Document>,
  );
}
