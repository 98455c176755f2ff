import { z } from "zod";
import { buyerTaxChoice } from "~/schemas/checkout";

// The store page /s/{handle}: the seller's settings (its address, whether it is on, which POPs it lists in what
// order) and the buyer's cart. Prices never come from the browser: a cart names buttons and quantities only.

export const STORE_HANDLE_MIN = 3;
export const STORE_HANDLE_MAX = 30;
/** The most POPs one store page lists, and the most different items one cart holds. */
export const MAX_STORE_ITEMS = 60;
export const MAX_CART_ITEMS = 20;

/**
 * Addresses a store may not take: our own pages' names, and words a buyer could mistake for us or for a
 * platform page (a store called "support" or "paypal" could pass itself off as either).
 */
export const RESERVED_STORE_HANDLES = new Set([
  "about",
  "account",
  "admin",
  "api",
  "app",
  "auth",
  "billing",
  "blog",
  "cart",
  "checkout",
  "dashboard",
  "docs",
  "download",
  "embed",
  "help",
  "home",
  "library",
  "login",
  "logout",
  "new",
  "null",
  "official",
  "paypal",
  "popkit",
  "portal",
  "pricing",
  "privacy",
  "root",
  "saas-admin",
  "security",
  "settings",
  "shop",
  "signin",
  "signup",
  "staff",
  "status",
  "store",
  "support",
  "terms",
  "test",
  "undefined",
  "www",
]);

export const storePageMessages = {
  handleLength: `Store address must be ${STORE_HANDLE_MIN} to ${STORE_HANDLE_MAX} characters`,
  handleCharacters: "Use lowercase letters, numbers and hyphens, starting and ending with a letter or number",
  handleReserved: "This store address is reserved. Choose another.",
  handleTaken: "This store address is taken. Choose another.",
  handleRequired: "Choose your store's address to turn the store page on",
  tooManyItems: `A store page lists at most ${MAX_STORE_ITEMS} items`,
  itemsGone: "Some of the chosen items no longer exist. Reload the page and choose again.",
} as const;

/** A store's address as typed: trimmed and lowercased before it is checked, so "My-Shop" is "my-shop". */
export const storeHandleSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(STORE_HANDLE_MIN, { error: storePageMessages.handleLength, abort: true })
  .max(STORE_HANDLE_MAX, { error: storePageMessages.handleLength, abort: true })
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, { error: storePageMessages.handleCharacters, abort: true })
  .refine((handle) => !RESERVED_STORE_HANDLES.has(handle), storePageMessages.handleReserved);

const popId = z.string().trim().min(1).max(64);

/** A POP the store page lists: a standalone one-time button, or a sell page with its bundles. */
export const storePageItemSchema = z.object({ kind: z.enum(["button", "page"]), id: popId });
export type StorePageItem = z.infer<typeof storePageItemSchema>;

/** Store Settings' "Store page" card: the list is the whole set, in the order the page shows it. */
export const updateStorePageSchema = z
  .object({
    enabled: z.boolean(),
    /** Empty while the seller has not chosen one (the page cannot be on then); else a storeHandleSchema. */
    handle: z.string().trim().toLowerCase().max(200, storePageMessages.handleLength),
    items: z.array(storePageItemSchema).max(MAX_STORE_ITEMS, storePageMessages.tooManyItems),
  })
  .superRefine((value, context) => {
    if (value.handle === "") {
      if (value.enabled) {
        context.addIssue({ code: "custom", path: ["handle"], message: storePageMessages.handleRequired });
      }
      return;
    }
    const checked = storeHandleSchema.safeParse(value.handle);
    if (!checked.success) {
      context.addIssue({ code: "custom", path: ["handle"], message: checked.error.issues[0]!.message });
    }
  });
export type UpdateStorePageInput = z.infer<typeof updateStorePageSchema>;

const notAnObject = "The request must be a JSON object.";

/** A store page's address in a buyer's call: anything that cannot be one is simply a page that does not exist. */
const handle = z
  .string({ error: "Store not found." })
  .trim()
  .toLowerCase()
  .max(STORE_HANDLE_MAX, "Store not found.")
  .regex(/^[a-z0-9-]+$/, "Store not found.");

/** The buyer's cart: buttons and quantities; the server prices every line from the store's data. */
export const cartSchema = z.object(
  {
    handle,
    items: z
      .array(
        z.object({
          buttonId: z
            .string({ error: "This item is no longer for sale." })
            .trim()
            .min(1, "This item is no longer for sale.")
            .max(64, "This item is no longer for sale.")
            .regex(/^[A-Za-z0-9_-]+$/, "This item is no longer for sale."),
          quantity: z
            .number({ error: "Enter a whole number of items." })
            .int("Enter a whole number of items.")
            .min(1, "Buy at least 1.")
            .max(100_000, "That is too many."),
        }),
        { error: "Your cart is empty." },
      )
      .min(1, "Your cart is empty.")
      .max(MAX_CART_ITEMS, `A cart holds at most ${MAX_CART_ITEMS} different items.`),
    discountCode: z.string().max(64, "This discount code is not valid.").optional(),
    ...buyerTaxChoice,
  },
  { error: notAnObject },
);
export type CartInput = z.infer<typeof cartSchema>;
