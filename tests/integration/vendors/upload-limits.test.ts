import { randomUUID } from "node:crypto";
import { genUploader } from "uploadthing/client";
import { createRouteHandler } from "uploadthing/server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { installNodeXhr } from "../../../sandbox/uploadthing/node-xhr";
import { serveWebHandler } from "../../../sandbox/uploadthing/server";
import { db } from "~/server/platform/db";
import { createFileRouter, type AppFileRouter, type UploadResult } from "~/server/vendors/storage/file-router";
import { deleteStoredFiles, publicFileUrl, signedFileUrl } from "~/server/vendors/storage/files";

// The limits at exact bytes, through the real uploadthing path: the browser client code (genUploader,
// presigned PUT), the route handler with our file router, and the UploadThing sandbox behind them.

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function fileOf(name: string, type: string, size: number, head: number[] | string) {
  const bytes = new Uint8Array(size);
  bytes.set(typeof head === "string" ? new TextEncoder().encode(head) : head);
  return new File([bytes], name, { type });
}

let app: { url: string; close(): Promise<void> };
let signedIn: string | null = null;
let upload: ReturnType<typeof genUploader<AppFileRouter>>["uploadFiles"];

async function createMerchant() {
  const email = `uploads-${randomUUID()}@example.test`;
  const user = await db.user.create({ data: { email, merchant: { create: { email, name: "Upload Tester" } } } });
  return user.id;
}

async function uploadOne(slug: keyof AppFileRouter, file: File): Promise<UploadResult> {
  const [result] = await upload(slug, { files: [file] });
  if (!result) throw new Error("no upload result");
  return result.serverData;
}

function expectStored(result: UploadResult) {
  if ("error" in result) throw new Error(`upload refused: ${result.error}`);
  return result;
}

beforeAll(async () => {
  // The run's UploadThing sandbox (tests/support/global-setup.ts) is configured in process.env.
  const router = createFileRouter({ getMerchantId: async () => signedIn });
  const handler = createRouteHandler({
    router,
    config: { token: process.env.UPLOADTHING_TOKEN, isDev: true, logLevel: "Error" },
  });
  app = await serveWebHandler(handler, "/api/uploadthing");
  installNodeXhr();
  upload = genUploader<AppFileRouter>({
    url: app.url,
    package: "uploadthing/client",
    fetch: globalThis.fetch,
  }).uploadFiles;
});

afterAll(async () => {
  await app?.close();
});

beforeEach(async () => {
  signedIn = await createMerchant();
});

// Each image route is its own entry of the file router (the sell page form uploads to both): each is checked.
const imageRoutes = [
  ["productImage", "product_image"],
  ["merchantLogo", "merchant_logo"],
] as const;

describe("image uploads (productImage, merchantLogo)", () => {
  it.each(imageRoutes)("%s accepts an image of exactly 2 MB and records it", async (slug, kind) => {
    const result = expectStored(await uploadOne(slug, fileOf("photo.png", "image/png", 2_097_152, PNG_HEAD)));

    expect(result).toMatchObject({ name: "photo.png", size: 2_097_152 });
    const row = await db.storedFile.findUniqueOrThrow({ where: { id: result.fileId } });
    expect(row).toMatchObject({
      merchantId: signedIn,
      key: result.key,
      kind,
      isPrivate: false,
      mimeType: "image/png",
    });
    expect((await fetch(publicFileUrl(result.key))).status).toBe(200);
  });

  it.each(imageRoutes)("%s refuses an image one byte over 2 MB", async (slug) => {
    const file = fileOf("photo.png", "image/png", 2_097_153, PNG_HEAD);

    await expect(uploadOne(slug, file)).rejects.toThrow("File size must be under 2MB");
    expect(await db.storedFile.count({ where: { merchantId: signedIn! } })).toBe(0);
  });

  it("refuses an SVG", async () => {
    const file = fileOf("logo.svg", "image/svg+xml", 100, '<svg xmlns="http://www.w3.org/2000/svg"/>');

    await expect(uploadOne("merchantLogo", file)).rejects.toThrow("Images only (PNG, JPG, GIF or WebP)");
  });

  it("refuses an HTML page renamed .png and deletes what was uploaded", async () => {
    const file = fileOf("logo.png", "image/png", 200, "<!DOCTYPE html><html><script>alert(1)</script></html>");

    const [result] = await upload("merchantLogo", { files: [file] });

    expect(result?.serverData).toEqual({ error: "Images only (PNG, JPG, GIF or WebP)" });
    expect(await db.storedFile.count({ where: { merchantId: signedIn! } })).toBe(0);
    expect((await fetch(publicFileUrl(result!.key))).status).toBe(404);
  });

  it("refuses uploads when signed out", async () => {
    signedIn = null;

    await expect(uploadOne("productImage", fileOf("photo.png", "image/png", 100, PNG_HEAD))).rejects.toThrow(
      "User not authenticated",
    );
  });
});

describe("downloadable files (downloadableFile)", () => {
  it("accepts a file of exactly 10 MB and keeps it private", async () => {
    const result = expectStored(
      await uploadOne("downloadableFile", fileOf("guide.pdf", "application/pdf", 10_485_760, "%PDF-1.7\n")),
    );

    const row = await db.storedFile.findUniqueOrThrow({ where: { id: result.fileId } });
    expect(row).toMatchObject({
      size: 10_485_760,
      kind: "downloadable_file",
      isPrivate: true,
      mimeType: "application/pdf",
    });
    expect((await fetch(publicFileUrl(result.key))).status).toBe(403);
    const signed = await fetch(await signedFileUrl(result.key, { expiresInSeconds: 60 }));
    expect(signed.status).toBe(200);
    expect(signed.headers.get("content-disposition")).toMatch(/^attachment/);
    expect((await signed.arrayBuffer()).byteLength).toBe(10_485_760);
  });

  it("refuses a file one byte over 10 MB", async () => {
    const file = fileOf("guide.pdf", "application/pdf", 10_485_761, "%PDF-1.7\n");

    await expect(uploadOne("downloadableFile", file)).rejects.toThrow("File size must be under 10MB");
  });

  it("refuses a file whose bytes do not match its extension", async () => {
    const [result] = await upload("downloadableFile", {
      files: [fileOf("guide.pdf", "application/pdf", 100, "<html></html>")],
    });

    expect(result?.serverData).toEqual({ error: "Only PDF, Word, Excel, PowerPoint, MP3, MP4, ZIP or EPUB files" });
  });
});

describe("deleteStoredFiles", () => {
  it("deletes the merchant's own files from storage and the database, and ignores other merchants' files", async () => {
    const own = expectStored(await uploadOne("productImage", fileOf("a.png", "image/png", 100, PNG_HEAD)));
    signedIn = await createMerchant();
    const others = expectStored(await uploadOne("productImage", fileOf("b.png", "image/png", 100, PNG_HEAD)));
    const owner = (await db.storedFile.findUniqueOrThrow({ where: { id: own.fileId } })).merchantId;

    expect(await deleteStoredFiles(owner, [own.fileId, others.fileId])).toBe(1);

    expect(await db.storedFile.findUnique({ where: { id: own.fileId } })).toBeNull();
    expect((await fetch(publicFileUrl(own.key))).status).toBe(404);
    expect(await db.storedFile.findUnique({ where: { id: others.fileId } })).not.toBeNull();
    expect((await fetch(publicFileUrl(others.key))).status).toBe(200);
  });
});
