// RFC 4180 CSV for exports that staff open in spreadsheet apps.

/**
 * Spreadsheet apps run a cell that starts with =, +, -, @ (or a tab or carriage return before one) as a formula,
 * and buyer names or e-mails are buyer-controlled text. Such cells get a leading apostrophe, which spreadsheets
 * show as plain text (OWASP "CSV injection").
 */
export function neutralizeFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** One cell: text is formula-neutralized and always quoted (quotes doubled); numbers are written as they are. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  return `"${neutralizeFormula(value).replace(/"/g, '""')}"`;
}

/** One record with its CRLF line ending. */
export function csvRow(values: readonly (string | number | null | undefined)[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}
