// Character sets of WPS traffic, as PayPal handles them. PayPal reads a button form in the form's `charset`
// (default: the account's "PayPal button language encoding"), and sends IPN and PDT data in the account's
// encoding, windows-1252 unless the seller changed it in the profile. The form's `charset` does not change the
// IPN's: PayPal documents it for the data sent TO PayPal (and the checkout pages); the profile's "use the same
// encoding for data sent from PayPal to you (IPN, ...)" decides the rest. So a listener must post back the
// exact bytes it got: decoding windows-1252 as UTF-8 and encoding again changes every non-ASCII character.

export const DEFAULT_ACCOUNT_CHARSET = "windows-1252";
/** What the sandbox's account setting can be (PayPal lists more; these two cover every real listener bug). */
export const ACCOUNT_CHARSETS = ["windows-1252", "UTF-8"] as const;
export type AccountCharset = (typeof ACCOUNT_CHARSETS)[number];

export function accountCharset(value: string | undefined): AccountCharset | undefined {
  return ACCOUNT_CHARSETS.find((c) => c.toLowerCase() === value?.trim().toLowerCase());
}

// windows-1252 is ISO-8859-1 except 0x80-0x9F, which hold these (WHATWG's table; 0x81, 0x8D, 0x8F, 0x90 and
// 0x9D stay C1 controls). Spelled out: Node's TextDecoder("windows-1252") decodes as plain ISO-8859-1.
const WINDOWS_1252_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ";

const fromWindows1252 = (byte: number) =>
  byte >= 0x80 && byte <= 0x9f ? WINDOWS_1252_HIGH[byte - 0x80]! : String.fromCharCode(byte);

let windows1252: Map<string, number> | undefined;

function windows1252Table(): Map<string, number> {
  if (!windows1252) {
    windows1252 = new Map();
    for (let byte = 0; byte < 256; byte++) windows1252.set(fromWindows1252(byte), byte);
  }
  return windows1252;
}

/** Bytes to text in `charset`; windows-1252 (and its aliases) by the table above, the rest by the platform. */
function decoderFor(charset: string): (bytes: Buffer) => string {
  const decoder = new TextDecoder(charset); // throws a RangeError for an unknown charset
  if (decoder.encoding !== "windows-1252") return (bytes) => decoder.decode(bytes);
  return (bytes) => Array.from(bytes, fromWindows1252).join("");
}

export function encodeText(text: string, charset: AccountCharset): Buffer {
  if (charset === "UTF-8") return Buffer.from(text, "utf8");
  const table = windows1252Table();
  // PayPal, like any single-byte encoder, puts "?" for a character the charset lacks.
  return Buffer.from([...text].map((char) => table.get(char) ?? 0x3f));
}

const UNRESERVED = /^[A-Za-z0-9*\-._]$/;

/** application/x-www-form-urlencoded of the bytes of `text` in `charset` (space as "+"). */
function formEncode(text: string, charset: AccountCharset): string {
  let out = "";
  for (const byte of encodeText(text, charset)) {
    const char = String.fromCharCode(byte);
    if (UNRESERVED.test(char)) out += char;
    else if (byte === 0x20) out += "+";
    else out += `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/** An IPN body (or a PDT line) in the account's charset: plain ASCII on the wire, the charset in its escapes. */
export function encodeForm(variables: Record<string, string>, charset: AccountCharset): string {
  return Object.entries(variables)
    .map(([key, value]) => `${formEncode(key, charset)}=${formEncode(value, charset)}`)
    .join("&");
}

function percentDecode(text: string): Buffer {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    const hex = char === "%" ? text.slice(i + 1, i + 3) : "";
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else if (char === "+") {
      bytes.push(0x20);
    } else {
      bytes.push(...Buffer.from(char, "utf8"));
    }
  }
  return Buffer.from(bytes);
}

/** The raw fields of a form body or query string, each still as bytes. */
function rawFields(raw: string): [Buffer, Buffer][] {
  return raw
    .split("&")
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf("=");
      return at === -1
        ? [percentDecode(pair), Buffer.alloc(0)]
        : [percentDecode(pair.slice(0, at)), percentDecode(pair.slice(at + 1))];
    });
}

/**
 * A button form as PayPal reads it: in the form's own `charset` field when it has one, else in `fallback` (the
 * account's). Throws a RangeError for a charset the platform does not know.
 */
export function decodeButtonForm(raw: string, fallback: string): Record<string, string> {
  const fields = rawFields(raw);
  const declared = fields.find(([key]) => key.toString("latin1") === "charset")?.[1].toString("latin1");
  const decode = decoderFor(declared || fallback);
  const result: Record<string, string> = {};
  for (const [key, value] of fields) result[decode(key)] = decode(value);
  return result;
}
