import { randomBytes } from "node:crypto";
import { signUrl } from "./signing";

export type SandboxUpload = {
  name: string;
  type: string;
  content: Uint8Array | string;
  acl: "public-read" | "private";
  contentDisposition: "inline" | "attachment";
};

/**
 * Puts a file into the UploadThing sandbox the way UTApi.uploadFiles does (a presigned ingest URL, then one multipart
 * PUT), for seeds and test fixtures. Not UTApi itself: uploadthing 7.7's uploadFiles reads the deprecated `url` and
 * `appUrl` of its own upload result, which prints two deprecation warnings per file however the caller uses it.
 * Settings come from the UPLOADTHING_* variables sandboxUploadThingEnv() made.
 */
export async function uploadToSandbox(file: SandboxUpload): Promise<{ key: string; size: number }> {
  const token = process.env.UPLOADTHING_TOKEN;
  const ingestUrl = process.env.UPLOADTHING_INGEST_URL;
  if (!token || !ingestUrl) throw new Error("UPLOADTHING_TOKEN and UPLOADTHING_INGEST_URL must name the sandbox");
  const { apiKey, appId } = JSON.parse(Buffer.from(token, "base64").toString("utf8")) as {
    apiKey: string;
    appId: string;
  };
  const bytes =
    typeof file.content === "string" ? new TextEncoder().encode(file.content) : new Uint8Array(file.content);
  const key = randomBytes(24).toString("base64url");
  const url = new URL(`${ingestUrl.replace(/\/+$/, "")}/${key}`);
  const params = {
    "x-ut-identifier": appId,
    "x-ut-file-name": file.name,
    "x-ut-file-size": String(bytes.byteLength),
    "x-ut-file-type": file.type,
    "x-ut-content-disposition": file.contentDisposition,
    "x-ut-acl": file.acl,
  };
  // As generateSignedURL does: each value URI-encoded before the query string encodes it again.
  for (const [name, value] of Object.entries(params)) url.searchParams.append(name, encodeURIComponent(value));
  const body = new FormData();
  body.append("file", new Blob([bytes], { type: file.type }), file.name);
  const response = await fetch(signUrl(url.href, apiKey, 60 * 60), {
    method: "PUT",
    body,
    headers: { range: "bytes=0-" },
  });
  if (!response.ok) throw new Error(`The UploadThing sandbox refused ${file.name}: ${await response.text()}`);
  await response.body?.cancel();
  return { key, size: bytes.byteLength };
}
