import type { Session } from "next-auth";
import { createCaller } from "../../src/server/api/root";
import { db } from "../../src/server/db";

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

/** The API as a signed-in merchant sees it, through the same procedures and checks as over HTTP. */
export function merchantCaller(merchant: { id: string; email: string; name: string }, options?: CallerOptions) {
  return callerFor(
    { user: { id: merchant.id, email: merchant.email, name: merchant.name, userType: "merchant" }, expires: expires() },
    options,
  );
}

export function staffCaller(
  staff: { id: string; email: string; name: string; username: string; role: "operator" | "admin" | "super_admin" },
  options?: CallerOptions,
) {
  return callerFor(
    {
      user: {
        id: staff.id,
        email: staff.email,
        name: staff.name,
        userType: "saas_admin",
        username: staff.username,
        role: staff.role,
      },
      expires: expires(),
    },
    options,
  );
}

export function anonymousCaller(options?: CallerOptions) {
  return callerFor(null, options);
}
