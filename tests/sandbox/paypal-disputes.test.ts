import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { startPayPalSandbox } from "../../sandbox/paypal";
import { pngFile } from "../support/files";
import { caller, listen, newMerchant, paypalSandboxPerFile, verification } from "./paypal-api";

// Short retry delays keep a refused delivery from holding up the next; the count is the default's.
const { sandbox, call } = paypalSandboxPerFile({ webhookRetryDelaysMs: [20, 40, 80, 160] });

const usd = (value: string) => ({ currency_code: "USD", value });
const DAY_MS = 24 * 60 * 60 * 1000;
const MB = 1024 * 1024;

/** A captured order of `value` USD for a new merchant. */
async function captured(value = "20.00") {
  const merchant = await newMerchant(sandbox());
  const order = await call("/v2/checkout/orders", {
    token: merchant.token,
    json: { intent: "CAPTURE", purchase_units: [{ amount: usd(value), invoice_id: "inv-7" }] },
  });
  sandbox().sandbox.approveOrder(order.body.id);
  const done = await call(`/v2/checkout/orders/${order.body.id}/capture`, { token: merchant.token, json: {} });
  return {
    ...merchant,
    orderId: order.body.id as string,
    captureId: done.body.purchase_units[0].payments.captures[0].id,
  };
}

/** A webhook listener registered for every event of the app; it closes with the test. */
async function webhookOf(clientId: string) {
  const hook = await listen();
  const webhookId = sandbox().sandbox.registerWebhook(clientId, hook.url);
  return { ...hook, webhookId, types: () => hook.received.map((r) => r.event.event_type as string) };
}

const open = (captureId: string, json: Record<string, unknown> = {}) =>
  call(`/__sandbox/captures/${captureId}/dispute`, {
    json: { reason: "MERCHANDISE_OR_SERVICE_NOT_RECEIVED", ...json },
  });
const resolve = (id: string, json: Record<string, unknown>) => call(`/__sandbox/disputes/${id}/resolve`, { json });
const update = (id: string, json: Record<string, unknown>) => call(`/__sandbox/disputes/${id}/update`, { json });
const act = (token: string, id: string, action: "accept-claim" | "send-message", json: unknown) =>
  call(`/v1/customer/disputes/${id}/${action}`, { token, json });
const show = (token: string, id: string) => call(`/v1/customer/disputes/${id}`, { token });
const list = (token: string, query = "") => call(`/v1/customer/disputes${query}`, { token });

interface Upload {
  name: string;
  bytes: Buffer;
  type?: string;
}

/** POST provide-evidence as multipart/form-data: the `input` JSON part, then the files as `evidence_file`. */
async function provideEvidence(token: string, id: string, input: unknown, files: Upload[] = []) {
  const form = new FormData();
  form.append("input", new Blob([JSON.stringify(input)], { type: "application/json" }), "input.json");
  for (const file of files) {
    form.append("evidence_file", new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "" }), file.name);
  }
  const response = await fetch(`${sandbox().url}/v1/customer/disputes/${id}/provide-evidence`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- assertions read PayPal's JSON freely
  return { status: response.status, body: (await response.json()) as any };
}

/** A real one-page PDF (cross-reference table and all) that says `text`. */
function pdfFile(text: string) {
  const content = `BT /F1 18 Tf 20 70 Td (${text}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let pdf = "%PDF-1.4\n";
  const offsets = objects.map((body, i) => {
    const at = pdf.length;
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((at) => `${String(at).padStart(10, "0")} 00000 n \n`).join("");
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, "latin1");
}

/** Lets the clock move on, so that cases made one after the other have distinct times. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 3));
const rels = (view: { links: { rel: string }[] }) => view.links.map((link) => link.rel);
const sandboxView = async (id: string) => (await call(`/__sandbox/disputes/${id}`)).body;

describe("Disputes: a buyer opens a case", () => {
  it("opens an inquiry on a capture, announces it with CUSTOMER.DISPUTE.CREATED and shows it to its app", async () => {
    const { clientId, token, captureId } = await captured("20.00");
    const hook = await webhookOf(clientId);
    const opened = await open(captureId, { buyer_message: "Nothing arrived." });
    expect(opened.status).toBe(201);
    const view = opened.body;
    const id = view.dispute_id as string;
    expect(id).toMatch(/^PP-D-\d{5,6}$/);
    expect(view).toMatchObject({
      reason: "MERCHANDISE_OR_SERVICE_NOT_RECEIVED",
      status: "WAITING_FOR_SELLER_RESPONSE",
      dispute_state: "REQUIRED_ACTION",
      dispute_life_cycle_stage: "INQUIRY",
      dispute_channel: "INTERNAL",
      dispute_amount: usd("20.00"),
      disputed_transactions: [
        {
          seller_transaction_id: captureId,
          buyer_transaction_id: expect.stringMatching(/^[A-Z0-9]{17}$/),
          transaction_status: "COMPLETED",
          gross_amount: usd("20.00"),
          invoice_number: "inv-7",
          buyer: { name: "Alex Buyer" },
          seller: { merchant_id: expect.any(String) },
        },
      ],
      messages: [{ posted_by: "BUYER", content: "Nothing arrived.", time_posted: view.create_time }],
    });
    expect(view.disputed_transactions[0].buyer).not.toHaveProperty("email");
    expect(Date.parse(view.seller_response_due_date) - Date.parse(view.create_time)).toBe(10 * DAY_MS);
    expect(rels(view)).toEqual(["self", "provide_evidence", "accept_claim", "send_message"]);
    expect(view).not.toHaveProperty("dispute_outcome");
    expect(view).not.toHaveProperty("evidences");

    expect((await show(token, id)).body).toEqual(view);
    const [created] = await hook.next(1);
    expect(created!.event).toMatchObject({
      event_type: "CUSTOMER.DISPUTE.CREATED",
      resource_type: "dispute",
      summary: `A new dispute opened with Case # ${id}`,
      resource: view,
    });
    expect(created!.event.resource).not.toHaveProperty("id");
    const verified = await call("/v1/notifications/verify-webhook-signature", {
      token,
      json: verification(created!, hook.webhookId),
    });
    expect(verified.body.verification_status).toBe("SUCCESS");
    const logged = sandbox()
      .sandbox.webhookDeliveries()
      .filter((d) => d.webhook_id === hook.webhookId);
    expect(logged.map((d) => [d.event_type, d.resource_id])).toEqual([["CUSTOMER.DISPUTE.CREATED", id]]);
  });

  it("refuses an unknown capture, one with nothing left to dispute, an unknown reason and too large an amount", async () => {
    const { captureId } = await captured("10.00");
    expect((await open("NOSUCHCAPTURE0000")).status).toBe(404);
    const reason = await open(captureId, { reason: "I_CHANGED_MY_MIND" });
    expect(reason.status).toBe(400);
    expect(reason.body.details[0]).toMatchObject({ field: "/reason", issue: "INVALID_PARAMETER_VALUE" });
    expect(reason.body.details[0].description).toContain("PROBLEM_WITH_REMITTANCE");
    expect((await open(captureId, { stage: "ARBITRATION" })).status).toBe(400);
    expect((await open(captureId, { amount: "ten" })).status).toBe(400);
    sandbox().sandbox.refundCapture(captureId, "4.00");
    const tooMuch = await open(captureId, { amount: "6.01" });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.details[0].issue).toBe("DISPUTE_AMOUNT_EXCEEDED");
    // By default a case is for what is left of the capture.
    expect((await open(captureId)).body.dispute_amount).toEqual(usd("6.00"));
    sandbox().sandbox.refundCapture(captureId);
    const refunded = await open(captureId);
    expect(refunded.status).toBe(422);
    expect(refunded.body.details[0].issue).toBe("CAPTURE_NOT_DISPUTABLE");
  });
});

describe("Disputes: the app pulls its cases", () => {
  it("lists them by update time with paging, update_time_after and filters, and only its own", async () => {
    const { token, captureId } = await captured("10.00");
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await open(captureId, { amount: "1.00" })).body.dispute_id);
      await tick();
    }

    const first = await list(token, "?page_size=2");
    expect(first.status).toBe(200);
    expect(first.body.items.map((item: { dispute_id: string }) => item.dispute_id)).toEqual(ids.slice(0, 2));
    expect(first.body.items[0]).toEqual({
      dispute_id: ids[0],
      create_time: expect.any(String),
      update_time: expect.any(String),
      reason: "MERCHANDISE_OR_SERVICE_NOT_RECEIVED",
      status: "WAITING_FOR_SELLER_RESPONSE",
      dispute_state: "REQUIRED_ACTION",
      dispute_amount: usd("1.00"),
      dispute_life_cycle_stage: "INQUIRY",
      dispute_channel: "INTERNAL",
      links: [{ href: `${sandbox().url}/v1/customer/disputes/${ids[0]}`, rel: "self", method: "GET" }],
    });
    const next = first.body.links.find((link: { rel: string }) => link.rel === "next");
    expect(new URL(next.href).searchParams.get("next_page_token")).toMatch(/^[A-Za-z0-9+/=]+$/);
    const second = await list(token, next.href.slice(`${sandbox().url}/v1/customer/disputes`.length));
    expect(second.body.items.map((item: { dispute_id: string }) => item.dispute_id)).toEqual(ids.slice(2));
    expect(rels(second.body)).not.toContain("next");

    // A change moves a case to the end; update_time_after finds what changed since.
    const since = (await show(token, ids[2]!)).body.update_time as string;
    await tick();
    expect((await act(token, ids[0]!, "send-message", { message: "Shipped on Monday." })).status).toBe(200);
    const changed = await list(
      token,
      `?update_time_after=${encodeURIComponent(new Date(Date.parse(since) + 1).toISOString())}`,
    );
    expect(changed.body.items.map((item: { dispute_id: string }) => item.dispute_id)).toEqual([ids[0]]);
    const all = await list(token);
    expect(all.body.items.map((item: { dispute_id: string }) => item.dispute_id)).toEqual([ids[1], ids[2], ids[0]]);
    const before = await list(token, `?update_time_before=${encodeURIComponent(since)}`);
    expect(before.body.items.map((item: { dispute_id: string }) => item.dispute_id)).toEqual([ids[1], ids[2]]);

    expect((await list(token, `?disputed_transaction_id=${captureId}`)).body.items).toHaveLength(3);
    expect((await list(token, "?disputed_transaction_id=OTHERCAPTURE00000")).body.items).toEqual([]);
    expect((await list(token, "?dispute_state=RESOLVED")).body.items).toEqual([]);
    expect((await list(token, "?dispute_state=RESOLVED,REQUIRED_ACTION")).body.items).toHaveLength(3);
    expect((await list((await newMerchant(sandbox())).token)).body.items).toEqual([]);
  });

  it("answers bad query values with PayPal's validation errors", async () => {
    const { token } = await newMerchant(sandbox());
    for (const [query, field, issue] of [
      ["?page_size=0", "page_size", "INVALID_PAGE_SIZE"],
      ["?page_size=51", "page_size", "INVALID_PAGE_SIZE"],
      ["?page_size=ten", "page_size", "INVALID_PAGE_SIZE"],
      ["?update_time_after=yesterday", "update_time_after", "INVALID_PARAMETER_SYNTAX"],
      ["?update_time_before=2026-13-01T00:00:00Z", "update_time_before", "INVALID_PARAMETER_SYNTAX"],
      ["?dispute_state=OPEN", "dispute_state", "INVALID_PARAMETER_VALUE"],
      ["?disputed_transaction_id=not-an-id", "disputed_transaction_id", "INVALID_PARAMETER_SYNTAX"],
      ["?next_page_token=%25%25", "next_page_token", "INVALID_PARAMETER_VALUE"],
    ]) {
      const { status, body } = await list(token, query);
      expect(status, query).toBe(400);
      expect(body, query).toMatchObject({ name: "VALIDATION_ERROR", details: [{ field, issue, location: "query" }] });
    }
    expect((await call("/v1/customer/disputes")).status).toBe(401);
  });

  it("shows another app's case to no one else: 404 on every call", async () => {
    const { token, captureId } = await captured();
    const id = (await open(captureId)).body.dispute_id as string;
    const other = await newMerchant(sandbox());
    const unknown = await show(other.token, id);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ name: "RESOURCE_NOT_FOUND", details: [{ issue: "INVALID_RESOURCE_ID" }] });
    expect((await act(other.token, id, "accept-claim", { note: "Mine?" })).status).toBe(404);
    expect((await act(other.token, id, "send-message", { message: "Hello" })).status).toBe(404);
    expect(
      (await provideEvidence(other.token, id, { evidences: [{ evidence_type: "OTHER", notes: "x" }] })).status,
    ).toBe(404);
    expect((await show(token, "PP-D-000000")).status).toBe(404);
    expect((await show(token, id)).body.status).toBe("WAITING_FOR_SELLER_RESPONSE");
  });
});

describe("Disputes: the seller answers", () => {
  it("takes evidence with a real PDF: UNDER_REVIEW, no deadline, CUSTOMER.DISPUTE.UPDATED, the file's metadata kept", async () => {
    const { clientId, token, captureId } = await captured();
    const id = (await open(captureId)).body.dispute_id as string;
    const hook = await webhookOf(clientId);
    const receipt = pdfFile("Delivered 2026-11-20");
    const answer = await provideEvidence(
      token,
      id,
      { evidences: [{ evidence_type: "PROOF_OF_FULFILLMENT", notes: "Download log attached." }] },
      [{ name: "receipt.pdf", bytes: receipt, type: "application/pdf" }],
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      links: [{ href: `${sandbox().url}/v1/customer/disputes/${id}`, rel: "self", method: "GET" }],
    });
    const view = (await show(token, id)).body;
    expect(view).toMatchObject({
      status: "UNDER_REVIEW",
      dispute_state: "UNDER_PAYPAL_REVIEW",
      evidences: [
        {
          evidence_type: "PROOF_OF_FULFILLMENT",
          notes: "Download log attached.",
          documents: [{ name: "receipt.pdf" }],
          source: "SUBMITTED_BY_SELLER",
          date: view.update_time,
          dispute_life_cycle_stage: "INQUIRY",
        },
      ],
    });
    expect(view).not.toHaveProperty("seller_response_due_date");
    expect(rels(view)).toEqual(["self", "accept_claim", "send_message"]);
    expect((await sandboxView(id)).sandbox.evidence_files).toEqual([
      {
        name: "receipt.pdf",
        content_type: "application/pdf",
        size: receipt.length,
        sha256: createHash("sha256").update(receipt).digest("hex"),
      },
    ]);
    const [updated] = await hook.next(1);
    expect(updated!.event).toMatchObject({ event_type: "CUSTOMER.DISPUTE.UPDATED", resource: view });

    const again = await provideEvidence(token, id, { evidences: [{ evidence_type: "OTHER", notes: "More." }] });
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({
      name: "UNPROCESSABLE_ENTITY",
      details: [{ issue: "ACTION_NOT_ALLOWED_IN_CURRENT_DISPUTE_STATE" }],
    });
  });

  it("refuses an .exe, a file over 10 MB, a bad input and the wrong media type, and changes nothing", async () => {
    const { token, captureId } = await captured();
    const id = (await open(captureId)).body.dispute_id as string;
    const input = { evidences: [{ evidence_type: "OTHER", notes: "See file." }] };
    const exe = Buffer.concat([Buffer.from("MZ\x90\x00", "latin1"), Buffer.alloc(200)]);
    for (const file of [
      { name: "tool.exe", bytes: exe, type: "application/x-msdownload" },
      { name: "tool.pdf", bytes: exe, type: "application/pdf" },
      { name: "receipt.exe", bytes: pdfFile("renamed"), type: "application/octet-stream" },
      { name: "photo.png", bytes: pngFile(), type: "application/pdf" },
      { name: "huge.png", bytes: pngFile({ totalBytes: 10 * MB + 1 }), type: "image/png" },
    ]) {
      const { status, body } = await provideEvidence(token, id, input, [file]);
      expect(status, file.name).toBe(422);
      expect(body.details[0], file.name).toMatchObject({ issue: "INVALID_EVIDENCE_FILE", value: file.name });
    }
    const tooLong = await provideEvidence(token, id, {
      evidences: [{ evidence_type: "OTHER", notes: "x".repeat(2001) }],
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.details[0]).toMatchObject({ issue: "INVALID_STRING_LENGTH", field: "/evidences/0/notes" });
    const noType = await provideEvidence(token, id, { evidences: [{ notes: "What?" }] });
    expect(noType.body.details[0].issue).toBe("MISSING_EVIDENCE_TYPE");
    const tracking = await provideEvidence(token, id, {
      evidences: [
        { evidence_type: "PROOF_OF_FULFILLMENT", evidence_info: { tracking_info: [{ carrier_name: "UPS" }] } },
      ],
    });
    expect(tracking.body.details[0].issue).toBe("MISSING_TRACKING_INFO");
    const text = await fetch(`${sandbox().url}/v1/customer/disputes/${id}/provide-evidence`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "text/plain" },
      body: "evidence",
    });
    expect(text.status).toBe(415);

    const view = (await show(token, id)).body;
    expect(view.status).toBe("WAITING_FOR_SELLER_RESPONSE");
    expect(view).not.toHaveProperty("evidences");
    expect((await sandboxView(id)).sandbox.evidence_files).toEqual([]);
    // A file of exactly 10 MB goes in.
    const limit = pngFile({ totalBytes: 10 * MB });
    expect(
      (await provideEvidence(token, id, input, [{ name: "limit.png", bytes: limit, type: "image/png" }])).status,
    ).toBe(200);
  });

  it("refuses evidence once the seller's deadline passed", async () => {
    const { token, captureId } = await captured();
    for (const days of [0, -2]) {
      const view = (await open(captureId, { amount: "1.00", due_in_days: days })).body;
      expect(Date.parse(view.seller_response_due_date)).toBeLessThanOrEqual(Date.now());
      expect(rels(view)).not.toContain("provide_evidence");
      const late = await provideEvidence(
        token,
        view.dispute_id,
        { evidences: [{ evidence_type: "OTHER", notes: "x" }] },
        [{ name: "receipt.pdf", bytes: pdfFile("late"), type: "application/pdf" }],
      );
      expect(late.status).toBe(422);
      expect(late.body.details[0].issue).toBe("ACTION_NOT_ALLOWED_IN_CURRENT_DISPUTE_STATE");
      expect(late.body.details[0].description).toContain("deadline");
    }
  });

  it("accepts a claim: one refund of the disputed amount, then CUSTOMER.DISPUTE.RESOLVED", async () => {
    const { clientId, token, captureId } = await captured("30.00");
    const id = (await open(captureId, { amount: "12.00" })).body.dispute_id as string;
    const hook = await webhookOf(clientId);
    const noNote = await act(token, id, "accept-claim", {});
    expect(noNote.status).toBe(400);
    expect(noNote.body.details[0]).toMatchObject({ issue: "MISSING_REQUIRED_PARAMETER", field: "/note" });
    expect((await act(token, id, "accept-claim", { note: "x", accept_claim_type: "PARTIAL_REFUND" })).status).toBe(422);
    expect((await act(token, id, "accept-claim", { note: "x", accept_claim_reason: "BORED" })).status).toBe(400);

    const accepted = await act(token, id, "accept-claim", {
      note: "Lost in the post.",
      accept_claim_reason: "LOST_IN_MAIL",
    });
    expect(accepted.status).toBe(200);
    expect(rels(accepted.body)).toEqual(["self"]);
    const [refunded, resolved] = await hook.next(2);
    expect(refunded!.event.event_type).toBe("PAYMENT.CAPTURE.REFUNDED");
    expect(refunded!.event.resource).toMatchObject({ amount: usd("12.00"), status: "COMPLETED" });
    expect(refunded!.event.resource.links).toContainEqual({
      href: `${sandbox().url}/v2/payments/captures/${captureId}`,
      rel: "up",
      method: "GET",
    });
    const view = (await show(token, id)).body;
    expect(resolved!.event).toMatchObject({ event_type: "CUSTOMER.DISPUTE.RESOLVED", resource: view });
    expect(view).toMatchObject({
      status: "RESOLVED",
      dispute_state: "RESOLVED",
      dispute_outcome: { outcome_code: "RESOLVED_BUYER_FAVOUR", amount_refunded: usd("12.00") },
    });
    expect(rels(view)).toEqual(["self"]);
    expect(view).not.toHaveProperty("seller_response_due_date");
    expect((await sandboxView(id)).sandbox).toMatchObject({ reversed: "0.00", accept_claim_note: "Lost in the post." });
    expect((await call(`/v2/payments/captures/${captureId}`, { token })).body.status).toBe("PARTIALLY_REFUNDED");

    const twice = await act(token, id, "accept-claim", { note: "Again." });
    expect(twice.status).toBe(422);
    expect(twice.body.details[0].issue).toBe("ACTION_NOT_ALLOWED_IN_CURRENT_DISPUTE_STATE");
    const tooMuch = await call(`/v2/payments/captures/${captureId}/refund`, { token, json: { amount: usd("18.01") } });
    expect(tooMuch.body.details[0].issue).toBe("REFUND_AMOUNT_EXCEEDED");
    expect(hook.types()).toEqual(["PAYMENT.CAPTURE.REFUNDED", "CUSTOMER.DISPUTE.RESOLVED"]);
  });

  it("sends the seller's messages during an inquiry and refuses them once resolved", async () => {
    const { clientId, token, captureId } = await captured();
    const id = (await open(captureId, { buyer_message: "Where is it?" })).body.dispute_id as string;
    const hook = await webhookOf(clientId);
    const empty = await act(token, id, "send-message", { message: "" });
    expect(empty.status).toBe(400);
    expect(empty.body.details[0]).toMatchObject({ issue: "INVALID_STRING_LENGTH", field: "/message" });
    expect((await act(token, id, "send-message", { message: "x".repeat(2001) })).status).toBe(400);
    const sent = await act(token, id, "send-message", { message: "The link is in your e-mail." });
    expect(sent.status).toBe(200);
    const view = (await show(token, id)).body;
    expect(view.messages).toEqual([
      { posted_by: "BUYER", time_posted: view.create_time, content: "Where is it?" },
      { posted_by: "SELLER", time_posted: view.update_time, content: "The link is in your e-mail." },
    ]);
    const [updated] = await hook.next(1);
    expect(updated!.event).toMatchObject({ event_type: "CUSTOMER.DISPUTE.UPDATED", resource: view });

    expect((await resolve(id, { favour: "SELLER" })).body.status).toBe("RESOLVED");
    const late = await act(token, id, "send-message", { message: "Thanks." });
    expect(late.status).toBe(422);
    expect(late.body.details[0].issue).toBe("ACTION_NOT_ALLOWED_IN_CURRENT_DISPUTE_STATE");
  });
});

describe("Disputes: PayPal moves the money", () => {
  it("takes the money at once for a chargeback; accepting the claim then moves nothing more", async () => {
    const { clientId, token, captureId } = await captured("20.00");
    const hook = await webhookOf(clientId);
    const opened = await open(captureId, { stage: "CHARGEBACK", reason: "UNAUTHORISED" });
    const id = opened.body.dispute_id as string;
    const [created, reversed] = await hook.next(2);
    expect(created!.event.event_type).toBe("CUSTOMER.DISPUTE.CREATED");
    expect(reversed!.event).toMatchObject({ event_type: "PAYMENT.CAPTURE.REVERSED", resource_type: "refund" });
    const reversal = (await call(`/v2/payments/refunds/${reversed!.event.resource.id}`, { token })).body;
    expect(reversed!.event.resource).toEqual(reversal);
    expect(reversal).toMatchObject({ amount: usd("20.00"), status: "COMPLETED", create_time: expect.any(String) });
    expect(reversal.links).toContainEqual({
      href: `${sandbox().url}/v2/payments/captures/${captureId}`,
      rel: "up",
      method: "GET",
    });
    expect(created!.event.resource).toMatchObject({
      dispute_life_cycle_stage: "CHARGEBACK",
      disputed_transactions: [{ transaction_status: "REVERSED" }],
      money_movements: [
        { affected_party: "SELLER", type: "DEBIT", amount: usd("20.00"), reason: "DISPUTE_SETTLEMENT" },
      ],
    });
    expect(rels(opened.body)).toEqual(["self", "provide_evidence", "accept_claim"]);
    expect((await sandboxView(id)).sandbox.reversed).toBe("20.00");
    expect((await call(`/v2/payments/captures/${captureId}`, { token })).body.status).toBe("REFUNDED");
    const refund = await call(`/v2/payments/captures/${captureId}/refund`, { token, json: {} });
    expect(refund.body.details[0].issue).toBe("CAPTURE_FULLY_REFUNDED");
    // Messages are for inquiries only.
    expect((await act(token, id, "send-message", { message: "Hello?" })).status).toBe(422);

    expect((await act(token, id, "accept-claim", { note: "Fair enough." })).status).toBe(200);
    await hook.next(3);
    expect(hook.types()).toEqual(["CUSTOMER.DISPUTE.CREATED", "PAYMENT.CAPTURE.REVERSED", "CUSTOMER.DISPUTE.RESOLVED"]);
    expect((await show(token, id)).body.dispute_outcome).toEqual({
      outcome_code: "RESOLVED_BUYER_FAVOUR",
      amount_refunded: usd("20.00"),
    });
  });

  it("decides for the buyer: PAYMENT.CAPTURE.REVERSED, then CUSTOMER.DISPUTE.RESOLVED", async () => {
    const { clientId, token, captureId } = await captured("15.00");
    const id = (await open(captureId)).body.dispute_id as string;
    const hook = await webhookOf(clientId);
    const decided = await resolve(id, { favour: "BUYER" });
    expect(decided.status).toBe(200);
    expect(decided.body).toMatchObject({
      status: "RESOLVED",
      dispute_outcome: { outcome_code: "RESOLVED_BUYER_FAVOUR", amount_refunded: usd("15.00") },
    });
    const [reversed, resolved] = await hook.next(2);
    expect(reversed!.event.event_type).toBe("PAYMENT.CAPTURE.REVERSED");
    expect(reversed!.event.resource.amount).toEqual(usd("15.00"));
    expect(resolved!.event).toMatchObject({ event_type: "CUSTOMER.DISPUTE.RESOLVED", resource: decided.body });
    expect((await call(`/v2/payments/captures/${captureId}`, { token })).body.status).toBe("REFUNDED");
    expect((await resolve(id, { favour: "SELLER" })).status).toBe(422);
    expect((await resolve(id, { favour: "NOBODY" })).status).toBe(400);
  });

  it("decides for the seller after an escalation: the money PayPal took comes back", async () => {
    const { clientId, token, captureId } = await captured("20.00");
    sandbox().sandbox.refundCapture(captureId, "5.00");
    const id = (await open(captureId)).body.dispute_id as string;
    const hook = await webhookOf(clientId);
    const escalated = await update(id, { stage: "CHARGEBACK" });
    expect(escalated.status).toBe(200);
    expect(escalated.body.dispute_life_cycle_stage).toBe("CHARGEBACK");
    const [updated, reversed] = await hook.next(2);
    expect(updated!.event.event_type).toBe("CUSTOMER.DISPUTE.UPDATED");
    expect(reversed!.event).toMatchObject({
      event_type: "PAYMENT.CAPTURE.REVERSED",
      resource: { amount: usd("15.00") },
    });
    expect((await call(`/v2/payments/captures/${captureId}`, { token })).body.status).toBe("REFUNDED");
    // Escalating further takes nothing more.
    expect((await update(id, { stage: "ARBITRATION", status: "UNDER_REVIEW" })).status).toBe(200);
    expect((await sandboxView(id)).sandbox.reversed).toBe("15.00");

    const won = await resolve(id, { favour: "SELLER" });
    expect(won.body).toMatchObject({
      status: "RESOLVED",
      dispute_outcome: { outcome_code: "RESOLVED_SELLER_FAVOUR" },
      money_movements: [
        { type: "DEBIT", amount: usd("15.00") },
        { type: "CREDIT", amount: usd("15.00") },
      ],
    });
    await hook.next(4);
    expect(hook.types()).toEqual([
      "CUSTOMER.DISPUTE.UPDATED",
      "PAYMENT.CAPTURE.REVERSED",
      "CUSTOMER.DISPUTE.UPDATED",
      "CUSTOMER.DISPUTE.RESOLVED",
    ]);
    expect((await sandboxView(id)).sandbox.reversed).toBe("0.00");
    const capture = (await call(`/v2/payments/captures/${captureId}`, { token })).body;
    expect(capture.status).toBe("PARTIALLY_REFUNDED");
    // What PayPal gave back can be refunded again.
    const refund = await call(`/v2/payments/captures/${captureId}/refund`, { token, json: {} });
    expect(refund.status).toBe(201);
    expect((await call(`/v2/payments/refunds/${refund.body.id}`, { token })).body.amount).toEqual(usd("15.00"));
  });

  it("moves a case along: statuses, deadlines, buyer messages; stages only go forward", async () => {
    const { captureId } = await captured();
    const id = (await open(captureId)).body.dispute_id as string;
    const reviewing = await update(id, { status: "UNDER_REVIEW", buyer_message: "I still have nothing." });
    expect(reviewing.body).toMatchObject({
      status: "UNDER_REVIEW",
      dispute_state: "UNDER_PAYPAL_REVIEW",
      messages: [{ posted_by: "BUYER", content: "I still have nothing." }],
    });
    expect(reviewing.body).not.toHaveProperty("seller_response_due_date");
    expect((await update(id, { due_in_days: 3 })).status).toBe(400);
    const asked = await update(id, { status: "WAITING_FOR_SELLER_RESPONSE", due_in_days: 3 });
    expect(Date.parse(asked.body.seller_response_due_date) - Date.parse(asked.body.update_time)).toBeLessThan(
      3 * DAY_MS + 1000,
    );
    expect(Date.parse(asked.body.seller_response_due_date) - Date.now()).toBeGreaterThan(3 * DAY_MS - 60_000);
    expect(rels(asked.body)).toContain("provide_evidence");
    const waiting = await update(id, { status: "WAITING_FOR_BUYER_RESPONSE" });
    expect(waiting.body.dispute_state).toBe("REQUIRED_OTHER_PARTY_ACTION");
    expect((await update(id, { status: "WAITING_FOR_SELLER_RESPONSE" })).body.seller_response_due_date).toBeDefined();
    expect((await update(id, { stage: "PRE_ARBITRATION" })).status).toBe(200);
    const back = await update(id, { stage: "INQUIRY" });
    expect(back.status).toBe(400);
    expect(back.body.details[0].field).toBe("/stage");
    expect((await update(id, {})).status).toBe(400);
    expect((await update(id, { status: "RESOLVED" })).status).toBe(400);
    expect((await update("PP-D-000000", { status: "OPEN" })).status).toBe(404);
  });

  it("sends no webhook for silent changes; the app sees them by pulling", async () => {
    const { clientId, token, captureId } = await captured("20.00");
    const hook = await webhookOf(clientId);
    const since = new Date().toISOString();
    const id = (await open(captureId, { silent: true, amount: "8.00" })).body.dispute_id as string;
    expect((await update(id, { stage: "CHARGEBACK", silent: true })).status).toBe(200);
    expect((await resolve(id, { favour: "BUYER", silent: true })).status).toBe(200);
    // Events are queued as the change is made: none was.
    expect(
      sandbox()
        .sandbox.webhookDeliveries()
        .filter((d) => d.webhook_id === hook.webhookId),
    ).toEqual([]);
    const pulled = await list(token, `?update_time_after=${encodeURIComponent(since)}`);
    expect(pulled.body.items).toMatchObject([
      { dispute_id: id, status: "RESOLVED", dispute_life_cycle_stage: "CHARGEBACK" },
    ]);
    expect((await show(token, id)).body.money_movements).toMatchObject([{ type: "DEBIT", amount: usd("8.00") }]);
    expect((await call(`/v2/payments/captures/${captureId}`, { token })).body.status).toBe("PARTIALLY_REFUNDED");

    // A loud change after the silent ones is the first thing delivered.
    expect((await open(captureId, { amount: "1.00" })).status).toBe(201);
    await hook.next(1);
    expect(hook.types()).toEqual(["CUSTOMER.DISPUTE.CREATED"]);
    expect(hook.received[0]!.event.resource.dispute_id).not.toBe(id);
  });
});

describe("Disputes: persistence", () => {
  it("loads a state saved before disputes existed and keeps the cases across restarts", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "paypal-sandbox-"));
    try {
      const before = await startPayPalSandbox({ dataDir: dir });
      await before.close();
      const snapshot = path.join(dir, "paypal-sandbox.json");
      const saved = JSON.parse(readFileSync(snapshot, "utf8")) as Record<string, unknown>;
      delete saved.disputes;
      writeFileSync(snapshot, JSON.stringify(saved));

      const running = await startPayPalSandbox({ dataDir: dir });
      const request = caller(() => running);
      const merchant = await newMerchant(running);
      const order = await request("/v2/checkout/orders", {
        token: merchant.token,
        json: { intent: "CAPTURE", purchase_units: [{ amount: usd("9.00") }] },
      });
      running.sandbox.approveOrder(order.body.id);
      const done = await request(`/v2/checkout/orders/${order.body.id}/capture`, { token: merchant.token, json: {} });
      const captureId = done.body.purchase_units[0].payments.captures[0].id as string;
      const opened = await request(`/__sandbox/captures/${captureId}/dispute`, {
        json: { reason: "INCORRECT_AMOUNT", stage: "CHARGEBACK" },
      });
      expect(opened.status).toBe(201);
      await running.close();

      const restarted = await startPayPalSandbox({ dataDir: dir });
      try {
        const again = caller(() => restarted);
        const view = await again(`/v1/customer/disputes/${opened.body.dispute_id}`, { token: merchant.token });
        expect(view.body).toEqual({ ...opened.body, links: view.body.links });
        expect((await again(`/__sandbox/disputes/${opened.body.dispute_id}`)).body.sandbox.reversed).toBe("9.00");
      } finally {
        await restarted.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
