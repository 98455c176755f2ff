import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { GET as buttonScript } from "~/app/api/button/[id]/route";
import { db } from "~/server/platform/db";
import { embedScriptAnswer } from "~/server/payment-buttons/embed-script";
import { createSeller } from "../../factories/seller";

// The content coding of GET /api/button/{id}.js as the production front door (scripts/serve.ts) answers it, from
// the copies compressed once per render: brotli where the browser takes it, else gzip, else the script as is.

async function buttonFile() {
  const { button } = await createSeller(db);
  return { button, file: `${button.id}.js` };
}

const answer = (file: string, acceptEncoding: string | null, ifNoneMatch: string | null = null) =>
  embedScriptAnswer(file, { ifNoneMatch, acceptEncoding });

function decoded({ headers, body }: { headers: Record<string, string>; body: Buffer | null }) {
  const coding = headers["content-encoding"];
  if (coding === "br") return brotliDecompressSync(body!);
  if (coding === "gzip") return gunzipSync(body!);
  return body!;
}

describe("GET /api/button/{id}.js content coding", () => {
  it("sends brotli to a browser, gzip to a gzip-only client, and the same script either way", async () => {
    const { file } = await buttonFile();
    const plain = await answer(file, null);
    const browser = await answer(file, "gzip, deflate, br, zstd");
    const gzipOnly = await answer(file, "gzip");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(browser.headers).toMatchObject({ "content-encoding": "br", vary: "Accept-Encoding" });
    expect(gzipOnly.headers).toMatchObject({ "content-encoding": "gzip", vary: "Accept-Encoding" });
    expect(decoded(browser).equals(plain.body!)).toBe(true);
    expect(decoded(gzipOnly).equals(plain.body!)).toBe(true);
    expect(browser.body!.length).toBeLessThan(gzipOnly.body!.length);
    expect(gzipOnly.body!.length).toBeLessThan(plain.body!.length);
    for (const other of [browser, gzipOnly]) expect(other.headers.etag).toBe(plain.headers.etag);
  });

  it.each([
    ["br;q=0.5, gzip", "gzip"],
    ["gzip;q=0.8, br;q=0.9", "br"],
    ["br;q=0, gzip;q=0.1", "gzip"],
    ["BR, GZIP", "br"],
    ["gzip;q=0.5", "gzip"],
    ["*", "br"],
    ["*;q=0.5, br;q=0", "gzip"],
    ["identity, br;q=0.5", "identity"],
    ["br;q=0, gzip;q=0", "identity"],
    ["br;q=oops, gzip;q=2, deflate", "identity"],
    ["deflate", "identity"],
    ["", "identity"],
  ])("Accept-Encoding %j gets %s", async (acceptEncoding, expected) => {
    const { file } = await buttonFile();
    const sent = await answer(file, acceptEncoding);
    expect(sent.status).toBe(200);
    expect(sent.headers.vary).toBe("Accept-Encoding");
    expect(sent.headers["content-encoding"] ?? "identity").toBe(expected);
    expect(decoded(sent).equals((await answer(file, null)).body!)).toBe(true);
  });

  it("answers a revalidation with 304 and Vary, and an unknown id's warning uncompressed", async () => {
    const { file } = await buttonFile();
    const first = await answer(file, "br");
    const revalidated = await answer(file, "br", first.headers.etag!);
    expect(revalidated).toMatchObject({ status: 304, body: null, headers: { vary: "Accept-Encoding" } });
    expect(revalidated.headers["content-encoding"]).toBeUndefined();

    const unknown = await answer("doesnotexist.js", "gzip, deflate, br");
    expect(unknown.status).toBe(404);
    expect(unknown.headers["content-encoding"]).toBeUndefined();
    expect(unknown.body!.toString()).toMatch(/^console\.warn\(/);
  });

  it("compresses the script again once a change reaches it after the cache's few seconds", async () => {
    const { button, file } = await buttonFile();
    const before = decoded(await answer(file, "br")).toString();
    await db.paymentButton.update({ where: { id: button.id }, data: { successUrl: "https://shop.example.com/done" } });
    // The render cache's RENDER_TTL_MS: the next answer renders the script afresh.
    await new Promise((resolve) => setTimeout(resolve, 5_100));
    const after = await answer(file, "br");
    expect(after.headers["content-encoding"]).toBe("br");
    const script = decoded(after).toString();
    expect(script).not.toBe(before);
    expect(script).toContain("https://shop.example.com/done");
    expect(script).toBe((await answer(file, null)).body!.toString());
  });

  it("leaves compression to Next in the route handler (next dev)", async () => {
    const { file } = await buttonFile();
    const response = await buttonScript(
      new Request(`http://localhost:3000/api/button/${file}`, { headers: { "accept-encoding": "br" } }),
      { params: Promise.resolve({ id: file }) },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(await response.text()).toBe((await answer(file, null)).body!.toString());
  });
});
