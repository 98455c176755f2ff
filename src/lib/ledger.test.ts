import { describe, expect, it } from "vitest";
import { refundableAmount, refundCounts, statusAfterRefunds } from "~/lib/ledger";

describe("statusAfterRefunds", () => {
  it("is completed with nothing refunded, partially refunded in between, refunded at the captured amount", () => {
    expect(statusAfterRefunds(1250, 0)).toBe("completed");
    expect(statusAfterRefunds(1250, 500)).toBe("partially_refunded");
    expect(statusAfterRefunds(1250, 1249)).toBe("partially_refunded");
    expect(statusAfterRefunds(1250, 1250)).toBe("refunded");
  });
});

describe("refundCounts", () => {
  it("counts completed and pending refunds, not failed or cancelled ones", () => {
    expect(refundCounts("COMPLETED")).toBe(true);
    expect(refundCounts("pending")).toBe(true);
    expect(refundCounts("FAILED")).toBe(false);
    expect(refundCounts("CANCELLED")).toBe(false);
  });
});

describe("refundableAmount", () => {
  const payment = { amountMinor: 1250, refundedMinor: 500, currency: "USD" as const };
  it("refunds what is left when no amount is given", () => {
    expect(refundableAmount(payment, undefined)).toEqual({ ok: true, amountMinor: 750 });
  });
  it("takes any amount up to what is left", () => {
    expect(refundableAmount(payment, 750)).toEqual({ ok: true, amountMinor: 750 });
    expect(refundableAmount(payment, 1)).toEqual({ ok: true, amountMinor: 1 });
  });
  it("refuses more than is left, zero, and a payment refunded in full", () => {
    expect(refundableAmount(payment, 751)).toEqual({
      ok: false,
      message: "The refund cannot be more than what is left to refund.",
    });
    expect(refundableAmount(payment, 0)).toMatchObject({ ok: false });
    expect(refundableAmount({ ...payment, refundedMinor: 1250 }, undefined)).toEqual({
      ok: false,
      message: "This payment has been refunded in full already.",
    });
  });
});
