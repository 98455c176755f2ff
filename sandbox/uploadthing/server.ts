import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { createUploadThingSandbox, sandboxUploadThingEnv } from "./index";

export type RunningUploadThingSandbox = {
  /** http://localhost:<port>, the sandbox's ingest, API and file host. */
  url: string;
  apiKey: string;
  appId: string;
  dataDir: string;
  /** The UPLOADTHING_* variables that point the app at this sandbox. */
  env: Record<string, string>;
  close(): Promise<void>;
};

/**
 * Starts the sandbox on its own port (0 = any free one). Without a dataDir, files go to a temporary
 * directory that close() removes.
 */
export async function startUploadThingSandbox(
  opts: { port?: number; dataDir?: string; apiKey?: string; appId?: string } = {},
): Promise<RunningUploadThingSandbox> {
  const apiKey = opts.apiKey ?? `sk_sandbox_${randomBytes(16).toString("hex")}`;
  const appId = opts.appId ?? `sandbox${randomBytes(4).toString("hex")}`;
  const dataDir = opts.dataDir ?? (await mkdtemp(join(tmpdir(), "uploadthing-sandbox-")));
  let url = "";
  const sandbox = createUploadThingSandbox({ dataDir, publicUrl: () => url, apiKey, appId });
  const server = createServer((req, res) => sandbox.handle(req, res));
  const port = await listen(server, opts.port ?? 0);
  // "localhost", not 127.0.0.1: uploadthing only builds http:// file URLs for hosts containing "local".
  url = `http://localhost:${port}`;
  return {
    url,
    apiKey,
    appId,
    dataDir,
    env: sandboxUploadThingEnv({ baseUrl: url, apiKey, appId }),
    async close() {
      await close(server);
      if (!opts.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Serves a fetch-style handler (an uploadthing route handler outside Next) on its own port at `path`,
 * for tests and scripts that drive the real upload flow without starting the app.
 */
export async function serveWebHandler(
  handler: (request: Request) => Promise<Response>,
  path: string,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    if (new URL(req.url ?? "/", "http://localhost").pathname !== path) {
      res.writeHead(404).end();
      return;
    }
    handler(toWebRequest(req))
      .then((response) => sendWebResponse(res, response))
      .catch((error: unknown) => {
        console.error(error);
        if (res.headersSent) res.destroy();
        else res.writeHead(500).end();
      });
  });
  const port = await listen(server, 0);
  return { url: `http://localhost:${port}${path}`, close: () => close(server) };
}

function toWebRequest(req: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, item);
  }
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(`http://${req.headers.host}${req.url}`, {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : null,
    // Required by Node's fetch for a streamed request body.
    duplex: "half",
  } as RequestInit);
}

async function sendWebResponse(res: ServerResponse, response: Response) {
  res.writeHead(response.status, Object.fromEntries(response.headers));
  const reader = response.body?.getReader();
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    res.write(value);
  }
  res.end();
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, () => resolve((server.address() as AddressInfo).port));
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    // Dev-mode route-metadata streams stay open until their uploads finish; don't wait for them.
    server.closeAllConnections();
    server.close(() => resolve());
  });
}
