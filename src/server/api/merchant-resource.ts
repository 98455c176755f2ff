import type { z } from "zod";
import { merchantProcedure } from "~/server/api/trpc";

/**
 * The endpoints every editable thing a merchant keeps a list of has (payment buttons, digital sell pages, WPS
 * buttons, discount codes): list, get, create, update and delete, each its service function called for the
 * signed-in merchant. A router spreads them and adds what is its own.
 */
export function merchantResourceProcedures<
  IdSchema extends z.ZodType<{ id: string }, unknown>,
  NewSchema extends z.ZodType,
  UpdateSchema extends z.ZodType<{ id: string; values: unknown }, unknown>,
  Listed,
  Found,
  Created,
  Updated,
  Deleted,
>(
  schemas: { id: IdSchema; create: NewSchema; update: UpdateSchema },
  service: {
    list(merchantId: string): Promise<Listed>;
    get(merchantId: string, id: string): Promise<Found>;
    create(merchantId: string, input: z.output<NewSchema>): Promise<Created>;
    update(merchantId: string, id: string, values: z.output<UpdateSchema>["values"]): Promise<Updated>;
    remove(merchantId: string, id: string): Promise<Deleted>;
  },
) {
  return {
    list: merchantProcedure.query(({ ctx }) => service.list(ctx.merchantId)),
    get: merchantProcedure.input(schemas.id).query(({ ctx, input }) => service.get(ctx.merchantId, input.id)),
    create: merchantProcedure
      .input(schemas.create)
      // tRPC cannot see through a generic schema that its output is the parsed input: it is.
      .mutation(({ ctx, input }) => service.create(ctx.merchantId, input as z.output<NewSchema>)),
    update: merchantProcedure
      .input(schemas.update)
      .mutation(({ ctx, input }) => service.update(ctx.merchantId, input.id, input.values)),
    delete: merchantProcedure.input(schemas.id).mutation(({ ctx, input }) => service.remove(ctx.merchantId, input.id)),
  };
}

/** A query that answers with a service function run for the signed-in merchant on the parsed input. */
export function merchantQuery<Schema extends z.ZodType, Answer>(
  schema: Schema,
  run: (merchantId: string, input: z.output<Schema>) => Promise<Answer>,
) {
  // As above: the input is the schema's parsed output, which tRPC cannot see through a generic schema.
  return merchantProcedure.input(schema).query(({ ctx, input }) => run(ctx.merchantId, input as z.output<Schema>));
}

/** A mutation that runs a service function for the signed-in merchant on the parsed input. */
export function merchantMutation<Schema extends z.ZodType, Answer>(
  schema: Schema,
  run: (merchantId: string, input: z.output<Schema>) => Promise<Answer>,
) {
  return merchantProcedure.input(schema).mutation(({ ctx, input }) => run(ctx.merchantId, input as z.output<Schema>));
}
