import { describe, expect, it } from "vitest";
import { db } from "~/server/platform/db";
import { decryptSecret } from "~/server/platform/crypto";
import { upsellMessages } from "~/server/checkout/upsell";
import { jobHandlers } from "~/server/job-handlers";
import { getButtonAnalytics } from "~/server/analytics/pop-analytics";
import { createPaymentButton } from "../../factories/payment-button";
import { createSeller } from "../../factories/seller";
import { buyerApi, type CheckoutRefused } from "../../support/buyer-api";
import { approveOrder, deleteWalletAtPayPal, setVaulting, walletSavedAtPayPal } from "../../support/paypal-sandbox";
import { rejectionOf } from "../../support/rejection";

// The one-click upsell after a payment: the first order asks PayPal to save the buyer's wallet, "Yes" charges it
// from our server once however often it is clicked, and without a saved wallet "Yes" opens PayPal's window once.

const buyer = () => buyerApi();

/** A $20 course whose buyers are offered its $30 workbook at $9 after paying. */
async function sellerWithUpsell(options: { vaulting?: boolean } = {}) {
  const seller = await createSeller(db, { name: "Course", amountMinor: 2000 });
  if (options.vaulting === false) await setVaulting(seller.clientId, false);
  const workbook = await createPaymentButton(db, seller.merchant.id, {
    name: "Workbook",
    amountMinor: 3000,
    stockLimit: 100,
    paypalClientId: seller.clientId,
  });
  await db.paymentButton.update({
    where: { id: seller.button.id },
    data: {
      upsellButtonId: workbook.id,
      upsellPriceMinor: 900,
      upsellHeadline: "Wait! Add the workbook?",
      upsellDeclineText: "No thanks, just the course",
    },
  });
  return { ...seller, workbook };
}

/** The buyer pays for the course; the capture's answer carries the offer. */
async function payForCourse(buttonId: string) {
  const { orderId } = await buyer().createOrder({ buttonId });
  await approveOrder(orderId);
  const result = await buyer().captureOrder({ buttonId, orderId });
  return { orderId, result };
}

async function refusal(promise: Promise<unknown>) {
  const { code, message } = await rejectionOf<CheckoutRefused>(promise);
  return { code, message };
}

const upsellPayments = (workbookId: string) =>
  db.transaction.findMany({ where: { buttonId: workbookId }, include: { lines: true } });

describe("one-click upsell", () => {
  it("offers the upsell after the payment and charges the saved wallet on Yes, with no PayPal window", async () => {
    const { button, workbook, clientId } = await sellerWithUpsell();
    const { orderId, result } = await payForCourse(button.id);
    expect(result.upsell).toMatchObject({
      headline: "Wait! Add the workbook?",
      name: "Workbook",
      price: "$9.00",
      declineText: "No thanks, just the course",
      oneClick: true,
    });
    // The wallet's id stays on the server, encrypted.
    const offer = await db.upsellOffer.findFirstOrThrow({ where: { transaction: { paypalOrderId: orderId } } });
    const vaultId = decryptSecret(offer.vaultTokenEncrypted!);
    expect(JSON.stringify(result)).not.toContain(vaultId);

    const answer = await buyer().answerUpsell({ token: result.upsell!.token, answer: "yes" });
    expect(answer).toEqual({ taken: { paymentId: expect.any(String), status: "completed" } });
    const [upsell] = await upsellPayments(workbook.id);
    expect(upsell).toMatchObject({ amountMinor: 900, status: "completed", payerEmail: "alex.buyer@buyer.example.com" });
    expect(upsell!.lines.map((line) => [line.origin, line.name, line.amountMinor])).toEqual([
      ["upsell", "Workbook", 900],
    ]);
    expect(await db.upsellOffer.findUniqueOrThrow({ where: { id: offer.id } })).toMatchObject({
      status: "taken",
      takenTransactionId: upsell!.id,
      vaultTokenEncrypted: null,
    });
    // Nothing is saved longer than the offer needs: the wallet is gone at PayPal too.
    expect(await walletSavedAtPayPal(clientId, orderId)).toBe(false);
  });

  it("charges once when Yes is clicked many times at once, and a later Yes answers the same payment", async () => {
    const { button, workbook } = await sellerWithUpsell();
    const { result } = await payForCourse(button.id);
    const token = result.upsell!.token;
    const answers = await Promise.all(Array.from({ length: 6 }, () => buyer().answerUpsell({ token, answer: "yes" })));
    const payments = await upsellPayments(workbook.id);
    expect(payments).toHaveLength(1);
    const paid = answers.filter((answer) => "taken" in answer && answer.taken?.status === "completed");
    expect(paid.length).toBeGreaterThan(0);
    for (const answer of paid)
      expect(answer).toEqual({ taken: { paymentId: payments[0]!.paypalTransactionId, status: "completed" } });
    expect(await buyer().answerUpsell({ token, answer: "yes" })).toEqual(paid[0]);
    expect(await upsellPayments(workbook.id)).toHaveLength(1);
    expect((await db.paymentButton.findUniqueOrThrow({ where: { id: workbook.id } })).soldCount).toBe(1);
  });

  it("opens PayPal's window once when the seller's app cannot save wallets, and records the approved order", async () => {
    const { button, workbook } = await sellerWithUpsell({ vaulting: false });
    const { orderId, result } = await payForCourse(button.id);
    expect((await db.checkoutSession.findUniqueOrThrow({ where: { paypalOrderId: orderId } })).vaultRequested).toBe(
      false,
    );
    expect(result.upsell).toMatchObject({ oneClick: false, price: "$9.00" });
    const token = result.upsell!.token;
    const first = await buyer().answerUpsell({ token, answer: "yes" });
    expect(first).toEqual({ orderId: expect.any(String) });
    // A second Yes is the same order, not a second one.
    expect(await buyer().answerUpsell({ token, answer: "yes" })).toEqual(first);
    const upsellOrder = (first as { orderId: string }).orderId;
    await approveOrder(upsellOrder);
    const paid = await buyer().captureOrder({ buttonId: workbook.id, orderId: upsellOrder });
    expect(paid).toMatchObject({ status: "completed", upsell: null });
    const [upsell] = await upsellPayments(workbook.id);
    expect(upsell!.amountMinor).toBe(900);
    expect(upsell!.lines[0]!.origin).toBe("upsell");
    expect(await db.upsellOffer.findFirstOrThrow({ where: { takenTransactionId: upsell!.id } })).toMatchObject({
      status: "taken",
    });
  });

  it("falls back to PayPal's window when PayPal refuses the saved wallet, charging nothing", async () => {
    const { button, workbook, clientId } = await sellerWithUpsell();
    const { orderId, result } = await payForCourse(button.id);
    await deleteWalletAtPayPal(clientId, orderId);
    const token = result.upsell!.token;
    expect(await refusal(buyer().answerUpsell({ token, answer: "yes" }))).toEqual({
      code: "CONFLICT",
      message: upsellMessages.walletRefused,
    });
    expect(await upsellPayments(workbook.id)).toHaveLength(0);
    expect((await db.paymentButton.findUniqueOrThrow({ where: { id: workbook.id } })).soldCount).toBe(0);
    expect(await buyer().answerUpsell({ token, answer: "yes" })).toEqual({ orderId: expect.any(String) });
  });

  it("closes the offer on No thanks and when its 15 minutes are up, deleting the saved wallet", async () => {
    const { button, workbook, clientId } = await sellerWithUpsell();
    const declined = await payForCourse(button.id);
    expect(await buyer().answerUpsell({ token: declined.result.upsell!.token, answer: "no" })).toEqual({
      declined: true,
    });
    expect(await refusal(buyer().answerUpsell({ token: declined.result.upsell!.token, answer: "yes" }))).toEqual({
      code: "CONFLICT",
      message: upsellMessages.declined,
    });
    expect(await walletSavedAtPayPal(clientId, declined.orderId)).toBe(false);

    const late = await payForCourse(button.id);
    expect(await walletSavedAtPayPal(clientId, late.orderId)).toBe(true);
    await db.upsellOffer.updateMany({
      where: { transaction: { paypalOrderId: late.orderId } },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    await jobHandlers["upsell-offers.sweep"]({});
    expect(
      (await db.upsellOffer.findFirstOrThrow({ where: { transaction: { paypalOrderId: late.orderId } } })).status,
    ).toBe("expired");
    expect(await walletSavedAtPayPal(clientId, late.orderId)).toBe(false);
    expect(await refusal(buyer().answerUpsell({ token: late.result.upsell!.token, answer: "yes" }))).toEqual({
      code: "CONFLICT",
      message: upsellMessages.expired,
    });
    expect(await upsellPayments(workbook.id)).toHaveLength(0);
  });

  it("finishes a charge a crash left in flight: records what PayPal charged, or closes the offer when PayPal refuses", async () => {
    const { button, workbook, clientId } = await sellerWithUpsell();
    /** The buyer said Yes and our server claimed the unit, then died before PayPal's answer was recorded. */
    const crashedMidCharge = async () => {
      const { orderId } = await payForCourse(button.id);
      await db.paymentButton.update({ where: { id: workbook.id }, data: { soldCount: { increment: 1 } } });
      await db.upsellOffer.updateMany({
        where: { transaction: { paypalOrderId: orderId } },
        data: { status: "charging", updatedAt: new Date(Date.now() - 10 * 60 * 1000) },
      });
      return orderId;
    };
    const offerOf = (orderId: string) =>
      db.upsellOffer.findFirstOrThrow({ where: { transaction: { paypalOrderId: orderId } } });

    const charged = await crashedMidCharge();
    await jobHandlers["upsell-offers.sweep"]({});
    const [payment] = await upsellPayments(workbook.id);
    expect(payment).toMatchObject({ amountMinor: 900, status: "completed" });
    expect(await offerOf(charged)).toMatchObject({ status: "taken", takenTransactionId: payment!.id });

    // The buyer removed the wallet at PayPal meanwhile: nothing can be charged, so the unit is free again.
    const refused = await crashedMidCharge();
    await deleteWalletAtPayPal(clientId, refused);
    await jobHandlers["upsell-offers.sweep"]({});
    expect(await offerOf(refused)).toMatchObject({ status: "expired", vaultTokenEncrypted: null });
    expect(await upsellPayments(workbook.id)).toHaveLength(1);
    expect((await db.paymentButton.findUniqueOrThrow({ where: { id: workbook.id } })).soldCount).toBe(1);
  });

  it("counts the offers shown, taken and their revenue on the POP's analytics", async () => {
    const { button, merchant } = await sellerWithUpsell();
    const figures = async () => (await getButtonAnalytics(merchant.id, { buttonId: button.id, period: "30d" })).upsell;
    expect(await figures()).toBeNull();
    const taken = await payForCourse(button.id);
    await buyer().answerUpsell({ token: taken.result.upsell!.token, answer: "yes" });
    for (const answer of ["no", null, null] as const) {
      const { result } = await payForCourse(button.id);
      if (answer) await buyer().answerUpsell({ token: result.upsell!.token, answer });
    }
    // Four buyers were shown it (one declined, two have not answered yet); one took it for $9.
    expect(await figures()).toEqual({ shown: 4, taken: 1, takeRate: 25, revenueMinor: 900 });
  });

  it("offers nothing to a replayed capture or for a POP without an upsell, and refuses a made-up token", async () => {
    const { button } = await sellerWithUpsell();
    const { orderId } = await payForCourse(button.id);
    expect((await buyer().captureOrder({ buttonId: button.id, orderId })).upsell).toBeNull();

    const plain = await createSeller(db);
    const paid = await payForCourse(plain.button.id);
    expect(paid.result.upsell).toBeNull();
    const session = await db.checkoutSession.findUniqueOrThrow({ where: { paypalOrderId: paid.orderId } });
    expect(session.vaultRequested).toBe(false);

    expect(await refusal(buyer().answerUpsell({ token: "x".repeat(43), answer: "yes" }))).toEqual({
      code: "NOT_FOUND",
      message: upsellMessages.gone,
    });
    expect((await refusal(buyer().answerUpsell({ token: "short", answer: "yes" }))).code).toBe("INVALID");
  });
});
