import { describe, expect, it } from "vitest";
import { wpsButtonDefaults, type WpsButtonInput } from "~/schemas/wps";
import { decryptSecret } from "~/server/platform/crypto";
import { db } from "~/server/platform/db";
import { getWpsEmbed } from "~/server/wps/buttons";
import { connectPayPal } from "../../factories/store-settings";
import { unique } from "../../factories/unique";
import { anonymousCaller, twoMerchants } from "../../support/callers";
import { rejectionOf } from "../../support/rejection";
import { createWpsTransaction } from "../../factories/wps-transaction";

function validInput(overrides: Partial<WpsButtonInput> = {}): WpsButtonInput {
  return {
    ...wpsButtonDefaults,
    paypalMerchantIdentifier: "seller@business.example.com",
    itemName: `Poster ${unique("")}`,
    ...overrides,
  };
}

describe("wps.create / get / update", () => {
  it("stores minor units, a currency and an encrypted PDT token, and never sends the token back", async () => {
    const { owner, ownerApi } = await twoMerchants();
    const { id } = await ownerApi.wps.create(
      validInput({
        currency: "EUR",
        priceOptions: [
          { label: "Small", value: "10" },
          { label: "Large", value: "19.5" },
        ],
        shippingCost: "2.5",
        taxRate: "8.25",
        noShipping: "1",
        pdtEnabled: true,
        pdtToken: "secret-token",
      }),
    );
    const row = await db.wpsButton.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({
      merchantId: owner.id,
      currency: "EUR",
      priceOptions: [
        { label: "Small", amountMinor: 1000 },
        { label: "Large", amountMinor: 1950 },
      ],
      shippingCostMinor: 250,
      noShipping: 1,
      buttonStatus: "active",
    });
    expect(row.pdtTokenEncrypted).not.toContain("secret-token");
    expect(decryptSecret(row.pdtTokenEncrypted!)).toBe("secret-token");

    const shown = await ownerApi.wps.get({ id });
    expect(shown).toMatchObject({
      id,
      isActive: true,
      currency: "EUR",
      priceOptions: [
        { label: "Small", value: "10.00" },
        { label: "Large", value: "19.50" },
      ],
      shippingCost: "2.50",
      taxRate: "8.25",
      noShipping: "1",
      pdtEnabled: true,
      pdtToken: "",
      pdtTokenSaved: true,
    });

    // Saving the form again with an empty token keeps the saved one; turning PDT off removes it.
    await ownerApi.wps.update({ id, values: { ...validInput(), pdtEnabled: true, pdtTokenSaved: true } });
    expect(decryptSecret((await db.wpsButton.findUniqueOrThrow({ where: { id } })).pdtTokenEncrypted!)).toBe(
      "secret-token",
    );
    await ownerApi.wps.update({ id, values: validInput({ itemName: "Renamed" }) });
    expect(await db.wpsButton.findUniqueOrThrow({ where: { id } })).toMatchObject({
      itemName: "Renamed",
      pdtTokenEncrypted: null,
    });
  });

  it("answers the messages", async () => {
    const { ownerApi } = await twoMerchants();
    const error = await rejectionOf(
      ownerApi.wps.create(
        validInput({
          paypalMerchantIdentifier: "",
          itemName: "",
          priceOptions: [{ label: "", value: "0" }],
          taxRate: "-1",
          shippingCost: "-1",
          successUrl: "not a url",
          customButtonImage: "nope",
          pdtEnabled: true,
        }),
      ),
    );
    expect(error.code).toBe("BAD_REQUEST");
    const messages = JSON.stringify(error.cause ?? error.message);
    for (const message of [
      "PayPal Merchant ID or email is required",
      "Product name is required",
      "Price option label is required",
      "Valid price is required",
      "Tax rate must be a valid number",
      "Shipping cost cannot be negative",
      "Please enter a valid URL",
      "Please enter a valid image URL",
      "PDT token is required when PDT is enabled",
    ]) {
      expect(messages).toContain(message);
    }
    const none = await rejectionOf(ownerApi.wps.create(validInput({ priceOptions: [] })));
    expect(JSON.stringify(none.cause ?? none.message)).toContain("At least one price option is required");
  });

  it("refuses a claimed saved PDT token on a button that has none", async () => {
    const { ownerApi } = await twoMerchants();
    const error = await rejectionOf(ownerApi.wps.create(validInput({ pdtEnabled: true, pdtTokenSaved: true })));
    expect(error.message).toBe("PDT token is required when PDT is enabled");
  });
});

describe("ownership", () => {
  it("answers NOT_FOUND for another merchant's button on every procedure, and needs a signed-in merchant", async () => {
    const { ownerApi, otherApi } = await twoMerchants();
    const { id } = await ownerApi.wps.create(validInput());
    for (const call of [
      () => otherApi.wps.get({ id }),
      () => otherApi.wps.update({ id, values: validInput() }),
      () => otherApi.wps.setStatus({ id, isActive: false }),
      () => otherApi.wps.delete({ id }),
      () => otherApi.wps.convertToPaymentButton({ id }),
      () => otherApi.wps.formFields({ id }),
      () => otherApi.analytics.forWpsButton({ id }),
    ]) {
      expect((await rejectionOf(call())).code).toBe("NOT_FOUND");
    }
    expect(await otherApi.wps.list()).toEqual([]);
    expect((await rejectionOf(anonymousCaller().wps.list())).code).toBe("UNAUTHORIZED");
    expect(await db.wpsButton.findUniqueOrThrow({ where: { id } })).toMatchObject({ buttonStatus: "active" });
  });
});

describe("wps.list / setStatus / delete", () => {
  it("lists newest first with the fields and sales", async () => {
    const { owner, ownerApi } = await twoMerchants();
    const first = await ownerApi.wps.create(validInput({ itemNumber: "P-1", taxRate: "7.5", shippingCost: "3" }));
    const second = await ownerApi.wps.create(validInput());
    await createWpsTransaction(db, owner.id, { buttonId: first.id, amountMinor: 1375 });
    const rows = await ownerApi.wps.list();
    expect(rows.map((row) => row.id)).toEqual([second.id, first.id]);
    expect(rows[1]).toMatchObject({
      itemNumber: "P-1",
      environment: "sandbox",
      isActive: true,
      currency: "USD",
      priceOptions: [{ label: "Default value", amountMinor: 1000 }],
      taxRate: "7.5",
      noShipping: 2,
      shippingCostMinor: 300,
      sales: 1,
      revenueMinor: 1375,
    });
    expect(rows[1]!.createdAt).toBeInstanceOf(Date);
    expect((await ownerApi.pages.counts()).wpsButtons).toBe(2);

    expect(await ownerApi.wps.setStatus({ id: first.id, isActive: false })).toEqual({ id: first.id, isActive: false });
    expect((await ownerApi.wps.get({ id: first.id })).isActive).toBe(false);
    await ownerApi.wps.delete({ id: first.id });
    expect((await rejectionOf(ownerApi.wps.get({ id: first.id }))).code).toBe("NOT_FOUND");
    // The payment stays with the merchant.
    expect(await db.wpsTransaction.count({ where: { merchantId: owner.id } })).toBe(1);
  });
});

describe("wps.convertToPaymentButton", () => {
  it("needs the store's PayPal client id, then creates an equivalent payment button and leaves the WPS one", async () => {
    const { owner, ownerApi } = await twoMerchants();
    const { id } = await ownerApi.wps.create(
      validInput({
        currency: "GBP",
        priceOptions: [
          { label: "A", value: "12.5" },
          { label: "B", value: "20" },
        ],
        successUrl: "https://shop.example/thanks",
        cancelUrl: "https://shop.example/cancel",
        buttonSize: "small",
      }),
    );
    const refused = await rejectionOf(ownerApi.wps.convertToPaymentButton({ id }));
    expect(refused.code).toBe("BAD_REQUEST");
    expect(refused.message).toMatch(/PayPal client ID in Store Settings/);

    const { clientId } = await connectPayPal(db, owner.id);
    const created = await ownerApi.wps.convertToPaymentButton({ id });
    const button = await ownerApi.pages.buttons.get({ id: created.id });
    expect(button.values).toMatchObject({
      paypalClientId: clientId,
      amount: "12.50",
      currency: "GBP",
      paymentType: "one-time",
      successUrl: "https://shop.example/thanks",
      cancelUrl: "https://shop.example/cancel",
      style: { color: "gold", shape: "rect", size: "small", label: "buynow" },
    });
    expect(await db.wpsButton.findUniqueOrThrow({ where: { id } })).toMatchObject({ buttonStatus: "active" });
    expect(created.ships).toBe(false);
  });

  it("makes a Buy Now button that required an address a payment button that ships, priced by the store's zones", async () => {
    const { owner, ownerApi } = await twoMerchants();
    await connectPayPal(db, owner.id);
    const { id } = await ownerApi.wps.create(validInput({ noShipping: "0" }));
    const created = await ownerApi.wps.convertToPaymentButton({ id });
    expect(created.ships).toBe(true);
    expect((await ownerApi.pages.buttons.get({ id: created.id })).values.ships).toBe(true);
  });
});

describe("wps.formFields and the embed", () => {
  it("gives the environment's web-script URL and the fields; the embed says when it cannot take payments", async () => {
    const { owner, ownerApi } = await twoMerchants();
    const { id } = await ownerApi.wps.create(validInput({ environment: "live", pdtEnabled: true, pdtToken: "tok" }));
    const form = await ownerApi.wps.formFields({ id });
    // The simulator never stands in for live: a live button posts to PayPal itself.
    expect(form.action).toBe("https://www.paypal.com/cgi-bin/webscr");
    const fields = Object.fromEntries(form.fields);
    expect(fields).toMatchObject({
      cmd: "_xclick",
      business: "seller@business.example.com",
      amount: "10.00",
      currency_code: "USD",
      custom: id,
      notify_url: "http://localhost:3000/api/wps/ipn",
      return: "http://localhost:3000/pdt-confirmation",
    });
    expect(JSON.stringify(form)).not.toContain('tok"');

    expect(await getWpsEmbed(id)).toMatchObject({ isActive: true, sellerSuspended: false, buttonText: "Buy Now" });
    await ownerApi.wps.setStatus({ id, isActive: false });
    await db.merchant.update({ where: { id: owner.id }, data: { suspendedAt: new Date() } });
    expect(await getWpsEmbed(id)).toMatchObject({ isActive: false, sellerSuspended: true });
    expect(await getWpsEmbed("no-such-button")).toBeNull();
  });
});
