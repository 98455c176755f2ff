import { apiKeyIdSchema, createApiKeySchema } from "~/schemas/api-keys";
import { merchantMutation } from "~/server/api/merchant-resource";
import { createTRPCRouter, merchantProcedure } from "~/server/api/trpc";
import { createApiKey, listApiKeys, revokeApiKey } from "~/server/api-keys/keys";

/** merchant.apiKeys.*: Store Settings > API keys (the key itself is in create's answer only). */
export const apiKeysRouter = createTRPCRouter({
  list: merchantProcedure.query(({ ctx }) => listApiKeys(ctx.merchantId)),
  create: merchantMutation(createApiKeySchema, createApiKey),
  revoke: merchantMutation(apiKeyIdSchema, (merchantId, input) => revokeApiKey(merchantId, input.id)),
});
