import type { Prisma } from "~/generated/prisma/client";
import { db } from "~/server/platform/db";
import { AppError } from "~/server/platform/errors";
import { soldOutMessage } from "~/lib/checkout-messages";
import { BUMP_GONE, discountMessages } from "~/server/checkout/pricing";
import { itemNameOf } from "~/server/checkout/public-button";

// Stock and discount-code uses are limited, and buyers approve at the same moment (e.g. 50 buyers for the last
// 10 items). An order claims its units and its code use just before our server asks PayPal to capture it, in one
// database transaction whose conditional updates cannot take more than is left; a refused claim means PayPal is
// never asked, so nobody pays for what is gone. A claim is held by its checkout session: it stays with a captured
// order (the sale), is given back when PayPal refuses the capture, and is given back by the reconciliation when the
// order can no longer be paid. Claiming again, as a retried capture does, changes nothing. Orders are only priced
// against stock and limits when created (checkout-pricing.ts), so an approval can still find the last item gone:
// the buyer is told, and nothing was taken.

type ClaimedSession = {
  id: string;
  buttonId: string | null;
  quantity: number;
  discountCodeId: string | null;
  claimedUnits: number;
  claimedUse: boolean;
  bumpButtonId: string | null;
  claimedBump: boolean;
  fromCart: boolean;
  claimedCart: boolean;
  cartItems: { buttonId: string | null; quantity: number }[];
};

const onceKeyOf = (codeId: string, email: string) => `${codeId}:${email.trim().toLowerCase()}`;

/**
 * Claims the session's units and code use. `force` records what PayPal already captured (an order our earlier
 * attempt captured but could not record): the money has moved, so the counts follow it whatever they say.
 */
export async function claimForCapture(
  session: ClaimedSession,
  payer: { email: string | null },
  options: { force?: boolean } = {},
): Promise<void> {
  if (session.claimedUnits > 0 || session.claimedUse || session.claimedBump || session.claimedCart) return;
  const force = options.force === true;
  try {
    await db.$transaction(async (tx) => {
      // Every unit the order holds (its item or a cart's items, and a ticked bump), every one or none. In button
      // order, so two orders of the same POPs take their rows' locks in the same order and never deadlock.
      for (const claim of unitClaimsOf(session)) {
        if (await claimUnits(tx, claim.buttonId, claim.units, force)) continue;
        const button = await tx.paymentButton.findUnique({
          where: { id: claim.buttonId },
          select: { name: true, bundleTier: true, stockLimit: true, soldCount: true },
        });
        // A deleted button has nothing left to count; its order is still honoured.
        if (button) throw new AppError("CONFLICT", claim.refusal(button));
      }
      let onceKey: string | null = null;
      if (session.discountCodeId) {
        const code = await tx.discountCode.findUnique({
          where: { id: session.discountCodeId },
          select: { oncePerEmail: true },
        });
        const used = await tx.$executeRaw`
          UPDATE discount_codes SET uses_count = uses_count + 1
          WHERE id = ${session.discountCodeId} AND (${force} OR max_uses IS NULL OR uses_count < max_uses)`;
        if (used === 0 && code) throw new AppError("CONFLICT", discountMessages.usedUp);
        if (code?.oncePerEmail && payer.email && !force) onceKey = onceKeyOf(session.discountCodeId, payer.email);
      }
      const claimed = await tx.checkoutSession.updateMany({
        where: { id: session.id, claimedUnits: 0, claimedUse: false, claimedBump: false, claimedCart: false },
        data: {
          claimedUnits: session.buttonId && !session.fromCart ? session.quantity : 0,
          claimedUse: session.discountCodeId !== null,
          claimedBump: session.bumpButtonId !== null,
          claimedCart: session.fromCart,
          discountOnceKey: onceKey,
        },
      });
      // A concurrent capture of the same order claimed first: undo ours (the transaction rolls back).
      if (claimed.count === 0) throw new AlreadyClaimed();
    });
  } catch (error) {
    if (error instanceof AlreadyClaimed) return;
    if ((error as { code?: unknown }).code === "P2002") throw new AppError("CONFLICT", discountMessages.onceUsed);
    throw error;
  }
}

class AlreadyClaimed extends Error {}

type StockRow = { name: string; bundleTier: unknown; stockLimit: number | null; soldCount: number };
type UnitClaim = { buttonId: string; units: number; refusal: (button: StockRow) => string };

const stockRefusal = (button: StockRow) => {
  const left = Math.max(0, (button.stockLimit ?? 0) - button.soldCount);
  return left === 0 ? soldOutMessage : `Only ${left} left.`;
};

/**
 * The units an order claims, in button order, each with the buyer's sentence when they are gone: a POP's own
 * ("Sold out", "Only 2 left."), a cart's named by item ("Signed print: Sold out"), a bump's asking to untick it.
 */
function unitClaimsOf(session: ClaimedSession): UnitClaim[] {
  const claims: UnitClaim[] = session.fromCart
    ? session.cartItems.flatMap((item) =>
        item.buttonId
          ? [
              {
                buttonId: item.buttonId,
                units: item.quantity,
                refusal: (button) => `${itemNameOf(button)}: ${stockRefusal(button)}`,
              },
            ]
          : [],
      )
    : session.buttonId
      ? [{ buttonId: session.buttonId, units: session.quantity, refusal: stockRefusal }]
      : [];
  if (session.bumpButtonId) claims.push({ buttonId: session.bumpButtonId, units: 1, refusal: () => BUMP_GONE });
  return claims.sort((a, b) => a.buttonId.localeCompare(b.buttonId));
}

/** Gives back what the session holds (PayPal refused the capture, or the order expired unpaid). Idempotent. */
export async function releaseClaims(sessionId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const [session] = await tx.$queryRaw<
      {
        button_id: string | null;
        discount_code_id: string | null;
        bump_button_id: string | null;
        claimed_units: number;
        claimed_use: boolean;
        claimed_bump: boolean;
        claimed_cart: boolean;
      }[]
    >`
      SELECT button_id, discount_code_id, bump_button_id, claimed_units, claimed_use, claimed_bump, claimed_cart
      FROM checkout_sessions WHERE id = ${sessionId} FOR UPDATE`;
    if (
      !session ||
      (session.claimed_units === 0 && !session.claimed_use && !session.claimed_bump && !session.claimed_cart)
    ) {
      return;
    }
    if (session.claimed_cart) {
      const items = await tx.checkoutCartItem.findMany({
        where: { sessionId },
        orderBy: { buttonId: "asc" },
        select: { buttonId: true, quantity: true },
      });
      for (const item of items) if (item.buttonId) await releaseUnits(tx, item.buttonId, item.quantity);
    }
    // In button order, as they were claimed (unitClaimsOf).
    const held = [
      ...(session.button_id && session.claimed_units > 0 ? [[session.button_id, session.claimed_units] as const] : []),
      ...(session.bump_button_id && session.claimed_bump ? [[session.bump_button_id, 1] as const] : []),
    ].sort(([a], [b]) => a.localeCompare(b));
    for (const [buttonId, units] of held) await releaseUnits(tx, buttonId, units);
    if (session.discount_code_id && session.claimed_use) {
      await tx.$executeRaw`
        UPDATE discount_codes SET uses_count = GREATEST(0, uses_count - 1) WHERE id = ${session.discount_code_id}`;
    }
    await tx.checkoutSession.update({
      where: { id: sessionId },
      data: { claimedUnits: 0, claimedUse: false, claimedBump: false, claimedCart: false, discountOnceKey: null },
    });
  });
}

type Client = Pick<Prisma.TransactionClient, "$executeRaw">;

/**
 * Takes `units` of a button's stock if that many are left (or whatever is left when `force`: PayPal already took the
 * money); false when they are not. A sale's items, an order bump and a charged upsell all claim through here.
 */
export async function claimUnits(client: Client, buttonId: string, units: number, force = false): Promise<boolean> {
  const taken = await client.$executeRaw`
    UPDATE payment_buttons SET sold_count = sold_count + ${units}
    WHERE id = ${buttonId} AND (${force} OR stock_limit IS NULL OR sold_count + ${units} <= stock_limit)`;
  return taken > 0;
}

/** Gives back units claimUnits took (PayPal refused the charge, or the order died unpaid). */
export async function releaseUnits(client: Client, buttonId: string, units: number): Promise<void> {
  await client.$executeRaw`
    UPDATE payment_buttons SET sold_count = GREATEST(0, sold_count - ${units}) WHERE id = ${buttonId}`;
}
