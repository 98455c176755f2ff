/** Calls an export route as the browser would and reads its file's bytes (the byte-order mark kept). */
export async function download(route: (request: Request) => Promise<Response>, path: string) {
  const response = await route(new Request(`http://localhost:3000${path}`));
  // ignoreBOM keeps the byte-order mark that response.text() would drop, so the test sees the file's bytes.
  return { response, text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer()) };
}

/** The CSV's records (RFC 4180: quoted cells may hold commas, doubled quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  for (const match of text.matchAll(/("(?:[^"]|"")*"|[^",\r\n]*)(,|\r\n)/g)) {
    const [, cell = "", end] = match;
    row.push(cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell);
    if (end === "\r\n") {
      rows.push(row);
      row = [];
    }
  }
  return rows;
}

/** The records as objects keyed by the header row. */
export function records(text: string) {
  const [header, ...rows] = parseCsv(text.replace(/^\uFEFF/, ""));
  return rows.map((row) => Object.fromEntries(header!.map((name, index) => [name, row[index]!])));
}
