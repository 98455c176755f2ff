import type { FileKind, PrismaClient } from "../../src/generated/prisma/client";
import { uploadToSandbox } from "../../sandbox/uploadthing/upload";
import { unique } from "./unique";

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
    const uploaded = await uploadToSandbox({
      name,
      type: mimeType,
      content: options.content,
      // As the file router stores them: downloadable files private and served as attachments.
      acl: isPrivate ? "private" : "public-read",
      contentDisposition: isPrivate ? "attachment" : "inline",
    });
    key = uploaded.key;
    size = uploaded.size;
  }
  return db.storedFile.create({ data: { merchantId, key, name, size, mimeType, kind, isPrivate } });
}
