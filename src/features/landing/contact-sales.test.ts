import { describe, expect, it } from "vitest";
import { buildSalesMailto, contactSalesSchema } from "./contact-sales";

const valid = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  company: "Engines Ltd",
  message: "We sell 5,000 e-books a month.",
};

describe("contactSalesSchema", () => {
  it("accepts a complete enquiry and trims it", () => {
    expect(contactSalesSchema.parse({ ...valid, name: "  Ada Lovelace " }).name).toBe("Ada Lovelace");
  });

  it("allows an empty company", () => {
    expect(contactSalesSchema.safeParse({ ...valid, company: "" }).success).toBe(true);
  });

  it.each([
    ["name", "", "Enter your name"],
    ["email", " ", "Enter your e-mail address"],
    ["email", "ada@", "Enter a valid e-mail address"],
    ["message", "Hi", "Tell us a little more (at least 10 characters)"],
    ["message", "x".repeat(1501), "Keep your message under 1,500 characters"],
  ])("rejects %s %j", (field, value, message) => {
    const result = contactSalesSchema.safeParse({ ...valid, [field]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });
});

describe("buildSalesMailto", () => {
  it("addresses sales with an encoded subject and body", () => {
    const url = buildSalesMailto({ ...valid, message: "Line one\nLine & two" });
    expect(url.startsWith("mailto:sales@popkit.app?subject=")).toBe(true);
    const params = new URL(url).searchParams;
    expect(params.get("subject")).toBe("Popkit custom plan enquiry from Engines Ltd");
    expect(params.get("body")).toBe(
      "Name: Ada Lovelace\r\nE-mail: ada@example.com\r\nCompany: Engines Ltd\r\n\r\nLine one\r\nLine & two",
    );
    expect(url).not.toContain("+");
  });

  it("names the person when there is no company", () => {
    const params = new URL(buildSalesMailto({ ...valid, company: "" })).searchParams;
    expect(params.get("subject")).toBe("Popkit custom plan enquiry from Ada Lovelace");
    expect(params.get("body")).toContain("Company: -");
  });

  it("names the plan the enquiry is about", () => {
    const params = new URL(buildSalesMailto(valid, "Pro plan")).searchParams;
    expect(params.get("subject")).toBe("Popkit Pro plan enquiry from Engines Ltd");
  });
});
