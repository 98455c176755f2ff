import { timingSafeEqual } from "node:crypto";
import { createReadStream } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { FirstPartParser, MalformedMultipartError, multipartBoundary, type PartHeaders } from "./multipart";
import { checkSignedUrl, signPayload, signUrl } from "./signing";
import { FileStore, isValidKey, type StoredFileMeta } from "./store";

/**
 * A local stand-in for UploadThing's ingest server, REST API and file CDN (UFS), speaking the protocol the
 * real uploadthing 7.7 packages use, so the app's file router, UTApi and the browser client run unchanged
 * against it. Point them here with sandboxUploadThingEnv(). Dev, demo and tests only.
 */
export type UploadThingSandboxOptions = {
  /** Uploaded files and in-progress uploads live here. */
  dataDir: string;
  /** The sandbox's own base URL as the app and browsers reach it (known once the server listens). */
  publicUrl: () => string;
  apiKey: string;
  appId: string;
};

export type UploadThingSandbox = { handle(req: IncomingMessage, res: ServerResponse): void };

// How long an upload waits for the app's onUploadComplete result before failing.
const CALLBACK_TIMEOUT_MS = 20_000;
// Presigned URLs live an hour by default; route metadata is kept as long.
const REGISTRATION_TTL_MS = 60 * 60 * 1000;
// After rejecting an upload the rest of the body is read (so the client sees the answer) up to this much.
const MAX_DRAIN_BYTES = 64 * 1024 * 1024;
const MAX_JSON_BYTES = 1024 * 1024;
const DEFAULT_ACCESS_SECONDS = 60 * 60;

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** What a signed upload URL promises about the file: its stored record before the bytes arrive. */
type UploadIntent = Omit<StoredFileMeta, "fileHash" | "uploadedAt">;

type DevStream = { res: ServerResponse; pending: Set<string> };

type Registration = {
  metadata: unknown;
  callbackUrl: string;
  callbackSlug: string;
  awaitServerData: boolean;
  /** Set in dev mode: the route handler reads callbacks from this open /route-metadata response. */
  devStream: DevStream | null;
};

type CallbackResult = { callbackData: unknown } | { error: string };

export function createUploadThingSandbox(opts: UploadThingSandboxOptions): UploadThingSandbox {
  if (process.env.NODE_ENV === "production") {
    throw new Error("The UploadThing sandbox is for development and tests; it does not run with NODE_ENV=production");
  }
  const { apiKey, appId } = opts;
  const store = new FileStore(opts.dataDir);
  const registrations = new Map<string, Registration>();
  const waiters = new Map<string, (result: CallbackResult) => void>();
  const uploading = new Set<string>();

  const baseUrl = () => opts.publicUrl().replace(/\/$/, "");
  const fileUrls = (key: string) => ({
    url: `${baseUrl()}/f/${key}`,
    appUrl: `${baseUrl()}/a/${appId}/${key}`,
    ufsUrl: `${baseUrl()}/a/${appId}/${key}`,
  });

  /** Signed URLs name the host they were made for: the public URL, or the Host the request came to. */
  function signedOrigins(req: IncomingMessage): Set<string> {
    const base = new URL(baseUrl());
    const origins = new Set([base.origin]);
    if (req.headers.host) origins.add(`${base.protocol}//${req.headers.host}`);
    return origins;
  }

  function requireApiKey(req: IncomingMessage) {
    const given = Buffer.from(String(req.headers["x-uploadthing-api-key"] ?? ""));
    const expected = Buffer.from(apiKey);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new HttpError(401, "Invalid API key");
    }
  }

  function verifyUploadUrl(req: IncomingMessage, key: string): UploadIntent {
    const check = checkSignedUrl(req.url ?? "", signedOrigins(req), apiKey);
    if (!check.ok) throw new HttpError(403, check.reason === "expired" ? "Upload URL expired" : "Invalid signature");
    // generateSignedURL encodeURIComponent()s each value before URLSearchParams encodes it again.
    const read = (name: string) => {
      const value = check.params.get(name);
      return value === null ? null : decodeURIComponent(value);
    };
    if (read("x-ut-identifier") !== appId) throw new HttpError(403, "Upload URL is for another app");
    const size = Number(read("x-ut-file-size"));
    if (!Number.isSafeInteger(size) || size < 0) throw new HttpError(400, "Upload URL has no valid file size");
    return {
      key,
      name: read("x-ut-file-name") ?? key,
      size,
      type: read("x-ut-file-type") ?? "",
      customId: read("x-ut-custom-id"),
      acl: read("x-ut-acl") === "private" ? "private" : "public-read",
      contentDisposition: read("x-ut-content-disposition") === "attachment" ? "attachment" : "inline",
    };
  }

  async function registerRouteMetadata(req: IncomingMessage, res: ServerResponse) {
    requireApiKey(req);
    const body = (await readJson(req)) as Record<string, unknown>;
    const fileKeys = body.fileKeys;
    if (!Array.isArray(fileKeys) || !fileKeys.every((key) => typeof key === "string" && isValidKey(key))) {
      throw new HttpError(400, "fileKeys must be a list of file keys");
    }
    if (typeof body.callbackUrl !== "string" || typeof body.callbackSlug !== "string") {
      throw new HttpError(400, "callbackUrl and callbackSlug are required");
    }
    const devStream: DevStream | null = body.isDev === true ? { res, pending: new Set(fileKeys) } : null;
    for (const key of fileKeys) {
      registrations.set(key, {
        metadata: body.metadata ?? {},
        callbackUrl: body.callbackUrl,
        callbackSlug: body.callbackSlug,
        awaitServerData: body.awaitServerData !== false,
        devStream,
      });
    }
    const forget = () => {
      for (const key of fileKeys) if (registrations.get(key)?.devStream === devStream) registrations.delete(key);
    };
    const expiry = setTimeout(() => (devStream ? res.end() : forget()), REGISTRATION_TTL_MS);
    expiry.unref();

    if (!devStream) return sendJson(res, 200, { ok: true });
    // Dev mode: the route handler keeps this response open and forwards each JSON line to its own callback
    // endpoint, as it does with the real ingest; the stream ends when every file has been reported.
    res.writeHead(200, { "content-type": "application/x-ndjson", "cache-control": "no-cache" });
    res.flushHeaders();
    res.on("close", () => {
      clearTimeout(expiry);
      forget();
    });
  }

  function releaseRegistration(key: string) {
    const registration = registrations.get(key);
    registrations.delete(key);
    const stream = registration?.devStream;
    if (!stream) return;
    stream.pending.delete(key);
    if (stream.pending.size === 0) stream.res.end();
  }

  /** Calls the app's route handler the way UploadThing does: a signed JSON payload and an uploadthing-hook. */
  async function notifyApp(registration: Registration, hook: "callback" | "error", payload: string) {
    const signature = signPayload(payload, apiKey);
    const stream = registration.devStream;
    if (stream) {
      if (stream.res.writableEnded || stream.res.destroyed) throw new Error("The app's dev stream is closed");
      stream.res.write(`${JSON.stringify({ payload, signature, hook })}\n`);
      return;
    }
    const url = new URL(registration.callbackUrl);
    url.searchParams.set("slug", registration.callbackSlug);
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", "uploadthing-hook": hook, "x-uploadthing-signature": signature },
      body: payload,
      signal: AbortSignal.timeout(CALLBACK_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (!response.ok) throw new Error(`The app answered the ${hook} hook with ${response.status}`);
  }

  function waitForCallbackResult(key: string) {
    let cancel = () => {};
    const promise = new Promise<CallbackResult>((resolve) => {
      const timer = setTimeout(
        () => settle({ error: "The app did not report the upload's result in time" }),
        CALLBACK_TIMEOUT_MS,
      );
      const settle = (result: CallbackResult) => {
        clearTimeout(timer);
        waiters.delete(key);
        resolve(result);
      };
      waiters.set(key, settle);
      cancel = () => {
        clearTimeout(timer);
        waiters.delete(key);
      };
    });
    return { promise, cancel };
  }

  async function receiveCallbackResult(req: IncomingMessage, res: ServerResponse) {
    requireApiKey(req);
    const body = (await readJson(req)) as { fileKey?: unknown; callbackData?: unknown; error?: unknown };
    const settle = typeof body.fileKey === "string" ? waiters.get(body.fileKey) : undefined;
    settle?.(typeof body.error === "string" ? { error: body.error } : { callbackData: body.callbackData ?? null });
    sendJson(res, 200, { ok: settle !== undefined });
  }

  async function reportUploadState(req: IncomingMessage, res: ServerResponse, key: string) {
    verifyUploadUrl(req, key);
    const start = (await store.get(key))?.size ?? (await store.partialSize(key));
    res.writeHead(200, { "x-ut-range-start": String(start), "content-length": "0" }).end();
  }

  async function receiveUpload(req: IncomingMessage, res: ServerResponse, key: string) {
    const intent = verifyUploadUrl(req, key);
    if (uploading.has(key)) throw new HttpError(409, "An upload for this file is already in progress");
    uploading.add(key);
    let meta: StoredFileMeta | null;
    try {
      meta = await storeUpload(req, intent);
    } finally {
      uploading.delete(key);
    }
    if (meta) await completeUpload(res, meta);
  }

  /** Receives the body into the key's partial file; null when the client dropped the connection. */
  async function storeUpload(req: IncomingMessage, intent: UploadIntent): Promise<StoredFileMeta | null> {
    if (await store.get(intent.key)) throw new HttpError(409, "This file has already been uploaded");
    const start = rangeStart(req.headers.range);
    const received = await store.partialSize(intent.key);
    if (start !== received) throw new HttpError(416, `The upload must resume at byte ${received}`);
    const boundary = multipartBoundary(req.headers["content-type"]);
    if (!boundary) throw new HttpError(400, "Expected a multipart/form-data body");

    const outcome = await writeUpload(req, intent, boundary, start);
    // A dropped connection keeps its bytes: the client resumes after asking HEAD for the range start.
    if (outcome === "aborted") return null;
    if (outcome instanceof HttpError) {
      await store.discardPartial(intent.key);
      await reportFailure(intent.key, outcome.message);
      throw outcome;
    }
    return store.commit(intent);
  }

  async function writeUpload(
    req: IncomingMessage,
    intent: UploadIntent,
    boundary: string,
    start: number,
  ): Promise<"complete" | "aborted" | HttpError> {
    const parser = new FirstPartParser(boundary);
    const file = await store.openPartial(intent.key);
    let received = start;
    let rejection: HttpError | null = null;
    let drained = 0;
    try {
      for await (const chunk of req as AsyncIterable<Buffer>) {
        if (rejection) {
          drained += chunk.length;
          if (drained > MAX_DRAIN_BYTES) req.destroy();
          continue;
        }
        let pieces: Buffer[];
        try {
          pieces = parser.push(chunk);
        } catch (error) {
          if (!(error instanceof MalformedMultipartError)) throw error;
          rejection = new HttpError(400, error.message);
          continue;
        }
        if (parser.headers && received === start) rejection = partProblem(parser.headers, intent);
        for (const piece of rejection ? [] : pieces) {
          received += piece.length;
          if (received > intent.size) {
            rejection = new HttpError(413, `The file is larger than the ${intent.size} bytes its upload URL allows`);
            break;
          }
          await file.write(piece);
        }
      }
    } catch (error) {
      if (isClientAbort(error)) return rejection ?? "aborted";
      throw error;
    } finally {
      await file.close();
    }
    if (rejection) return rejection;
    if (!parser.isComplete) return new HttpError(400, "The multipart body ended early");
    if (received !== intent.size) {
      return new HttpError(400, `Received ${received} bytes but the upload URL declares ${intent.size}`);
    }
    return "complete";
  }

  async function reportFailure(key: string, error: string) {
    const registration = registrations.get(key);
    if (!registration) return;
    try {
      await notifyApp(registration, "error", JSON.stringify({ fileKey: key, error }));
    } catch {
      // The upload already failed; the app missing the notice changes nothing for the client.
    } finally {
      releaseRegistration(key);
    }
  }

  async function completeUpload(res: ServerResponse, meta: StoredFileMeta) {
    const urls = fileUrls(meta.key);
    const registration = registrations.get(meta.key);
    let serverData: unknown = null;
    if (registration) {
      const file = {
        name: meta.name,
        size: meta.size,
        type: meta.type,
        customId: meta.customId,
        key: meta.key,
        ...urls,
        fileHash: meta.fileHash,
      };
      const payload = JSON.stringify({ status: "uploaded", file, origin: baseUrl(), metadata: registration.metadata });
      const result = registration.awaitServerData ? waitForCallbackResult(meta.key) : null;
      try {
        await notifyApp(registration, "callback", payload);
      } catch {
        result?.cancel();
        throw new HttpError(502, "Could not deliver the upload callback to the app");
      } finally {
        releaseRegistration(meta.key);
      }
      if (result) {
        const outcome = await result.promise;
        if ("error" in outcome) throw new HttpError(500, outcome.error);
        serverData = outcome.callbackData;
      }
    }
    sendJson(res, 200, { ...urls, fileHash: meta.fileHash, serverData });
  }

  async function serveFile(req: IncomingMessage, res: ServerResponse, pathAppId: string | undefined, key: string) {
    const meta = pathAppId === undefined || pathAppId === appId ? await store.get(key) : null;
    if (!meta) throw new HttpError(404, "File not found");
    if (meta.acl === "private") {
      const check = checkSignedUrl(req.url ?? "", signedOrigins(req), apiKey);
      if (!check.ok)
        throw new HttpError(403, check.reason === "expired" ? "URL expired" : "Private file: a signed URL is required");
    }
    const range = byteRange(req.headers.range, meta.size);
    if (range === "unsatisfiable") {
      res.writeHead(416, { "content-range": `bytes */${meta.size}` }).end();
      return;
    }
    const { start, end } = range ?? { start: 0, end: meta.size - 1 };
    res.writeHead(range ? 206 : 200, {
      "content-type": meta.type.includes("/") ? meta.type : "application/octet-stream",
      "content-length": String(Math.max(0, end - start + 1)),
      "content-disposition": contentDisposition(meta.contentDisposition, meta.name),
      "accept-ranges": "bytes",
      "cache-control": meta.acl === "private" ? "private, no-store" : "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
      ...(range ? { "content-range": `bytes ${start}-${end}/${meta.size}` } : {}),
    });
    if (req.method === "HEAD" || meta.size === 0) {
      res.end();
      return;
    }
    createReadStream(store.filePath(key), { start, end })
      .on("error", () => res.destroy())
      .pipe(res);
  }

  async function api(req: IncomingMessage, res: ServerResponse, operation: string) {
    requireApiKey(req);
    const body = (await readJson(req)) as Record<string, unknown>;
    const keysOf = async (): Promise<string[]> => {
      if (Array.isArray(body.fileKeys)) return body.fileKeys.filter((key): key is string => typeof key === "string");
      if (!Array.isArray(body.customIds)) throw new HttpError(400, "fileKeys or customIds is required");
      const customIds = new Set(body.customIds);
      return (await store.list()).filter((meta) => customIds.has(meta.customId)).map((meta) => meta.key);
    };

    if (operation === "deleteFiles") {
      const deleted = await Promise.all((await keysOf()).map((key) => store.delete(key)));
      return sendJson(res, 200, { success: true, deletedCount: deleted.filter(Boolean).length });
    }
    if (operation === "listFiles") {
      const all = await store.list();
      const offset = typeof body.offset === "number" ? body.offset : 0;
      const limit = typeof body.limit === "number" ? body.limit : 500;
      const files = all.slice(offset, offset + limit).map((meta) => ({
        id: meta.key,
        customId: meta.customId,
        key: meta.key,
        name: meta.name,
        size: meta.size,
        status: "Uploaded",
        uploadedAt: meta.uploadedAt,
      }));
      return sendJson(res, 200, { hasMore: offset + limit < all.length, files });
    }
    if (operation === "requestFileAccess") {
      const key =
        typeof body.fileKey === "string"
          ? body.fileKey
          : (await store.list()).find((meta) => meta.customId === body.customId)?.key;
      if (!key || !(await store.get(key))) throw new HttpError(404, "File not found");
      const seconds = typeof body.expiresIn === "number" ? body.expiresIn : DEFAULT_ACCESS_SECONDS;
      const ufsUrl = signUrl(fileUrls(key).ufsUrl, apiKey, seconds);
      return sendJson(res, 200, { url: ufsUrl, ufsUrl });
    }
    throw new HttpError(404, `The sandbox does not implement /v6/${operation}`);
  }

  async function route(req: IncomingMessage, res: ServerResponse) {
    setCorsHeaders(req, res);
    const method = req.method ?? "GET";
    if (method === "OPTIONS") {
      res.writeHead(204).end();
      return;
    }
    const { pathname } = new URL(req.url ?? "/", "http://sandbox");
    if (method === "POST" && pathname === "/route-metadata") return registerRouteMetadata(req, res);
    if (method === "POST" && pathname === "/callback-result") return receiveCallbackResult(req, res);
    if (method === "POST" && pathname.startsWith("/v6/")) return api(req, res, pathname.slice("/v6/".length));

    const file = /^\/(?:f|a\/([^/]+))\/([^/]+)$/.exec(pathname);
    if (file?.[2] && (method === "GET" || method === "HEAD")) return serveFile(req, res, file[1], file[2]);

    const key = /^\/([^/]+)$/.exec(pathname)?.[1];
    if (key && isValidKey(key) && method === "HEAD") return reportUploadState(req, res, key);
    if (key && isValidKey(key) && method === "PUT") return receiveUpload(req, res, key);
    throw new HttpError(404, "Not found");
  }

  return {
    handle(req, res) {
      route(req, res).catch((error: unknown) => {
        if (!(error instanceof HttpError)) console.error("[uploadthing sandbox]", error);
        if (res.headersSent) {
          res.destroy();
          return;
        }
        const status = error instanceof HttpError ? error.status : 500;
        sendJson(res, status, { error: error instanceof HttpError ? error.message : "Sandbox error" });
      });
    },
  };
}

/** A token the uploadthing packages accept (base64 JSON); regions only matter without UPLOADTHING_INGEST_URL. */
export function sandboxUploadThingToken(opts: { apiKey: string; appId: string }): string {
  if (!opts.apiKey.startsWith("sk_")) throw new Error('UploadThing API keys start with "sk_"');
  return Buffer.from(JSON.stringify({ apiKey: opts.apiKey, appId: opts.appId, regions: ["sandbox"] })).toString(
    "base64",
  );
}

/** The app's UPLOADTHING_* settings that point the real packages at a sandbox served at baseUrl. */
export function sandboxUploadThingEnv(opts: {
  baseUrl: string;
  apiKey: string;
  appId: string;
}): Record<string, string> {
  const url = new URL(opts.baseUrl);
  // UTApi.generateSignedURL builds file URLs as http:// only when the UFS host contains "local".
  if (url.protocol === "http:" && !url.host.includes("local")) {
    throw new Error(
      `Serve the UploadThing sandbox on a "localhost" URL (got ${opts.baseUrl}): uploadthing assumes https otherwise`,
    );
  }
  const base = url.href.replace(/\/$/, "");
  return {
    UPLOADTHING_TOKEN: sandboxUploadThingToken(opts),
    UPLOADTHING_INGEST_URL: base,
    UPLOADTHING_API_URL: base,
    UPLOADTHING_UFS_HOST: url.host,
    UPLOADTHING_UFS_APP_ID_LOCATION: "path",
    UPLOADTHING_IS_DEV: "true",
  };
}

function setCorsHeaders(req: IncomingMessage, res: ServerResponse) {
  // Browsers upload straight to the ingest (PUT with custom headers, HEAD read for resuming).
  res.setHeader("access-control-allow-origin", "*");
  res.setHeader("access-control-allow-methods", "GET, HEAD, PUT, POST, OPTIONS");
  res.setHeader("access-control-expose-headers", "x-ut-range-start, content-range");
  const requested = req.headers["access-control-request-headers"];
  if (requested) res.setHeader("access-control-allow-headers", requested);
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_JSON_BYTES) throw new HttpError(413, "Request body too large");
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}");
  } catch {
    throw new HttpError(400, "Invalid JSON body");
  }
}

/** The browser client sends `Range: bytes=<start>-` on every upload PUT. */
function rangeStart(header: string | undefined): number {
  if (!header) return 0;
  const match = /^bytes=(\d+)-$/.exec(header.trim());
  if (!match?.[1]) throw new HttpError(416, "Unsupported Range header");
  return Number(match[1]);
}

function byteRange(header: string | undefined, size: number): { start: number; end: number } | "unsatisfiable" | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (!match[1] && !match[2])) return null;
  const start = match[1] ? Number(match[1]) : Math.max(0, size - Number(match[2]));
  const end = match[1] && match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  return start > end || start >= size ? "unsatisfiable" : { start, end };
}

function partProblem(headers: PartHeaders, intent: UploadIntent): HttpError | null {
  if (headers.name !== "file") return new HttpError(400, 'Expected the file in a form field named "file"');
  const declared = intent.type.toLowerCase();
  const sent = headers.contentType;
  // Resumed uploads send a sliced Blob, which has no type; undici and browsers then send octet-stream.
  if (!declared.includes("/") || !sent || sent === "application/octet-stream" || sent === declared) return null;
  return new HttpError(415, `File type ${sent} does not match the declared type ${intent.type}`);
}

function contentDisposition(kind: "inline" | "attachment", name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

function isClientAbort(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return (
    code === "ECONNRESET" || code === "ERR_STREAM_PREMATURE_CLOSE" || (error as Error | null)?.message === "aborted"
  );
}
