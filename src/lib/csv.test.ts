import { describe, expect, it } from "vitest";
import { csvCell, csvRow, neutralizeFormula } from "~/lib/csv";

describe("csv", () => {
  it("quotes text and doubles embedded quotes, keeping commas and line breaks inside the cell", () => {
    expect(csvCell('He said "hi", then\nleft')).toBe('"He said ""hi"", then\nleft"');
    expect(csvRow(["a,b", 12, null, undefined])).toBe('"a,b",12,,\r\n');
  });

  it.each(['=HYPERLINK("http://evil")', "+1+1", "-2+3", "@SUM(A1)", "\t=1", "\r=1"])(
    "neutralizes the formula %j",
    (text) => {
      expect(neutralizeFormula(text)).toBe(`'${text}`);
      expect(csvCell(text).startsWith(`"'`)).toBe(true);
    },
  );

  it("leaves ordinary text and numbers alone", () => {
    expect(neutralizeFormula("alex@example.com")).toBe("alex@example.com");
    expect(csvCell("10.00")).toBe('"10.00"');
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell(Number.NaN)).toBe("");
  });
});
