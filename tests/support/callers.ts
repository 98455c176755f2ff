import type { Session } from "next-auth";
import { createCaller } from "../../src/server/api/root";
import { db } from "../../src/server/platform/db";
import { createMerchant } from "../factories/merchant";

type CallerOptions = { ip?: string };

function callerFor(session: Session | null, options: CallerOptions = {}) {
  const ip =
    options.ip ??
    `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  return createCaller({
    db,
    session,
    headers: new Headers({ "x-forwarded-for": ip }),
    ip,
    requestId: "test",
  });
}

const expires = () => new Date(Date.now() + 3600_000).toISOString();

type MerchantIdentity = { id: string; email: string; name: string };
type StaffIdentity = MerchantIdentity & { username: string; role: "operator" | "admin" | "super_admin" };

/** The session next-auth gives a signed-in merchant. */
export function merchantSession(merchant: MerchantIdentity): Session {
  return {
    user: { id: merchant.id, email: merchant.email, name: merchant.name, userType: "merchant" },
    expires: expires(),
  };
}

/** The session next-auth gives a signed-in staff member. */
export function staffSession(staff: StaffIdentity): Session {
  return {
    user: {
      id: staff.id,
      email: staff.email,
      name: staff.name,
      userType: "saas_admin",
      username: staff.username,
      role: staff.role,
    },
    expires: expires(),
  };
}

/** The API as a signed-in merchant sees it, through the same procedures and checks as over HTTP. */
export function merchantCaller(merchant: MerchantIdentity, options?: CallerOptions) {
  return callerFor(merchantSession(merchant), options);
}

export function staffCaller(staff: StaffIdentity, options?: CallerOptions) {
  return callerFor(staffSession(staff), options);
}

export function anonymousCaller(options?: CallerOptions) {
  return callerFor(null, options);
}

/** A new merchant, signed in: their row and the API as they see it. */
export async function signedInMerchant() {
  const merchant = await createMerchant(db);
  return { merchant, api: merchantCaller(merchant) };
}

/** Two signed-in merchants, for a test that checks one cannot see or change the other's rows. */
export async function twoMerchants() {
  const owner = await createMerchant(db);
  const other = await createMerchant(db);
  return { owner, other, ownerApi: merchantCaller(owner), otherApi: merchantCaller(other) };
}
