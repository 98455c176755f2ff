import { randomBytes } from "node:crypto";
import { db } from "~/server/platform/db";

/**
 * The database refuses to insert the payment of one PayPal order (a trigger raising an error), as a failing or
 * overloaded database would after PayPal captured: the real write path fails, nothing is mocked. Returns the
 * function that lets writes through again.
 */
export async function refusePaymentWrites(paypalOrderId: string): Promise<() => Promise<void>> {
  if (!/^[A-Za-z0-9-]+$/.test(paypalOrderId)) throw new Error("unexpected order id");
  const name = `popkit_test_refuse_${randomBytes(4).toString("hex")}`;
  await db.$executeRawUnsafe(
    `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         IF NEW.paypal_order_id = '${paypalOrderId}' THEN RAISE EXCEPTION 'simulated write failure'; END IF;
         RETURN NEW;
       END $$`,
  );
  await db.$executeRawUnsafe(
    `CREATE TRIGGER ${name} BEFORE INSERT ON transactions FOR EACH ROW EXECUTE FUNCTION ${name}()`,
  );
  return async () => {
    await db.$executeRawUnsafe(`DROP TRIGGER ${name} ON transactions`);
    await db.$executeRawUnsafe(`DROP FUNCTION ${name}()`);
  };
}
