import { describe, expect, it } from "vitest";
import { REFUSAL_MESSAGES } from "../../sandbox/paypal";
import { type FakeElement, type Namespace, byLabel, loadFakeSdk, waitFor } from "./fake-dom";
import { merchantCallback, newMerchant, paypalSandboxPerFile } from "./paypal-api";
import { orderBody, store } from "./shipping-store";

// Where the buyer picks the address and option: the fake SDK's buyer window and the redirect approval page. Both
// call the merchant back through the sandbox, as PayPal's review page does.

const { sandbox, call } = paypalSandboxPerFile();

const lines = (dialog: FakeElement) =>
  dialog
    .all()
    .filter((el) => el.tagName === "p")
    .map((el) => el.textContent);
const alertOf = (dialog: FakeElement) => dialog.all().find((el) => el.getAttribute("role") === "alert")!;

/** Picks `value` in a select, as a buyer does, and waits until the window shows the line `shows` (or `until`). */
async function choose(dialog: FakeElement, label: string, value: string, shows: string | (() => boolean)) {
  const select = byLabel(dialog, label)!;
  select.value = value;
  select.dispatch("change");
  await waitFor(() => (typeof shows === "string" ? lines(dialog).includes(shows) : shows()) || undefined);
}

describe("the buyer window", () => {
  it("prices each address and option through the callback, shows refusals, and approves with the picks", async () => {
    const merchant = await merchantCallback(store);
    const { clientId, token } = await newMerchant(sandbox());
    const { context, body, container } = await loadFakeSdk(sandbox().url, `client-id=${clientId}&currency=USD`);
    let orderId = "";
    const approved = new Promise<Record<string, unknown>>((resolve) => {
      void (context.paypal as Namespace)
        .Buttons({
          createOrder: async () => {
            const order = await call("/v2/checkout/orders", { token, json: orderBody({ callbackUrl: merchant.url }) });
            return (orderId = order.body.id as string);
          },
          onApprove: async (data: Record<string, unknown>) => resolve(data),
          onError: (err: Error) => resolve({ error: err.message }),
        })
        .render("#paypal-button");
    });
    await waitFor(() => container.all().find((el) => el.tagName === "button"));
    container
      .all()
      .find((el) => el.tagName === "button")!
      .click();
    const dialog = await waitFor(() => body.all().find((el) => el.getAttribute("role") === "dialog"));

    // The review page prices the preselected address as it loads.
    const shipTo = await waitFor(() => byLabel(dialog, "Ship to"));
    expect(shipTo.value).toBe("us-ca");
    await waitFor(() => lines(dialog).includes("Shipping $5.00") || undefined);
    expect(lines(dialog)).toEqual(expect.arrayContaining(["$25.00 USD", "Items $20.00", "Shipping $5.00"]));
    expect(merchant.received.map((r) => r.body.shipping_address.admin_area_2)).toEqual(["San Jose"]);
    expect(byLabel(dialog, "Shipping option")!.value).toBe("standard");

    await choose(dialog, "Ship to", "us-ny", "Tax $2.18");
    expect(lines(dialog)).toEqual(expect.arrayContaining(["$27.18 USD", "Shipping $5.00", "Tax $2.18"]));
    // The total is the headline alone: browser tests find it by its text.
    expect(lines(dialog).filter((line) => line.includes("$27.18"))).toEqual(["$27.18 USD"]);
    await choose(dialog, "Shipping option", "express", "Shipping $15.00");
    expect(lines(dialog)).toContain("$37.18 USD");

    const approve = dialog.all().find((el) => el.tagName === "button" && el.textContent === "Approve")!;
    await choose(dialog, "Ship to", "au-nsw", REFUSAL_MESSAGES.COUNTRY_ERROR!);
    expect(alertOf(dialog).getAttribute("hidden")).toBeNull();
    expect((approve as unknown as { disabled: boolean }).disabled).toBe(true);
    approve.click();

    await choose(dialog, "Ship to", "us-ny", () => alertOf(dialog).getAttribute("hidden") === "");
    expect(lines(dialog)).toContain("$37.18 USD");
    expect((approve as unknown as { disabled: boolean }).disabled).toBe(false);
    approve.click();
    const data = await approved;
    expect(data).toMatchObject({ orderID: orderId, payerID: "ALEXBUY3R7Q2L" });

    const captured = await call(`/v2/checkout/orders/${orderId}/capture`, { token, json: {} });
    const unit = captured.body.purchase_units[0];
    expect(unit.payments.captures[0].amount.value).toBe("37.18");
    expect(unit.shipping.address).toMatchObject({ address_line_1: "350 Fifth Avenue", admin_area_1: "NY" });
    expect(unit.shipping.options.find((o: { selected: boolean }) => o.selected).id).toBe("express");
  });

  it("shows no address picker for an order that does not ship", async () => {
    const { clientId, token } = await newMerchant(sandbox());
    const { context, body, container } = await loadFakeSdk(sandbox().url, `client-id=${clientId}`);
    void (context.paypal as Namespace)
      .Buttons({
        createOrder: async () =>
          (await call("/v2/checkout/orders", { token, json: orderBody({ preference: "NO_SHIPPING" }) })).body.id,
      })
      .render("#paypal-button");
    await waitFor(() => container.all().find((el) => el.tagName === "button"));
    container
      .all()
      .find((el) => el.tagName === "button")!
      .click();
    const dialog = await waitFor(() => body.all().find((el) => el.getAttribute("role") === "dialog"));
    await waitFor(() => dialog.all().find((el) => el.tagName === "button" && el.textContent === "Approve"));
    expect(byLabel(dialog, "Ship to")).toBeUndefined();
  });
});

describe("the approval page", () => {
  const form = (fields: Record<string, string>) =>
    fetch(`${sandbox().url}/checkoutnow`, {
      method: "POST",
      body: new URLSearchParams({ buyer: "alex", action: "approve", ...fields }),
      redirect: "manual",
    });

  it("offers the address book, re-renders a refusal and approves with the picked address", async () => {
    const merchant = await merchantCallback(store);
    const { token } = await newMerchant(sandbox());
    const id = (await call("/v2/checkout/orders", { token, json: orderBody({ callbackUrl: merchant.url }) })).body.id;

    const page = await (await fetch(`${sandbox().url}/checkoutnow?token=${id}`)).text();
    expect(page).toContain('<label for="address">Ship to</label><select id="address" name="address">');
    expect(page).toContain('<option value="us-ca" selected>2211 N First Street, San Jose, CA 95131, US</option>');
    expect(page).toContain("Shipping 5.00 USD");
    expect(merchant.received).toHaveLength(1);

    const refused = await form({ token: id, address: "au-nsw" });
    expect(refused.status).toBe(422);
    const again = await refused.text();
    expect(again).toContain(
      `<p class="error" role="alert">${REFUSAL_MESSAGES.COUNTRY_ERROR!.replace("'", "&#39;")}</p>`,
    );
    expect(again).toContain('<option value="au-nsw" selected>');

    const done = await form({ token: id, address: "us-ny" });
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toMatch(/^https:\/\/shop\.example\/return\?token=[A-Z0-9]+&PayerID=/);
    const order = (await call(`/v2/checkout/orders/${id}`, { token })).body;
    expect(order.status).toBe("APPROVED");
    expect(order.purchase_units[0].amount.value).toBe("27.18");
    expect(order.purchase_units[0].shipping.address.admin_area_2).toBe("New York");
  });
});
