import { randomBytes } from "node:crypto";
import { db } from "~/server/platform/db";

const identifier = /^[a-z_]+$/;

/**
 * The database refuses one row's write (a trigger raising an error), as a failing or overloaded database would in
 * the middle of a save: the real write path fails, nothing is mocked. Returns the function that lets writes
 * through again.
 */
export async function refuseWrites(target: {
  table: string;
  on: "INSERT" | "UPDATE";
  column: string;
  value: string;
}): Promise<() => Promise<void>> {
  const { table, on, column, value } = target;
  if (!identifier.test(table) || !identifier.test(column)) throw new Error("unexpected table or column");
  if (!/^[A-Za-z0-9-]+$/.test(value)) throw new Error("unexpected value");
  const name = `popkit_test_refuse_${randomBytes(4).toString("hex")}`;
  await db.$executeRawUnsafe(
    `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         IF NEW.${column} = '${value}' THEN RAISE EXCEPTION 'simulated write failure'; END IF;
         RETURN NEW;
       END $$`,
  );
  await db.$executeRawUnsafe(`CREATE TRIGGER ${name} BEFORE ${on} ON ${table} FOR EACH ROW EXECUTE FUNCTION ${name}()`);
  return async () => {
    await db.$executeRawUnsafe(`DROP TRIGGER ${name} ON ${table}`);
    await db.$executeRawUnsafe(`DROP FUNCTION ${name}()`);
  };
}

/** The payment of one PayPal order cannot be recorded, as after PayPal captured on a failing database. */
export function refusePaymentWrites(paypalOrderId: string) {
  return refuseWrites({ table: "transactions", on: "INSERT", column: "paypal_order_id", value: paypalOrderId });
}
