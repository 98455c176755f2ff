import { describe, expect, it } from "vitest";
import { db } from "~/server/platform/db";
import { createMerchant } from "../../factories/merchant";

// Runs on whichever database the run uses; it guards the embedded server (scripts/lib/embedded-db.ts), where
// PGlite answers a failed extended-protocol statement with one ReadyForQuery too many, which put the client one
// answer behind: the first read after a failed transaction got the ROLLBACK's, no rows. Whether it showed
// depended on how the bytes reached the client, hence the loop.
describe("the database after a failed transaction", () => {
  it("rolls the transaction back and answers the next query with its own rows", async () => {
    const merchant = await createMerchant(db);

    for (let attempt = 0; attempt < 50; attempt++) {
      const failed = await db
        .$transaction(async (tx) => {
          await tx.merchant.update({ where: { id: merchant.id }, data: { name: "Changed" } });
          // A parameter puts it on the extended protocol, as every Prisma statement is.
          await tx.$queryRaw`SELECT 1 / ${0}::int`;
        })
        .then(
          () => false,
          () => true,
        );
      expect(failed).toBe(true);

      expect(await db.merchant.findUnique({ where: { id: merchant.id } })).toMatchObject({ name: merchant.name });
      expect(await db.$queryRaw`SELECT ${attempt}::int AS attempt`).toEqual([{ attempt }]);
    }
  });
});
