import { describe, expect, it } from "vitest";
import { db } from "~/server/platform/db";
import { notASubscriptionMessage, PLANS_NOT_FOUND_MESSAGE } from "~/server/stores/customer-portal";
import { customerPortalMessages, type UpdateCustomerPortalInput } from "~/schemas/stores";
import { createMerchant } from "../../factories/merchant";
import { createPaymentButton } from "../../factories/payment-button";
import { unique } from "../../factories/unique";
import { anonymousCaller, merchantCaller, twoMerchants } from "../../support/callers";
import { refuseWrites } from "../../support/database-faults";
import { refusalOf as failure } from "../../support/rejection";

function planButton(
  merchantId: string,
  fields: { name?: string; amountMinor?: number; currency?: "USD" | "EUR" } = {},
) {
  return createPaymentButton(db, merchantId, {
    name: fields.name ?? unique("Plan "),
    amountMinor: fields.amountMinor ?? 1000,
    currency: fields.currency ?? "USD",
    paymentType: "subscription",
    subscriptionPlanId: unique("P-"),
    planIntervalUnit: "MONTH",
    planIntervalCount: 1,
  });
}

const business = {
  businessLegalName: "Ada Patterns Ltd",
  businessAddress: "1 Loom Street\r\nLondon N1 1AA\r\nUnited Kingdom",
  businessTaxId: "GB123456789",
  invoicePrefix: "ADA/2026-",
};

function settings(overrides: Partial<UpdateCustomerPortalInput> = {}): UpdateCustomerPortalInput {
  return { portalAllowPause: true, switchableButtonIds: [], ...business, ...overrides };
}

/** What the store has saved, read from the database rather than through the procedure under test. */
async function saved(merchantId: string) {
  const [store, switchable] = await Promise.all([
    db.storeSettings.findUnique({
      where: { merchantId },
      select: {
        portalAllowPause: true,
        businessLegalName: true,
        businessAddress: true,
        businessTaxId: true,
        invoicePrefix: true,
      },
    }),
    db.paymentButton.findMany({ where: { merchantId, portalSwitchable: true }, select: { id: true } }),
  ]);
  return { store, switchable: switchable.map((button) => button.id).sort() };
}

/** The database refuses to change one payment button, as a failing database would in the middle of a save. */
function refuseButtonUpdates(buttonId: string) {
  return refuseWrites({ table: "payment_buttons", on: "UPDATE", column: "id", value: buttonId });
}

describe("merchant.store.customerPortal", () => {
  it("starts with pausing off, no switchable plans, no business details and the INV- prefix", async () => {
    const merchant = await createMerchant(db);
    const basic = await planButton(merchant.id, { name: "Basic", amountMinor: 900 });
    await createPaymentButton(db, merchant.id, { name: "One-off" });

    await expect(merchantCaller(merchant).merchant.store.customerPortal()).resolves.toEqual({
      portalAllowPause: false,
      switchableButtonIds: [],
      businessLegalName: "",
      businessAddress: "",
      businessTaxId: "",
      invoicePrefix: "INV-",
      // Only subscription buttons are plans to choose from.
      plans: [
        {
          id: basic.id,
          name: "Basic",
          amountMinor: 900,
          currency: "USD",
          planIntervalUnit: "MONTH",
          planIntervalCount: 1,
          isActive: true,
        },
      ],
    });
  });
});

describe("merchant.store.updateCustomerPortal", () => {
  it("saves everything and reads it back; unchecking a plan takes it off", async () => {
    const merchant = await createMerchant(db);
    const api = merchantCaller(merchant);
    const [basic, pro, team] = [
      await planButton(merchant.id, { name: "A Basic" }),
      await planButton(merchant.id, { name: "B Pro" }),
      await planButton(merchant.id, { name: "C Team" }),
    ];

    const first = await api.merchant.store.updateCustomerPortal(
      settings({ switchableButtonIds: [basic.id, pro.id, basic.id] }),
    );
    expect(first).toMatchObject({
      portalAllowPause: true,
      switchableButtonIds: [basic.id, pro.id],
      ...business,
      // Saved with one kind of line ending, so the invoice prints the lines as typed.
      businessAddress: "1 Loom Street\nLondon N1 1AA\nUnited Kingdom",
    });
    expect(first.plans.map((plan) => plan.id)).toEqual([basic.id, pro.id, team.id]);
    await expect(api.merchant.store.customerPortal()).resolves.toEqual(first);

    const second = await api.merchant.store.updateCustomerPortal(
      settings({
        portalAllowPause: false,
        switchableButtonIds: [team.id],
        businessLegalName: "  ",
        businessAddress: "",
        businessTaxId: "",
        invoicePrefix: " INV- ",
      }),
    );
    expect(second).toMatchObject({
      portalAllowPause: false,
      switchableButtonIds: [team.id],
      businessLegalName: "",
      businessAddress: "",
      businessTaxId: "",
      invoicePrefix: "INV-",
    });
    expect(await saved(merchant.id)).toEqual({
      store: {
        portalAllowPause: false,
        businessLegalName: null,
        businessAddress: null,
        businessTaxId: null,
        invoicePrefix: "INV-",
      },
      switchable: [team.id],
    });
  });

  it("refuses another store's button with NOT_FOUND and saves nothing", async () => {
    const { owner, other, ownerApi } = await twoMerchants();
    const mine = await planButton(owner.id);
    const theirs = await planButton(other.id);
    await ownerApi.merchant.store.updateCustomerPortal(settings({ portalAllowPause: false }));
    const before = await saved(owner.id);

    const refused = await failure(
      ownerApi.merchant.store.updateCustomerPortal(
        settings({ switchableButtonIds: [mine.id, theirs.id], businessLegalName: "Changed Ltd" }),
      ),
    );
    expect(refused).toEqual({
      code: "NOT_FOUND",
      message: PLANS_NOT_FOUND_MESSAGE,
      fieldErrors: { switchableButtonIds: [PLANS_NOT_FOUND_MESSAGE] },
    });
    expect(await saved(owner.id)).toEqual(before);
    expect(await db.paymentButton.findUniqueOrThrow({ where: { id: theirs.id } })).toMatchObject({
      portalSwitchable: false,
    });
  });

  it("refuses a one-time button and a made-up id, saving nothing", async () => {
    const merchant = await createMerchant(db);
    const api = merchantCaller(merchant);
    const plan = await planButton(merchant.id);
    const oneTime = await createPaymentButton(db, merchant.id, { name: "Pattern PDF" });

    const refused = await failure(
      api.merchant.store.updateCustomerPortal(settings({ switchableButtonIds: [plan.id, oneTime.id] })),
    );
    expect(refused).toEqual({
      code: "BAD_REQUEST",
      message: notASubscriptionMessage("Pattern PDF"),
      fieldErrors: { switchableButtonIds: [notASubscriptionMessage("Pattern PDF")] },
    });
    expect(await saved(merchant.id)).toEqual({ store: null, switchable: [] });

    const unknown = await failure(
      api.merchant.store.updateCustomerPortal(settings({ switchableButtonIds: [unique("missing-")] })),
    );
    expect(unknown.code).toBe("NOT_FOUND");
    expect(await saved(merchant.id)).toEqual({ store: null, switchable: [] });
  });

  it("saves in one transaction: a write failing halfway leaves everything as it was", async () => {
    const merchant = await createMerchant(db);
    const api = merchantCaller(merchant);
    const [basic, pro] = [await planButton(merchant.id), await planButton(merchant.id)];
    await api.merchant.store.updateCustomerPortal(
      settings({ portalAllowPause: false, switchableButtonIds: [basic.id] }),
    );
    const before = await saved(merchant.id);

    // Taking Basic off is the save's last write but one; it fails after the settings row was written.
    const allow = await refuseButtonUpdates(basic.id);
    try {
      const refused = await failure(
        api.merchant.store.updateCustomerPortal(
          settings({ portalAllowPause: true, switchableButtonIds: [pro.id], businessLegalName: "Changed Ltd" }),
        ),
      );
      expect(refused.code).toBe("INTERNAL_SERVER_ERROR");
    } finally {
      await allow();
    }
    expect(await saved(merchant.id)).toEqual(before);
  });

  it("gives the schema's message under each over-long or malformed field", async () => {
    const merchant = await createMerchant(db);
    const api = merchantCaller(merchant);
    const cases: [Partial<UpdateCustomerPortalInput>, string, string][] = [
      [{ businessLegalName: "x".repeat(201) }, "businessLegalName", customerPortalMessages.businessLegalName],
      [{ businessAddress: "x".repeat(501) }, "businessAddress", customerPortalMessages.businessAddress],
      [{ businessTaxId: "x".repeat(33) }, "businessTaxId", customerPortalMessages.businessTaxId],
      [{ invoicePrefix: "" }, "invoicePrefix", customerPortalMessages.invoicePrefixLength],
      [{ invoicePrefix: "A".repeat(13) }, "invoicePrefix", customerPortalMessages.invoicePrefixLength],
      [{ invoicePrefix: "INV #" }, "invoicePrefix", customerPortalMessages.invoicePrefixCharacters],
      [{ invoicePrefix: "RÉF-" }, "invoicePrefix", customerPortalMessages.invoicePrefixCharacters],
      [
        { switchableButtonIds: Array.from({ length: 101 }, (_, index) => `button-${index}`) },
        "switchableButtonIds",
        customerPortalMessages.switchableButtonIds,
      ],
    ];
    for (const [fields, field, message] of cases) {
      const refused = await failure(api.merchant.store.updateCustomerPortal(settings(fields)));
      expect(refused.code, field).toBe("BAD_REQUEST");
      expect(refused.fieldErrors, field).toEqual({ [field]: [message] });
    }
    // The longest allowed values pass.
    await expect(
      api.merchant.store.updateCustomerPortal(
        settings({
          businessLegalName: "x".repeat(200),
          businessAddress: "x".repeat(500),
          businessTaxId: "x".repeat(32),
          invoicePrefix: "AB/12-cd/34-",
        }),
      ),
    ).resolves.toMatchObject({ invoicePrefix: "AB/12-cd/34-" });
  });

  it("belongs to the signed-in merchant: another cannot read or change it, signed out is refused", async () => {
    const { owner, other, ownerApi, otherApi } = await twoMerchants();
    const plan = await planButton(owner.id);
    await ownerApi.merchant.store.updateCustomerPortal(settings({ switchableButtonIds: [plan.id] }));
    const before = await saved(owner.id);

    // The other merchant sees their own (empty) settings, never the owner's plans or business details.
    const theirs = await otherApi.merchant.store.customerPortal();
    expect(theirs).toMatchObject({ plans: [], switchableButtonIds: [], businessLegalName: "", invoicePrefix: "INV-" });

    // Naming the owner's plan is NOT_FOUND; saving their own settings leaves the owner's alone.
    expect(
      (await failure(otherApi.merchant.store.updateCustomerPortal(settings({ switchableButtonIds: [plan.id] })))).code,
    ).toBe("NOT_FOUND");
    await otherApi.merchant.store.updateCustomerPortal(
      settings({ portalAllowPause: false, businessLegalName: "Other Ltd", invoicePrefix: "OTH-" }),
    );
    expect(await saved(owner.id)).toEqual(before);
    expect(await saved(other.id)).toMatchObject({
      store: { businessLegalName: "Other Ltd", invoicePrefix: "OTH-" },
      switchable: [],
    });

    expect((await failure(anonymousCaller().merchant.store.customerPortal())).code).toBe("UNAUTHORIZED");
    expect((await failure(anonymousCaller().merchant.store.updateCustomerPortal(settings()))).code).toBe(
      "UNAUTHORIZED",
    );
  });
});
