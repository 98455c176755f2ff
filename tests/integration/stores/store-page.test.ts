import { describe, expect, it } from "vitest";
import { db } from "~/server/platform/db";
import { storePageMessages } from "~/schemas/store-page";
import { getPublicStorePage } from "~/server/stores/store-page";
import { createPaymentButton } from "../../factories/payment-button";
import { createSellPage } from "../../factories/sell-page";
import { unique } from "../../factories/unique";
import { anonymousCaller, signedInMerchant, twoMerchants } from "../../support/callers";
import { refusalOf } from "../../support/rejection";

// Store Settings' "Store page" card: the store's address (validated, unique, reserved words refused), whether the
// page is open, and which of the store's POPs it lists in what order; and /s/{handle} as a buyer reads it.

const handle = () => unique("shop-").toLowerCase().slice(0, 30);

describe("the store page's settings", () => {
  it("saves the address, the switch and the listed POPs in order, and the buyer's page shows exactly those", async () => {
    const { merchant, api } = await signedInMerchant();
    const ebook = await createPaymentButton(db, merchant.id, { name: "Ebook", amountMinor: 1200 });
    const stickers = await createPaymentButton(db, merchant.id, { name: "Stickers", amountMinor: 300 });
    await createPaymentButton(db, merchant.id, { name: "Hidden", amountMinor: 100 });
    await createPaymentButton(db, merchant.id, { name: "Club", paymentType: "subscription" });
    const page = await createSellPage(db, merchant.id, {
      name: "Course",
      premiumEnabled: true,
      premiumName: "Pro",
      premiumPriceMinor: 4999,
      premiumOriginalPriceMinor: 5999,
    });
    const address = handle();

    const before = await api.merchant.store.storePage();
    // Subscriptions are not listable: a cart pays one-time items.
    expect(before.choices.map((choice) => choice.name).sort()).toEqual(["Course", "Ebook", "Hidden", "Stickers"]);
    expect(before).toMatchObject({ enabled: false, handle: "", items: [], url: null });

    const saved = await api.merchant.store.updateStorePage({
      enabled: true,
      handle: `  ${address.toUpperCase()} `,
      items: [
        { kind: "page", id: page.id },
        { kind: "button", id: stickers.id },
        { kind: "button", id: ebook.id },
      ],
    });
    expect(saved).toMatchObject({ enabled: true, handle: address, url: `http://localhost:3000/s/${address}` });
    expect(saved.items.map((item) => item.id)).toEqual([page.id, stickers.id, ebook.id]);

    const shown = await getPublicStorePage(address);
    expect(shown?.items.map((item) => item.name)).toEqual(["Course", "Stickers", "Ebook"]);
    expect(shown?.items[0]?.options.map((option) => [option.label, option.cartName, option.amountMinor])).toEqual([
      ["Basic", "Course - Basic Bundle", 2999],
      ["Pro", "Course - Pro Bundle", 4999],
    ]);

    // Reordered and one taken off: the page follows; a switched-off POP is hidden until it is back on.
    await api.merchant.store.updateStorePage({
      enabled: true,
      handle: address,
      items: [
        { kind: "button", id: ebook.id },
        { kind: "page", id: page.id },
      ],
    });
    await db.paymentButton.update({ where: { id: ebook.id }, data: { isActive: false } });
    expect((await getPublicStorePage(address))?.items.map((item) => item.name)).toEqual(["Course"]);
    expect((await db.paymentButton.findUniqueOrThrow({ where: { id: stickers.id } })).storePosition).toBeNull();

    // Turned off: no page at that address.
    await api.merchant.store.updateStorePage({ enabled: false, handle: address, items: [] });
    expect(await getPublicStorePage(address)).toBeNull();
  });

  it("refuses malformed and reserved addresses with the field's sentence, and one another store holds", async () => {
    const { ownerApi, otherApi } = await twoMerchants();
    const cases: [string, string][] = [
      ["ab", storePageMessages.handleLength],
      ["a".repeat(31), storePageMessages.handleLength],
      ["my shop", storePageMessages.handleCharacters],
      ["-shop", storePageMessages.handleCharacters],
      ["shop-", storePageMessages.handleCharacters],
      ["café", storePageMessages.handleCharacters],
      ["admin", storePageMessages.handleReserved],
      ["PayPal", storePageMessages.handleReserved],
    ];
    for (const [typed, message] of cases) {
      const refusal = await refusalOf(
        ownerApi.merchant.store.updateStorePage({ enabled: false, handle: typed, items: [] }),
      );
      expect(refusal.fieldErrors?.handle, typed).toEqual([message]);
    }
    const open = await refusalOf(ownerApi.merchant.store.updateStorePage({ enabled: true, handle: "", items: [] }));
    expect(open.fieldErrors?.handle).toEqual([storePageMessages.handleRequired]);

    const address = handle();
    await ownerApi.merchant.store.updateStorePage({ enabled: true, handle: address, items: [] });
    const taken = await refusalOf(
      otherApi.merchant.store.updateStorePage({ enabled: true, handle: address, items: [] }),
    );
    expect(taken).toMatchObject({ code: "CONFLICT", fieldErrors: { handle: [storePageMessages.handleTaken] } });
  });

  it("refuses another store's POP, a sell page's bundle button and a subscription, and saves nothing", async () => {
    const { owner, other, ownerApi } = await twoMerchants();
    const mine = await createPaymentButton(db, owner.id, { name: "Mine" });
    const theirs = await createPaymentButton(db, other.id, { name: "Theirs" });
    const page = await createSellPage(db, owner.id);
    const plan = await createPaymentButton(db, owner.id, { paymentType: "subscription" });
    for (const wrong of [
      { kind: "button" as const, id: theirs.id },
      { kind: "button" as const, id: page.basicButton.id },
      { kind: "button" as const, id: plan.id },
      { kind: "page" as const, id: "missing-page" },
    ]) {
      const refusal = await refusalOf(
        ownerApi.merchant.store.updateStorePage({
          enabled: true,
          handle: handle(),
          items: [{ kind: "button", id: mine.id }, wrong],
        }),
      );
      expect(refusal).toMatchObject({ code: "NOT_FOUND", fieldErrors: { items: [storePageMessages.itemsGone] } });
    }
    expect((await db.paymentButton.findUniqueOrThrow({ where: { id: mine.id } })).storePosition).toBeNull();
    expect(await db.storeSettings.findUnique({ where: { merchantId: owner.id } })).toBeNull();
  });

  it("is for signed-in merchants only", async () => {
    const refusal = await refusalOf(anonymousCaller().merchant.store.storePage());
    expect(refusal.code).toBe("UNAUTHORIZED");
  });
});
