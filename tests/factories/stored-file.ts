import { UTApi, UTFile } from "uploadthing/server";
import type { FileKind, PrismaClient } from "../../src/generated/prisma/client";
import { unique } from "./unique";

let utapi: UTApi | undefined;

/** UTApi on the run's UploadThing sandbox (tests/support/global-setup.ts puts its settings in process.env). */
function sandboxApi() {
  utapi ??= new UTApi({
    token: process.env.UPLOADTHING_TOKEN,
    apiUrl: process.env.UPLOADTHING_API_URL,
    ingestUrl: process.env.UPLOADTHING_INGEST_URL,
    ufsHost: process.env.UPLOADTHING_UFS_HOST,
    ufsAppIdLocation: "path",
    logLevel: "Error",
  });
  return utapi;
}

const defaults: Record<FileKind, { name: string; mimeType: string; isPrivate: boolean }> = {
  product_image: { name: "product.png", mimeType: "image/png", isPrivate: false },
  merchant_logo: { name: "logo.png", mimeType: "image/png", isPrivate: false },
  downloadable_file: { name: "guide.pdf", mimeType: "application/pdf", isPrivate: true },
};

/**
 * A StoredFile row as the upload callback records it. With `content`, the bytes are really uploaded to the
 * sandbox (private for downloadable files), so storage reads and deletes can be checked; without, the key is
 * made up and only the row exists.
 */
export async function createStoredFile(
  db: PrismaClient,
  merchantId: string,
  kind: FileKind,
  options: { content?: Uint8Array | string; name?: string } = {},
) {
  const { name: defaultName, mimeType, isPrivate } = defaults[kind];
  const name = options.name ?? defaultName;
  let key = `test-${unique("f")}`;
  let size = 10;
  if (options.content !== undefined) {
    const result = await sandboxApi().uploadFiles(
      new UTFile([typeof options.content === "string" ? options.content : new Uint8Array(options.content)], name, {
        type: mimeType,
      }),
      {
        // As the file router stores them: downloadable files private and served as attachments.
        acl: isPrivate ? "private" : "public-read",
        contentDisposition: isPrivate ? "attachment" : "inline",
      },
    );
    if (result.error) throw new Error(result.error.message);
    key = result.data.key;
    size = result.data.size;
  }
  return db.storedFile.create({ data: { merchantId, key, name, size, mimeType, kind, isPrivate } });
}
