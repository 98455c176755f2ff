import type { z } from "zod";

/**
 * What a form would show for `valid` changed by some fields: each failing field's message by its path
 * ("priceOptions.0.value"), {} when the input passes. The schema tests read their rules through it.
 */
export function formMessages<Input extends object>(schema: z.ZodType, valid: Input) {
  return (input: Partial<Input>): Record<string, string> => {
    const result = schema.safeParse({ ...valid, ...input });
    return result.success
      ? {}
      : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
  };
}
