import { createUploadthing, type FileRouter } from "uploadthing/next";
import { UploadThingError } from "uploadthing/server";
import type { FileKind } from "~/generated/prisma/client";
import { describeError, logger, newRequestId } from "~/server/platform/logger";
import {
  SNIFF_BYTES,
  downloadableMimeTypeOf,
  downloadableUploadProblem,
  imageMimeTypeOf,
  imageUploadProblem,
  uploadMessages,
} from "~/lib/file-types";
import { deleteUploadedFiles, readFileHead, recordStoredFile } from "./files";

/**
 * What an upload's onUploadComplete hands back to the browser (`serverData`). A file whose bytes are not
 * what its name and type claimed has been deleted again and comes back as `{ error }`: uploadthing 7.7
 * cannot fail an upload from onUploadComplete.
 */
export type UploadResult = { fileId: string; key: string; name: string; size: number } | { error: string };

type Rule = {
  kind: FileKind;
  isPrivate: boolean;
  /** Checks the browser's claims (count, name, type, size) before anything is uploaded. */
  problem(files: readonly { name: string; size: number; type: string }[]): string | null;
  /** The MIME type to record, from the uploaded bytes; null when they do not fit the route. */
  contentType(name: string, head: Uint8Array): string | null;
  wrongContent: string;
};

const imageRule = (kind: FileKind): Rule => ({
  kind,
  isPrivate: false,
  problem: imageUploadProblem,
  contentType: (_name, head) => imageMimeTypeOf(head),
  wrongContent: uploadMessages.imagesOnly,
});

const downloadableRule: Rule = {
  kind: "downloadable_file",
  isPrivate: true,
  problem: downloadableUploadProblem,
  contentType: downloadableMimeTypeOf,
  wrongContent: uploadMessages.downloadablesOnly,
};

// uploadthing matches a file to one of these keys by its reported type; maxFileCount counts per key, so the
// middleware enforces "one file" across them.
const imageConfig = {
  "image/png": { maxFileSize: "2MB", maxFileCount: 1 },
  "image/jpeg": { maxFileSize: "2MB", maxFileCount: 1 },
  "image/gif": { maxFileSize: "2MB", maxFileCount: 1 },
  "image/webp": { maxFileSize: "2MB", maxFileCount: 1 },
} as const;

// "blob" takes any type, so browsers' odd types for known extensions (application/x-zip-compressed...)
// reach the middleware, which decides by extension. Sizes must be powers of two: the 10MB limit is the
// middleware's.
const downloadableConfig = {
  blob: { maxFileSize: "16MB", maxFileCount: 1, acl: "private", contentDisposition: "attachment" },
} as const;

const f = createUploadthing();

/** Checks the uploaded bytes, then records the StoredFile; runs when the ingest reports an upload. */
const recordUpload =
  (rule: Rule) =>
  async ({
    metadata,
    file,
  }: {
    metadata: { merchantId: string };
    file: { key: string; name: string; size: number };
  }): Promise<UploadResult> => {
    try {
      const head = await readFileHead(file.key, { isPrivate: rule.isPrivate, count: SNIFF_BYTES });
      const mimeType = rule.contentType(file.name, head);
      if (!mimeType) {
        logger.warn("Uploaded file content does not match its route", { key: file.key, kind: rule.kind });
        await deleteUploadedFiles([file.key]);
        return { error: rule.wrongContent };
      }
      const stored = await recordStoredFile({
        merchantId: metadata.merchantId,
        key: file.key,
        name: file.name,
        size: file.size,
        mimeType,
        kind: rule.kind,
        isPrivate: rule.isPrivate,
      });
      return { fileId: stored.id, key: stored.key, name: stored.name, size: stored.size };
    } catch (error) {
      // A throw here would only be logged by uploadthing and leave the browser waiting; answer instead.
      const requestId = newRequestId();
      logger.error("Recording an upload failed", { requestId, key: file.key, ...describeError(error) });
      await deleteUploadedFiles([file.key]).catch(() => undefined);
      return { error: `Something went wrong while saving the file (reference ${requestId})` };
    }
  };

export function createFileRouter(deps: { getMerchantId(req: Request): Promise<string | null> }) {
  const middleware =
    (rule: Rule) =>
    async ({ req, files }: { req: Request; files: readonly { name: string; size: number; type: string }[] }) => {
      const merchantId = await deps.getMerchantId(req);
      if (!merchantId) throw new UploadThingError({ code: "FORBIDDEN", message: uploadMessages.notAuthenticated });
      const problem = rule.problem(files);
      if (problem) throw new UploadThingError({ code: "BAD_REQUEST", message: problem });
      return { merchantId };
    };

  const productImage = imageRule("product_image");
  const merchantLogo = imageRule("merchant_logo");
  return {
    productImage: f(imageConfig).middleware(middleware(productImage)).onUploadComplete(recordUpload(productImage)),
    merchantLogo: f(imageConfig).middleware(middleware(merchantLogo)).onUploadComplete(recordUpload(merchantLogo)),
    downloadableFile: f(downloadableConfig)
      .middleware(middleware(downloadableRule))
      .onUploadComplete(recordUpload(downloadableRule)),
  } satisfies FileRouter;
}

export type AppFileRouter = ReturnType<typeof createFileRouter>;
