// Reading PayPal's webhook JSON, whose fields are checked one by one before use.

export type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A non-empty string, else null. */
export const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);
