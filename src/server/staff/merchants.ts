import type { z } from "zod";
import type { Prisma } from "~/generated/prisma/client";
import { merchantSuspensionProblem } from "~/server/auth/roles";
import { db } from "~/server/platform/db";
import { AppError } from "~/server/platform/errors";
import { recordAudit } from "~/server/staff/audit";
import { forgetPublicSellPage } from "~/server/sell-pages/public-page";
import { forgetCached } from "~/server/platform/cache-bus";
import type { Staff } from "~/server/staff/users";
import { listMerchantPops } from "~/server/staff/reports";
import { listMerchantTransactions } from "~/server/staff/transactions";
import type { merchantDetailSchema } from "~/schemas/staff";

// Staff acting on a merchant. A suspension only sets suspendedAt: buttons, pages, payments and
// settings stay as they are, and the checkout services refuse new orders, captures and subscriptions while it is
// set (sellerPayPalFrom in src/server/vendors/paypal/merchant-client.ts). Resuming clears it and everything works again.

const MERCHANT_NOT_FOUND = "Merchant not found";

const merchantFields = {
  id: true,
  name: true,
  email: true,
  companyName: true,
  createdAt: true,
  suspendedAt: true,
  suspendedBy: { select: { id: true, username: true, name: true } },
} satisfies Prisma.MerchantSelect;

type MerchantRow = Prisma.MerchantGetPayload<{ select: typeof merchantFields }>;

function toMerchant(row: MerchantRow) {
  return { ...row, isSuspended: row.suspendedAt !== null };
}

function assertMayAct(actor: Staff) {
  const problem = merchantSuspensionProblem(actor.role);
  if (problem) throw new AppError("FORBIDDEN", problem);
}

/** Buyers' pages and the embed scripts cache whether a seller can take payments; they must see the change now. */
function forgetBuyerCaches() {
  forgetPublicSellPage(null);
  forgetCached("embed-script", null);
  forgetCached("wps-embed-script", null);
}

/**
 * Sets or clears the suspension in one transaction with its audit row. Only a real change writes: repeating a
 * suspend (two staff members clicking at once) returns the merchant as it is, with no second audit row.
 */
async function setSuspension(actor: Staff, merchantId: string, suspend: boolean) {
  assertMayAct(actor);
  const changed = await db.$transaction(async (tx) => {
    const merchant = await tx.merchant.findUnique({
      where: { id: merchantId },
      select: { id: true, name: true, email: true, suspendedAt: true },
    });
    if (!merchant) throw new AppError("NOT_FOUND", MERCHANT_NOT_FOUND);
    // The condition on suspendedAt makes the check and the write one step: a concurrent request changes nothing.
    const { count } = await tx.merchant.updateMany({
      where: { id: merchant.id, suspendedAt: suspend ? null : { not: null } },
      data: suspend ? { suspendedAt: new Date(), suspendedById: actor.id } : { suspendedAt: null, suspendedById: null },
    });
    if (count === 0) return false;
    await recordAudit(
      tx,
      actor,
      suspend ? "merchant.suspend" : "merchant.resume",
      { type: "merchant", id: merchant.id },
      {
        name: merchant.name,
        email: merchant.email,
        ...(merchant.suspendedAt && { suspendedAt: merchant.suspendedAt.toISOString() }),
      },
    );
    return true;
  });
  if (changed) forgetBuyerCaches();
  return toMerchant(await db.merchant.findUniqueOrThrow({ where: { id: merchantId }, select: merchantFields }));
}

/** Stops every POP of the merchant from taking payments until resumed (super_admin and admin only). */
export function suspendMerchant(actor: Staff, input: { id: string }) {
  return setSuspension(actor, input.id, true);
}

/** Lets the merchant's POPs take payments again (super_admin and admin only). */
export function resumeMerchant(actor: Staff, input: { id: string }) {
  return setSuspension(actor, input.id, false);
}

type PopStatus = "active" | "inactive" | "suspended";

/**
 * One merchant for the staff portal: the merchant with its suspension, the first page of its payment buttons
 * and of its sell pages (admin.listMerchantPops pages further), and one page of its payments, newest first.
 * A POP's status is what buyers get: "suspended" while the merchant is, else its own on/off switch. Bundle
 * buttons are part of their sell page and not listed on their own.
 */
export async function getStaffMerchantDetail(actor: Staff, input: z.output<typeof merchantDetailSchema>) {
  const row = await db.merchant.findUnique({ where: { id: input.id }, select: merchantFields });
  if (!row) throw new AppError("NOT_FOUND", MERCHANT_NOT_FOUND);
  const merchant = toMerchant(row);
  const [paymentButtons, sellPages, payments] = await Promise.all([
    listMerchantPops({ merchantId: merchant.id, kind: "payment_buttons", page: 1 }),
    listMerchantPops({ merchantId: merchant.id, kind: "sell_pages", page: 1 }),
    listMerchantTransactions(merchant.id, input.page),
  ]);
  const withStatus = (page: typeof paymentButtons) => ({
    ...page,
    pops: page.pops.map((pop) => ({
      ...pop,
      status: (merchant.isSuspended ? "suspended" : pop.isActive ? "active" : "inactive") as PopStatus,
    })),
  });
  return {
    merchant,
    /** Whether the viewer may suspend or resume (the server checks again on the mutation). */
    canSuspend: merchantSuspensionProblem(actor.role) === null,
    pops: { paymentButtons: withStatus(paymentButtons), sellPages: withStatus(sellPages) },
    payments,
  };
}
