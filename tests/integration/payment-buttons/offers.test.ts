import { describe, expect, it } from "vitest";
import { db } from "~/server/platform/db";
import { offerMessages } from "~/schemas/offers";
import { paymentButtonDefaults, type PaymentButtonInput } from "~/schemas/payment-buttons";
import { createMerchant } from "../../factories/merchant";
import { createPaymentButton } from "../../factories/payment-button";
import { buildSellPageInput } from "../../factories/sell-page";
import { signedInMerchant } from "../../support/callers";
import { refusalOf } from "../../support/rejection";

// The seller's order bump and one-click upsell on a POP's form: only this store's one-time POPs in the same
// currency, priced below their own price, saved on the POP (and a sell page's on both its bundle buttons).

const input = (overrides: Partial<PaymentButtonInput> = {}): PaymentButtonInput => ({
  ...paymentButtonDefaults,
  name: "Course",
  amount: "20.00",
  paypalClientId: "client-abc",
  ...overrides,
});

describe("offers on a payment button", () => {
  it("saves a bump and an upsell, reads them back in the form, and lists what may be offered", async () => {
    const { merchant, api } = await signedInMerchant();
    const workbook = await createPaymentButton(db, merchant.id, { name: "Workbook", amountMinor: 1500 });
    await createPaymentButton(db, merchant.id, { name: "Euro book", currency: "EUR" });
    const created = await api.pages.buttons.create(
      input({
        bumpButtonId: workbook.id,
        bumpPrice: "5",
        bumpPitch: "Practise every chapter",
        upsellButtonId: workbook.id,
        upsellHeadline: "Wait!",
      }),
    );
    expect(created.values).toMatchObject({
      bumpButtonId: workbook.id,
      bumpPrice: "5.00",
      bumpPitch: "Practise every chapter",
      upsellButtonId: workbook.id,
      upsellPrice: "",
      upsellHeadline: "Wait!",
      upsellDeclineText: "",
    });
    const choices = await api.pages.buttons.offerChoices({ currency: "USD", exceptButtonId: created.id });
    expect(choices).toEqual([{ id: workbook.id, label: "Workbook ($15.00)" }]);

    const cleared = await api.pages.buttons.update({ id: created.id, values: input({ bumpButtonId: "" }) });
    expect(cleared.values).toMatchObject({ bumpButtonId: "", bumpPrice: "", bumpPitch: "", upsellButtonId: "" });
  });

  it("refuses another store's POP, another currency, a subscription, itself and a price not below its own", async () => {
    const { merchant, api } = await signedInMerchant();
    const workbook = await createPaymentButton(db, merchant.id, { name: "Workbook", amountMinor: 1500 });
    const euro = await createPaymentButton(db, merchant.id, { currency: "EUR" });
    const plan = await createPaymentButton(db, merchant.id, { paymentType: "subscription" });
    const foreign = await createPaymentButton(db, (await createMerchant(db)).id);
    for (const id of [foreign.id, euro.id, plan.id, "no-such-button"]) {
      expect((await refusalOf(api.pages.buttons.create(input({ bumpButtonId: id })))).fieldErrors).toEqual({
        bumpButtonId: [offerMessages.target],
      });
    }
    expect(
      (await refusalOf(api.pages.buttons.create(input({ upsellButtonId: workbook.id, upsellPrice: "15" }))))
        .fieldErrors,
    ).toEqual({
      upsellPrice: ["The offer price must be lower than Workbook's own price ($15.00)."],
    });
    const own = await api.pages.buttons.create(input());
    expect(
      (await refusalOf(api.pages.buttons.update({ id: own.id, values: input({ bumpButtonId: own.id }) }))).fieldErrors,
    ).toEqual({ bumpButtonId: [offerMessages.target] });
    expect(
      (await refusalOf(api.pages.buttons.create(input({ paymentType: "subscription", bumpButtonId: workbook.id }))))
        .fieldErrors,
    ).toEqual({ bumpButtonId: ["Offers can only go with one-time payments."] });
    expect((await refusalOf(api.pages.buttons.create(input({ bumpPrice: "abc" })))).fieldErrors).toEqual({
      bumpPrice: [offerMessages.price],
    });
  });
});

describe("offers on a sell page", () => {
  it("copies the page's bump and upsell to both bundle buttons, and never offers its own bundles", async () => {
    const { merchant, api } = await signedInMerchant();
    const workbook = await createPaymentButton(db, merchant.id, { name: "Workbook", amountMinor: 1500 });
    const values = buildSellPageInput({ premiumEnabled: true, bumpButtonId: workbook.id, upsellButtonId: workbook.id });
    const { id } = await api.pages.sellPages.create(values);
    const bundles = await db.paymentButton.findMany({ where: { sellPageId: id } });
    expect(bundles.map((button) => [button.bumpButtonId, button.upsellButtonId])).toEqual([
      [workbook.id, workbook.id],
      [workbook.id, workbook.id],
    ]);
    expect((await api.pages.sellPages.get({ id })).values).toMatchObject({ bumpButtonId: workbook.id });

    const ownBundle = bundles[0]!.id;
    expect(
      (await refusalOf(api.pages.sellPages.update({ id, values: { ...values, bumpButtonId: ownBundle } }))).fieldErrors,
    ).toEqual({ bumpButtonId: [offerMessages.target] });
    expect(
      (await api.pages.buttons.offerChoices({ currency: "USD", exceptSellPageId: id })).map((choice) => choice.id),
    ).toEqual([workbook.id]);

    await api.pages.sellPages.update({ id, values: { ...values, bumpButtonId: "", upsellButtonId: "" } });
    const cleared = await db.paymentButton.findMany({ where: { sellPageId: id } });
    expect(cleared.every((button) => button.bumpButtonId === null && button.upsellButtonId === null)).toBe(true);
  });
});
