import { z } from "zod";

// Store Settings > API keys: keys to the public REST API (/api/v1), each with a name and a scope.

export const API_KEY_SCOPES = ["read", "write"] as const;
export const apiKeyScopeLabels = { read: "Read", write: "Read and write" } as const;

export const createApiKeySchema = z.object({
  name: z.string().trim().min(1, "Name the key.").max(60, "Keep the name under 60 characters."),
  scope: z.enum(API_KEY_SCOPES, { error: "Choose read, or read and write." }),
});
export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;

export const apiKeyIdSchema = z.object({ id: z.string().trim().min(1).max(64) });
