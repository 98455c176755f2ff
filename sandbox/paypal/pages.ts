import { DEFAULT_ADDRESS_ID, TEST_ADDRESSES } from "./addresses";
import { PayPalError, escapeHtml, readForm, redirect, sendHtml } from "./http";
import { TEST_BUYERS } from "./identities";
import { approveOrder, buyerPicksAddress } from "./orders";
import type { RestContext } from "./http";
import { REFUSAL_MESSAGES, chooseShipping } from "./shipping-callback";
import type { Order, PurchaseUnit } from "./state";
import { approveSubscription } from "./subscription-billing";

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;min-height:100vh;background:#f5f7fa;color:#2c2e2f;font:15px/1.45 system-ui,-apple-system,"Helvetica Neue",Arial,sans-serif;display:flex;align-items:center;justify-content:center;padding:24px}
  main{background:#fff;border-radius:12px;box-shadow:0 8px 30px rgba(0,0,0,.12);width:min(460px,100%);padding:24px}
  header{display:flex;align-items:center;gap:8px;margin-bottom:12px}
  .logo{font:italic 800 24px Verdana,Arial,sans-serif}.pay{color:#003087}.pal{color:#0070e0}
  .badge{font-size:11px;font-weight:600;background:#fff4ce;color:#6b4e00;border-radius:4px;padding:2px 6px}
  h1{font-size:20px;margin:8px 0 12px}
  table{width:100%;border-collapse:collapse;margin:8px 0 12px}td{padding:6px 0;border-bottom:1px solid #eceff1}td+td{text-align:right}
  tr.total td{font-weight:700;font-size:17px;border-bottom:0}
  label{display:block;font-weight:600;margin:14px 0 6px}
  select,input{width:100%;padding:10px;border:1px solid #9da3a6;border-radius:6px;font-size:15px;background:#fff;color:inherit}
  .actions{display:grid;gap:10px;margin-top:18px}
  button{height:44px;border-radius:22px;font-size:15px;font-weight:600;cursor:pointer;padding:0 18px}
  .primary{border:0;background:#ffc439;color:#111}.primary:hover{background:#f2ba36}
  .secondary{border:1px solid #9da3a6;background:#fff;color:#2c2e2f}
  .link{border:0;background:none;color:#0070e0;height:auto;padding:4px}
  .error{background:#fdecea;color:#8a1c12;border-radius:6px;padding:10px 12px;margin:8px 0}
  .note{font-size:12px;color:#6c7378;margin-top:14px}
`;

/** A page of the sandbox's own "PayPal site" (WPS pay page, redirect approval), styled like a PayPal card. */
export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} — PayPal sandbox</title><style>${STYLE}</style></head><body><main>
<header><span class="logo" aria-label="PayPal"><span class="pay">Pay</span><span class="pal">Pal</span></span><span class="badge">SANDBOX</span></header>
${body}
<p class="note">Local PayPal sandbox: no real account, no real money.</p></main></body></html>`;
}

export const buyerSelect = (selected = TEST_BUYERS[0]!.id) => `<label for="buyer">Test buyer</label>
<select id="buyer" name="buyer">${TEST_BUYERS.map(
  (b) => `<option value="${b.id}"${b.id === selected ? " selected" : ""}>${escapeHtml(b.label)}</option>`,
).join("")}</select>`;

export const messagePage = (title: string, message: string) =>
  page(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`);

/** `url` with these query parameters set, or undefined when it is not an absolute URL. */
export function withParams(url: string | undefined, params: Record<string, string>): string | undefined {
  if (!url || !URL.canParse(url)) return undefined;
  const target = new URL(url);
  for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
  return target.toString();
}

/** Order (token=) or subscription (ba_token=) behind an approve link. */
function approvable(ctx: RestContext, params: URLSearchParams) {
  const token = params.get("token");
  const baToken = params.get("ba_token");
  const order = token ? ctx.store.data.orders[token] : undefined;
  const sub = baToken
    ? Object.values(ctx.store.data.subscriptions).find((s) => s.approval_token === baToken)
    : undefined;
  return { order, sub };
}

type Breakdown = Partial<Record<"item_total" | "shipping" | "tax_total" | "discount", { value: string }>>;

/** The order's items, shipping, tax and discount as PayPal's window lists them, when the order carries them. */
function itemList(unit: PurchaseUnit): string {
  const items = (unit.items ?? []) as { name: string; quantity: string; unit_amount: { value: string } }[];
  const breakdown = (unit.amount.breakdown ?? {}) as Breakdown;
  const currency = unit.amount.currency_code;
  const lines = items.map((item) => `${item.name} × ${item.quantity}, ${item.unit_amount.value} ${currency} each`);
  if (breakdown.discount) lines.push(`Discount −${breakdown.discount.value} ${currency}`);
  if (breakdown.shipping) lines.push(`Shipping ${breakdown.shipping.value} ${currency}`);
  if (breakdown.tax_total) lines.push(`Tax ${breakdown.tax_total.value} ${currency}`);
  return lines.length === 0 ? "" : `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>`;
}

/** The "Ship to" select of an order whose address the buyer picks, with the merchant's refusal of the pick. */
function shipToSelect(order: Order, selected: string, refusal: string | undefined) {
  if (!buyerPicksAddress(order)) return "";
  const options = TEST_ADDRESSES.map(
    (a) => `<option value="${a.id}"${a.id === selected ? " selected" : ""}>${escapeHtml(a.label)}</option>`,
  ).join("");
  const message = refusal
    ? `<p class="error" role="alert">${escapeHtml(REFUSAL_MESSAGES[refusal] ?? refusal)}</p>`
    : "";
  return `<label for="address">Ship to</label><select id="address" name="address">${options}</select>${message}`;
}

/** The approval page; `shown` keeps the buyer's picks (and a refusal) when the page comes back. */
function approvalPage(
  order: Order | undefined,
  sub: { approval_token: string; plan_id: string } | undefined,
  shown: { buyer?: string; address: string; refusal?: string },
) {
  const hidden = order
    ? `<input type="hidden" name="token" value="${escapeHtml(order.id)}">`
    : `<input type="hidden" name="ba_token" value="${escapeHtml(sub!.approval_token)}">`;
  const unit = order?.purchase_units[0];
  const what = unit
    ? `<p><strong>${escapeHtml(`${unit.amount.value} ${unit.amount.currency_code}`)}</strong> to ${escapeHtml(unit.payee.email_address)}</p>${unit.description ? `<p>${escapeHtml(unit.description)}</p>` : ""}${itemList(unit)}`
    : `<p>Subscription to plan <strong>${escapeHtml(sub!.plan_id)}</strong></p>`;
  return page(
    "Approve",
    `<h1>${order ? "Pay with PayPal" : "Subscribe with PayPal"}</h1>${what}
<form method="post" action="/checkoutnow">${hidden}${buyerSelect(shown.buyer)}${order ? shipToSelect(order, shown.address, shown.refusal) : ""}
<div class="actions"><button class="primary" name="action" value="approve">Approve</button>
<button class="secondary" name="action" value="cancel">Cancel</button></div></form>`,
  );
}

/**
 * GET /checkoutnow: the page behind the `approve` link of orders and subscriptions (redirect integrations). As
 * PayPal's review page loads, the merchant's order-update callback prices the preselected address.
 */
export async function handleApprovalPage(ctx: RestContext, query: URLSearchParams) {
  const { order, sub } = approvable(ctx, query);
  if (!order && !sub) {
    sendHtml(ctx.res, 404, messagePage("Link not valid", "This checkout link is not valid or has expired."));
    return;
  }
  if (order && buyerPicksAddress(order) && order.status !== "COMPLETED") await chooseShipping(ctx, order, {});
  const choice = order?.shipping_choice;
  sendHtml(
    ctx.res,
    200,
    approvalPage(order, sub, { address: choice?.address ?? DEFAULT_ADDRESS_ID, refusal: choice?.refusal }),
  );
}

/**
 * POST /checkoutnow: approve and go to return_url (token, PayerID), or cancel and go to cancel_url. An address
 * the merchant refuses brings the page back with PayPal's message.
 */
export async function handleApprovalSubmit(ctx: RestContext) {
  const form = await readForm(ctx.req);
  const { order, sub } = approvable(ctx, form);
  if (!order && !sub) {
    sendHtml(ctx.res, 404, messagePage("Link not valid", "This checkout link is not valid or has expired."));
    return;
  }
  const approving = form.get("action") === "approve";
  const address = form.get("address") ?? undefined;
  try {
    if (approving && order) await approveOrder(ctx, order.id, form.get("buyer"), undefined, undefined, { address });
    if (approving && sub) approveSubscription(ctx, sub.id, form.get("buyer"));
  } catch (error) {
    if (!(error instanceof PayPalError)) throw error;
    const refusal = error.details[0]?.issue;
    if (order && refusal && refusal in REFUSAL_MESSAGES) {
      const shown = { buyer: form.get("buyer") ?? undefined, address: address ?? DEFAULT_ADDRESS_ID, refusal };
      sendHtml(ctx.res, error.status, approvalPage(order, sub, shown));
      return;
    }
    sendHtml(ctx.res, error.status, messagePage("Cannot approve", error.message));
    return;
  }
  const params: Record<string, string> = order
    ? { token: order.id, ...(approving && { PayerID: order.payer!.payer_id }) }
    : { subscription_id: sub!.id, ba_token: sub!.approval_token, token: sub!.approval_token };
  const target = withParams(approving ? (order ?? sub)!.return_url : (order ?? sub)!.cancel_url, params);
  if (target) redirect(ctx.res, target);
  else sendHtml(ctx.res, 200, messagePage(approving ? "Approved" : "Cancelled", "You can close this window."));
}
