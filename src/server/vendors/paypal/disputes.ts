import type { PayPalApi } from "~/server/vendors/paypal/http";
import { isObject, text, type Json } from "~/server/vendors/paypal/event-json";

/** A file sent with a dispute's evidence: PayPal takes PDF, JPEG, PNG or GIF. */
export interface EvidenceFile {
  name: string;
  contentType: string;
  bytes: Uint8Array<ArrayBuffer>;
}

/** One evidence of a case's answer (PayPal's evidence object): its type, the seller's notes, its documents. */
export interface Evidence {
  type: "PROOF_OF_FULFILLMENT" | "PROOF_OF_REFUND" | "OTHER";
  notes: string;
  files: EvidenceFile[];
}

/** One page of a seller's dispute list: ids and PayPal's update times, and the token of the next page. */
export interface DisputePage {
  items: { id: string; updateTime: string | null }[];
  nextPageToken: string | null;
}

const path = (id: string, action = "") => `/v1/customer/disputes/${encodeURIComponent(id)}${action}`;

/** The Disputes API (v1) of a seller's client: the cases buyers opened against their payments, and answers. */
export function disputeCalls(api: PayPalApi) {
  return {
    /** The cases updated after `updatedAfter`, oldest update first, one page (up to 50). */
    async listDisputes(input: { updatedAfter: Date; pageToken?: string }): Promise<DisputePage> {
      const query = new URLSearchParams({ update_time_after: input.updatedAfter.toISOString(), page_size: "50" });
      if (input.pageToken) query.set("next_page_token", input.pageToken);
      const page = await api<{ items?: unknown[]; links?: unknown[] }>("GET", `/v1/customer/disputes?${query}`);
      const next = (page.links ?? []).filter(isObject).find((link) => link.rel === "next");
      const nextHref = next ? text(next.href) : null;
      return {
        items: (page.items ?? []).filter(isObject).flatMap((item) => {
          const id = text(item.dispute_id);
          return id ? [{ id, updateTime: text(item.update_time) }] : [];
        }),
        nextPageToken: nextHref
          ? new URL(nextHref, "https://paypal.invalid").searchParams.get("next_page_token")
          : null,
      };
    },

    /** The whole case, as CUSTOMER.DISPUTE.* webhooks describe it. */
    getDispute(id: string): Promise<Json> {
      return api<Json>("GET", path(id));
    },

    /** Answers a case with evidence (multipart: the JSON `input` and each file). */
    async provideEvidence(id: string, evidences: Evidence[]): Promise<void> {
      const form = new FormData();
      const input = {
        evidences: evidences.map((evidence) => ({
          evidence_type: evidence.type,
          notes: evidence.notes,
          documents: evidence.files.map((file) => ({ name: file.name })),
        })),
      };
      form.append("input", new Blob([JSON.stringify(input)], { type: "application/json" }), "input.json");
      for (const file of evidences.flatMap((evidence) => evidence.files)) {
        form.append("evidence_file", new Blob([file.bytes], { type: file.contentType }), file.name);
      }
      await api("POST", path(id, "/provide-evidence"), { form });
    },

    /** Accepts the buyer's claim: PayPal refunds the buyer the disputed amount. */
    async acceptClaim(id: string, note: string): Promise<void> {
      await api("POST", path(id, "/accept-claim"), { body: JSON.stringify({ note, accept_claim_type: "REFUND" }) });
    },

    /** Sends the buyer a message on the case. */
    async sendMessage(id: string, message: string): Promise<void> {
      await api("POST", path(id, "/send-message"), { body: JSON.stringify({ message }) });
    },
  };
}
