import { describe, expect, it } from "vitest";
import { z } from "zod";
import * as analytics from "~/schemas/analytics";
import * as auth from "~/schemas/accounts";
import * as checkout from "~/schemas/checkout";
import * as discountCode from "~/schemas/discounts";
import * as ledger from "~/schemas/subscriptions";
import * as licenses from "~/schemas/licenses";
import * as offers from "~/schemas/offers";
import * as portal from "~/schemas/portal";
import * as merchantPayments from "~/schemas/payments";
import * as merchantWebhooks from "~/schemas/merchant-webhooks";
import * as paymentButton from "~/schemas/payment-buttons";
import * as plans from "~/schemas/plans";
import * as sellPage from "~/schemas/sell-pages";
import * as staff from "~/schemas/staff";
import * as storeSettings from "~/schemas/stores";
import * as storePage from "~/schemas/store-page";
import * as shipping from "~/schemas/shipping";
import * as disputes from "~/schemas/disputes";
import * as apiKeys from "~/schemas/api-keys";
import * as publicApi from "~/schemas/public-api";
import * as wps from "~/schemas/wps";

const modules = {
  analytics,
  auth,
  checkout,
  discountCode,
  ledger,
  licenses,
  offers,
  portal,
  merchantPayments,
  merchantWebhooks,
  paymentButton,
  plans,
  sellPage,
  staff,
  storeSettings,
  storePage,
  shipping,
  disputes,
  apiKeys,
  publicApi,
  wps,
};

/** String formats whose own pattern bounds the length. */
const boundedFormats = new Set(["uuid", "date", "datetime"]);

/**
 * The paths (schema.field...) of the strings and arrays in `schema` that accept any length, and of the dates and
 * numbers that accept values the database cannot hold.
 */
function unbounded(schema: z.core.$ZodType, path: string, seen = new Set<z.core.$ZodType>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const walk = (inner: unknown, at = path) => unbounded(inner as z.core.$ZodType, at, seen);
  switch (def.type) {
    case "string": {
      const string = schema as z.ZodString;
      return string.maxLength !== null || boundedFormats.has(string.format ?? "") ? [] : [path];
    }
    case "date": {
      // PostgreSQL's timestamps hold far fewer years than a JavaScript Date.
      const date = schema as z.ZodDate;
      return date.minDate !== null && date.maxDate !== null ? [] : [path];
    }
    case "number": {
      // Amounts and counts are 32-bit integers in the database.
      return (schema as z.ZodNumber).maxValue! <= 2_147_483_647 ? [] : [path];
    }
    case "object":
      return Object.entries(def.shape as Record<string, unknown>).flatMap(([key, value]) =>
        walk(value, `${path}.${key}`),
      );
    case "array": {
      const isCapped = (def.checks as { _zod: { def: { check: string } } }[] | undefined)?.some(
        (check) => check._zod.def.check === "max_length",
      );
      return [...(isCapped ? [] : [`${path}[]`]), ...walk(def.element, `${path}[]`)];
    }
    case "pipe":
      // The input side is what a client sends; a transform's output is ours.
      return walk(def.in);
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
    case "catch":
    case "nonoptional":
      return walk(def.innerType);
    case "union":
      return (def.options as unknown[]).flatMap((option) => walk(option));
    case "intersection":
      return [...walk(def.left), ...walk(def.right)];
    case "record":
      return [...walk(def.keyType, `${path}{key}`), ...walk(def.valueType, `${path}{}`)];
    default:
      return [];
  }
}

describe("input limits", () => {
  it("bounds every string, array, date and number in every schema", () => {
    const found = Object.entries(modules).flatMap(([module, exports]) =>
      Object.entries(exports).flatMap(([name, value]) =>
        value instanceof z.ZodType ? unbounded(value, `${module}.${name}`) : [],
      ),
    );
    expect(found).toEqual([]);
  });
});
