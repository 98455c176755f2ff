import { setTimeout as sleep } from "node:timers/promises";
import { UTApi, UTFile } from "uploadthing/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startUploadThingSandbox, type RunningUploadThingSandbox } from "../../sandbox/uploadthing/server";

// File serving and the REST API, driven by the real UTApi (server-side uploads, signed URLs, deletes).

let sandbox: RunningUploadThingSandbox;
let utapi: UTApi;

beforeAll(async () => {
  sandbox = await startUploadThingSandbox();
  utapi = new UTApi({
    token: sandbox.env.UPLOADTHING_TOKEN,
    apiUrl: sandbox.env.UPLOADTHING_API_URL,
    ingestUrl: sandbox.env.UPLOADTHING_INGEST_URL,
    ufsHost: sandbox.env.UPLOADTHING_UFS_HOST,
    ufsAppIdLocation: "path",
    logLevel: "Error",
  });
});

afterAll(async () => {
  await sandbox?.close();
});

async function upload(name: string, content: string, acl: "public-read" | "private") {
  const result = await utapi.uploadFiles(new UTFile([content], name), { acl });
  if (result.error) throw new Error(result.error.message);
  return result.data;
}

function withParam(url: string, name: string, value: string) {
  const parsed = new URL(url);
  parsed.searchParams.set(name, value);
  return parsed.href;
}

describe("UploadThing sandbox files", () => {
  it("serves public files to anyone, with byte ranges", async () => {
    const file = await upload("hello.txt", "hello, public world", "public-read");

    const res = await fetch(file.ufsUrl);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("hello, public world");

    const part = await fetch(file.ufsUrl, { headers: { range: "bytes=7-12" } });
    expect(part.status).toBe(206);
    expect(await part.text()).toBe("public");
  });

  it("serves a private file only with a valid, unexpired signature", async () => {
    const file = await upload("secret.pdf", "%PDF-1.7 secret", "private");

    expect((await fetch(file.ufsUrl)).status).toBe(403);

    const { ufsUrl: signed } = await utapi.generateSignedURL(file.key, { expiresIn: 60 });
    const ok = await fetch(signed);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("cache-control")).toContain("no-store");
    expect(await ok.text()).toBe("%PDF-1.7 secret");

    const later = String(Date.now() + 3_600_000);
    const signature = new URL(signed).searchParams.get("signature") ?? "";
    const tampered = [
      withParam(signed, "expires", later),
      withParam(
        signed,
        "signature",
        signature.replace(/.$/, (c) => (c === "0" ? "1" : "0")),
      ),
      signed.replace(file.key, (await upload("other.pdf", "%PDF-1.7 other", "private")).key),
    ];
    for (const url of tampered) expect((await fetch(url)).status).toBe(403);

    const { ufsUrl: shortLived } = await utapi.generateSignedURL(file.key, { expiresIn: 1 });
    expect((await fetch(shortLived)).status).toBe(200);
    await sleep(1100);
    expect((await fetch(shortLived)).status).toBe(403);
  });

  it("grants access through the API's requestFileAccess too", async () => {
    const file = await upload("api.pdf", "%PDF-1.7 api", "private");

    const { ufsUrl } = await utapi.getSignedURL(file.key, { expiresIn: 60 });

    expect(await (await fetch(ufsUrl)).text()).toBe("%PDF-1.7 api");
  });

  it("deletes files and stops serving them", async () => {
    const keep = await upload("keep.txt", "keep", "public-read");
    const gone = await upload("gone.txt", "gone", "public-read");

    const result = await utapi.deleteFiles([gone.key, "nosuchkey"]);

    expect(result).toMatchObject({ success: true, deletedCount: 1 });
    expect((await fetch(gone.ufsUrl)).status).toBe(404);
    expect((await fetch(keep.ufsUrl)).status).toBe(200);
    const listed = (await utapi.listFiles()).files.map((file) => file.key);
    expect(listed).toContain(keep.key);
    expect(listed).not.toContain(gone.key);
  });
});
