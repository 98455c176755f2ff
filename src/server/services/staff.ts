import "server-only";
import { hashPassword } from "~/server/auth/password";
import { db } from "~/server/db";
import { AppError } from "~/server/errors";
import type { z } from "zod";
import type { createSaasUserSchema } from "~/schemas/staff";

type NewSaasUser = z.output<typeof createSaasUserSchema>;

/** The staff member behind a session, or null once disabled or deleted (sessions do not outlive that). */
export function getActiveStaff(staffId: string) {
  return db.saasUser.findFirst({
    where: { id: staffId, isActive: true },
    select: { id: true, name: true, username: true, email: true, role: true },
  });
}

/** Creates a staff account. `createdById` is null only for the first account, made from the terminal. */
export async function createSaasUser(input: NewSaasUser, createdById: string | null) {
  const taken = await db.saasUser.findFirst({
    where: { OR: [{ username: input.username }, { email: input.email }] },
    select: { username: true },
  });
  if (taken) {
    const field = taken.username === input.username ? "username" : "email";
    const message = field === "username" ? "Username is already taken" : "Email is already in use";
    throw new AppError("CONFLICT", message, { fieldErrors: { [field]: [message] } });
  }
  return db.saasUser.create({
    data: {
      username: input.username,
      email: input.email,
      name: input.name,
      description: input.description ?? null,
      role: input.role,
      isActive: input.isActive,
      passwordHash: await hashPassword(input.password),
      createdById,
    },
    select: { id: true, username: true, email: true, name: true, role: true, isActive: true },
  });
}

export async function platformTotals() {
  const [merchants, paymentButtons, transactions, revenue] = await Promise.all([
    db.merchant.count(),
    db.paymentButton.count(),
    db.transaction.count(),
    db.transaction.groupBy({ by: ["currency"], where: { status: "completed" }, _sum: { amountMinor: true } }),
  ]);
  return {
    merchants,
    paymentButtons,
    transactions,
    revenueByCurrency: revenue.map((row) => ({ currency: row.currency, amountMinor: row._sum.amountMinor ?? 0 })),
  };
}
