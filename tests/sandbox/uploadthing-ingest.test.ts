import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { createRouteHandler, createUploadthing, type FileRouter } from "uploadthing/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  serveWebHandler,
  startUploadThingSandbox,
  type RunningUploadThingSandbox,
} from "../../sandbox/uploadthing/server";

// The ingest contract, driven by the real uploadthing route handler: it signs the upload URLs and registers
// route metadata exactly as it does against UploadThing's servers.

const f = createUploadthing();
const router = {
  anyFile: f({ blob: { maxFileSize: "4MB", maxFileCount: 1 } })
    .middleware(() => ({ owner: "contract-test" }))
    .onUploadComplete(({ file, metadata }) => ({ seenKey: file.key, owner: metadata.owner })),
  shortLived: f({ blob: { maxFileSize: "4MB", maxFileCount: 1 } }, { presignedURLTTL: 1 })
    .middleware(() => ({}))
    .onUploadComplete(() => {}),
} satisfies FileRouter;

type Presigned = { url: string; key: string };
type UploadResponse = { ufsUrl: string; fileHash: string; serverData: unknown; error?: string };

let sandbox: RunningUploadThingSandbox;
let devApp: { url: string; close(): Promise<void> };
let callbackApp: { url: string; close(): Promise<void> };

beforeAll(async () => {
  sandbox = await startUploadThingSandbox();
  const config = { token: sandbox.env.UPLOADTHING_TOKEN, ingestUrl: sandbox.url, logLevel: "Error" } as const;
  devApp = await serveWebHandler(
    createRouteHandler({ router, config: { ...config, isDev: true } }),
    "/api/uploadthing",
  );
  // Production mode: the ingest itself calls the app back, at the URL the handler registered.
  callbackApp = await serveWebHandler(
    createRouteHandler({ router, config: { ...config, isDev: false } }),
    "/api/uploadthing",
  );
});

afterAll(async () => {
  await devApp?.close();
  await callbackApp?.close();
  await sandbox?.close();
});

async function presign(
  appUrl: string,
  file: { name: string; size: number; type: string },
  slug: keyof typeof router = "anyFile",
) {
  const res = await fetch(`${appUrl}?actionType=upload&slug=${slug}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ files: [file], input: null }),
  });
  expect(res.status).toBe(200);
  const [presigned] = (await res.json()) as Presigned[];
  if (!presigned) throw new Error("no presigned URL");
  return presigned;
}

function put(url: string, bytes: Uint8Array<ArrayBuffer>, opts: { type?: string; rangeStart?: number } = {}) {
  const form = new FormData();
  form.append("file", new Blob([bytes], { type: opts.type ?? "" }), "upload");
  return fetch(url, { method: "PUT", body: form, headers: { range: `bytes=${opts.rangeStart ?? 0}-` } });
}

async function rangeStart(url: string) {
  const res = await fetch(url, { method: "HEAD" });
  expect(res.status).toBe(200);
  return Number(res.headers.get("x-ut-range-start"));
}

function leftOnDisk(key: string) {
  return existsSync(join(sandbox.dataDir, "files", key)) || existsSync(join(sandbox.dataDir, "partial", key));
}

const text = (value: string) => new TextEncoder().encode(value);

describe("UploadThing sandbox ingest", () => {
  it("stores an upload and returns the app's onUploadComplete data (dev stream)", async () => {
    const bytes = text("hello world");
    const { url, key } = await presign(devApp.url, { name: "notes.txt", size: bytes.length, type: "text/plain" });

    const res = await put(url, bytes, { type: "text/plain" });

    expect(res.status).toBe(200);
    const body = (await res.json()) as UploadResponse;
    expect(body.serverData).toEqual({ seenKey: key, owner: "contract-test" });
    expect(body.fileHash).toBe(createHash("md5").update(bytes).digest("hex"));
    const file = await fetch(body.ufsUrl);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("text/plain");
    expect(await file.text()).toBe("hello world");
  });

  it("calls the app's callback URL itself when the app is not in dev mode", async () => {
    const bytes = text("from production mode");
    const { url, key } = await presign(callbackApp.url, { name: "p.txt", size: bytes.length, type: "text/plain" });

    const res = await put(url, bytes, { type: "text/plain" });

    expect(res.status).toBe(200);
    expect(((await res.json()) as UploadResponse).serverData).toEqual({ seenKey: key, owner: "contract-test" });
  });

  it("rejects a tampered upload URL", async () => {
    const { url, key } = await presign(devApp.url, { name: "a.txt", size: 5, type: "text/plain" });
    const biggerSize = url.replace("x-ut-file-size=5", "x-ut-file-size=50000");
    const otherKey = url.replace(key, `${key.slice(0, -1)}${key.endsWith("a") ? "b" : "a"}`);
    const unsigned = url.slice(0, url.indexOf("&signature="));

    for (const tampered of [biggerSize, otherKey, unsigned]) {
      expect(tampered).not.toBe(url);
      const res = await put(tampered, text("hello"), { type: "text/plain" });
      expect(res.status).toBe(403);
      expect((await fetch(tampered, { method: "HEAD" })).status).toBe(403);
    }
    expect(leftOnDisk(key)).toBe(false);
  });

  it("rejects an expired upload URL", async () => {
    const { url, key } = await presign(devApp.url, { name: "late.txt", size: 5, type: "text/plain" }, "shortLived");
    await sleep(1100);

    const res = await put(url, text("hello"), { type: "text/plain" });

    expect(res.status).toBe(403);
    expect(((await res.json()) as UploadResponse).error).toBe("Upload URL expired");
    expect(leftOnDisk(key)).toBe(false);
  });

  it("rejects more bytes than the URL declares and keeps nothing", async () => {
    const { url, key } = await presign(devApp.url, { name: "big.bin", size: 10, type: "application/octet-stream" });

    const res = await put(url, new Uint8Array(11));

    expect(res.status).toBe(413);
    expect(leftOnDisk(key)).toBe(false);
    expect(await rangeStart(url)).toBe(0);
  });

  it("rejects fewer bytes than the URL declares and keeps nothing", async () => {
    const { url, key } = await presign(devApp.url, { name: "small.bin", size: 10, type: "application/octet-stream" });

    const res = await put(url, new Uint8Array(9));

    expect(res.status).toBe(400);
    expect(leftOnDisk(key)).toBe(false);
  });

  it("rejects a file whose type differs from the declared one and keeps nothing", async () => {
    const bytes = text("<html><script>alert(1)</script></html>");
    const { url, key } = await presign(devApp.url, { name: "pic.png", size: bytes.length, type: "image/png" });

    const res = await put(url, bytes, { type: "text/html" });

    expect(res.status).toBe(415);
    expect(leftOnDisk(key)).toBe(false);
  });

  it("resumes an interrupted upload from the range start HEAD reports", async () => {
    const bytes = new Uint8Array(256 * 1024).map((_, i) => i % 251);
    const { url } = await presign(devApp.url, {
      name: "resume.bin",
      size: bytes.length,
      type: "application/octet-stream",
    });

    await sendPartOfUpload(url, bytes, 100 * 1024);
    const start = await rangeStart(url);
    expect(start).toBeGreaterThan(0);
    expect(start).toBeLessThanOrEqual(100 * 1024);
    expect((await put(url, bytes.slice(start + 1), { rangeStart: start + 1 })).status).toBe(416);

    const res = await put(url, bytes.slice(start), { rangeStart: start });

    expect(res.status).toBe(200);
    const body = (await res.json()) as UploadResponse;
    expect(Buffer.from(await (await fetch(body.ufsUrl)).arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
  });

  it("requires the API key for route metadata, callback results and the REST API", async () => {
    for (const path of ["/route-metadata", "/callback-result", "/v6/listFiles"]) {
      const res = await fetch(`${sandbox.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-uploadthing-api-key": "sk_wrong" },
        body: "{}",
      });
      expect(res.status).toBe(401);
    }
  });
});

/** Sends the multipart head and the first `count` bytes of the file, then drops the connection. */
async function sendPartOfUpload(url: string, bytes: Uint8Array, count: number) {
  const boundary = "----sandbox-test-boundary";
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="upload"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const req = httpRequest(url, {
    method: "PUT",
    headers: { "content-type": `multipart/form-data; boundary=${boundary}`, range: "bytes=0-" },
  });
  req.on("error", () => {});
  req.write(head);
  req.write(bytes.subarray(0, count));
  await new Promise((resolve) => req.once("socket", resolve));
  await sleep(200);
  req.destroy();
  // Let the sandbox see the dropped connection and close its partial file.
  await sleep(200);
}
