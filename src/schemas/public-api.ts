import { z } from "zod";
import { transactionStatuses } from "~/schemas/payments";

// The public REST API's query parameters (/api/v1): every value arrives as text, and a parameter the endpoint does
// not take is refused by the API's edge before these run.

/** An id as the API shows them. */
const apiId = (what: string) =>
  z
    .string()
    .max(64, `Not ${what} id.`)
    .regex(/^[A-Za-z0-9_-]+$/, `Not ${what} id.`);

/** An ISO 8601 instant with its offset ("2026-11-01T00:00:00Z"). */
const instant = z.iso
  .datetime({ offset: true, error: "Give a time in ISO 8601 with its offset, e.g. 2026-11-01T00:00:00Z." })
  .transform((value) => new Date(value))
  .pipe(z.date().min(new Date("0001-01-01T00:00:00Z")).max(new Date("9999-12-31T23:59:59.999Z")));

/** Cursor paging: up to `limit` items after the one named by `starting_after`, newest first. */
const page = {
  limit: z
    .string()
    .max(3, "Give a limit from 1 to 100.")
    .regex(/^\d+$/, "Give a limit from 1 to 100.")
    .transform(Number)
    .pipe(z.number().int().min(1, "Give a limit from 1 to 100.").max(100, "Give a limit from 1 to 100."))
    .default(25),
  starting_after: apiId("a payment").optional(),
};

export const apiListPaymentsQuery = z.object({
  ...page,
  status: z.enum(transactionStatuses, { error: `Give one of: ${transactionStatuses.join(", ")}.` }).optional(),
  email: z.string().trim().min(1, "Give the buyer's e-mail.").max(320, "Give the buyer's e-mail.").optional(),
  created_gte: instant.optional(),
  created_lt: instant.optional(),
});
export type ApiListPaymentsQuery = z.output<typeof apiListPaymentsQuery>;
