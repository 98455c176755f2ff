import { describe, expect, it } from "vitest";
import { formMessages } from "~/schemas/form-messages";
import { billingDetailsSchema, type BillingDetailsInput } from "~/schemas/invoices";

const valid: BillingDetailsInput = {
  name: "Ada Buyer",
  company: "Ada Ltd",
  address: "1 Main St\nParis",
  vatId: "FR12",
};
const messages = formMessages(billingDetailsSchema, valid);

describe("billing details", () => {
  it("accepts every field left out or empty, and trims what is sent", () => {
    expect(messages({})).toEqual({});
    expect(billingDetailsSchema.parse({})).toEqual({});
    expect(billingDetailsSchema.parse({ name: "", company: " ", address: "", vatId: "" })).toEqual({
      name: "",
      company: "",
      address: "",
      vatId: "",
    });
    expect(billingDetailsSchema.parse({ name: "  Ada  ", vatId: " DE 123.456-7 " })).toEqual({
      name: "Ada",
      vatId: "DE 123.456-7",
    });
  });

  it("keeps an address's lines, without the browser's carriage returns or stray spaces", () => {
    expect(billingDetailsSchema.parse({ address: " 1 Main St \r\n 75001 Paris \r\n" }).address).toBe(
      "1 Main St\n75001 Paris",
    );
  });

  it("says what is wrong with each field", () => {
    expect(messages({ name: "x".repeat(201) })).toEqual({ name: "Name must be at most 200 characters" });
    expect(messages({ name: "x".repeat(200) })).toEqual({});
    expect(messages({ name: "Ada\tBuyer" })).toEqual({ name: "Name must be on one line" });
    expect(messages({ company: "y".repeat(201) })).toEqual({ company: "Company must be at most 200 characters" });
    expect(messages({ company: "Ada\nLtd" })).toEqual({ company: "Company must be on one line" });
    expect(messages({ address: "z".repeat(501) })).toEqual({ address: "Address must be at most 500 characters" });
    expect(messages({ address: "a\n".repeat(11) + "b" })).toEqual({ address: "Address must be at most 10 lines" });
    expect(messages({ address: "1 Main St\u0007" })).toEqual({
      address: "Address contains characters that are not allowed",
    });
    expect(messages({ vatId: "1".repeat(33) })).toEqual({ vatId: "VAT ID must be at most 32 characters" });
    expect(messages({ vatId: "FR/12" })).toEqual({
      vatId: "VAT ID may contain only letters, digits, spaces, dots and dashes",
    });
    expect(messages({ vatId: 12 as unknown as string })).toEqual({ vatId: "VAT ID must be text" });
  });
});
