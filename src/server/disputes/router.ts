import {
  acceptClaimSchema,
  disputeIdSchema,
  listDisputesSchema,
  pauseAccessSchema,
  sendDisputeMessageSchema,
} from "~/schemas/disputes";
import { merchantMutation } from "~/server/api/merchant-resource";
import { createTRPCRouter, merchantProcedure } from "~/server/api/trpc";
import { acceptClaim, sendDisputeMessage } from "~/server/disputes/answers";
import { listDisputes, ownDispute, setAccessPaused } from "~/server/disputes/disputes";
import { proposeEvidence } from "~/server/disputes/evidence";
import { pullDisputes } from "~/server/disputes/sync";

/**
 * merchant.disputes.*: PayPal's cases against the store's payments, and the seller's answers. Evidence with files
 * is sent by POST /api/disputes/{id}/evidence (a multipart body larger than tRPC's).
 */
export const disputesRouter = createTRPCRouter({
  /** Open first, by deadline. */
  list: merchantProcedure.input(listDisputesSchema).query(({ ctx, input }) => listDisputes(ctx.merchantId, input)),

  get: merchantProcedure.input(disputeIdSchema).query(({ ctx, input }) => ownDispute(ctx.merchantId, input.id)),

  /** The answer Popkit proposes from its records, by the case's reason. */
  evidence: merchantProcedure
    .input(disputeIdSchema)
    .query(({ ctx, input }) => proposeEvidence(ctx.merchantId, input.id)),

  pauseAccess: merchantMutation(pauseAccessSchema, (merchantId, input) =>
    setAccessPaused(merchantId, input.id, input.paused),
  ),

  acceptClaim: merchantMutation(acceptClaimSchema, acceptClaim),

  sendMessage: merchantMutation(sendDisputeMessageSchema, sendDisputeMessage),

  /** "Check PayPal now": the store's cases updated since the last pull (the hourly sweep does the same). */
  refresh: merchantProcedure.mutation(async ({ ctx }) => ({ read: await pullDisputes(ctx.merchantId) })),
});
