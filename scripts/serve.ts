// The app's HTTP server in production (scripts/lib/app.ts starts it; `next dev` serves development): Next's
// request handler behind a front door that answers GET /api/button/{id}.js itself. Every view of every
// merchant page that embeds a button loads that script, and Next's request pipeline costs ~3 ms of CPU per
// request before our handler runs (a public file costs Next ~0.65 ms): the front door answers from the same
// cached render as the route handler (src/server/payment-buttons/embed-script.ts) in a fraction of that. Everything else,
// including every other /api/button path Next would redirect or refuse, goes to Next unchanged.
// `node --import tsx scripts/serve.ts --port 3000 --hostname 0.0.0.0`, with the app's environment.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { parseArgs } from "node:util";
import next from "next";
import { repoRoot } from "./lib/paths";
import { stopWorkers } from "../src/server/jobs/shutdown";

const { values: flags } = parseArgs({
  options: { port: { type: "string", default: "3000" }, hostname: { type: "string", default: "0.0.0.0" } },
});
const port = Number(flags.port);

const app = next({ dev: false, dir: repoRoot, hostname: flags.hostname, port });
const handle = app.getRequestHandler();
await app.prepare();
// After Next has loaded the environment (.env files) the app's modules validate on import.
const { embedScriptAnswer } = await import("../src/server/payment-buttons/embed-script");
const { describeError, logger } = await import("../src/server/platform/logger");
const { stampSocketAddress } = await import("../src/server/platform/request");

const EMBED_SCRIPT = /^\/api\/button\/([A-Za-z0-9_-]{1,64}\.js)(?:\?|$)/;

function serveEmbedScript(file: string, req: IncomingMessage, res: ServerResponse) {
  embedScriptAnswer(file, {
    ifNoneMatch: req.headers["if-none-match"] ?? null,
    acceptEncoding: req.headers["accept-encoding"] ?? null,
    referrer: req.headers.referer ?? req.headers.origin ?? null,
  })
    .then(({ status, headers, body }) => {
      res.writeHead(status, body ? { ...headers, "content-length": body.length } : headers);
      res.end(req.method === "HEAD" ? undefined : body);
    })
    .catch((error: unknown) => {
      logger.error("embed script failed", { file, ...describeError(error) });
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
      res.end();
    });
}

const server = createServer((req, res) => {
  // Route handlers cannot see the socket: this is how clientIp() learns the peer's address (TRUSTED_PROXIES).
  stampSocketAddress(req);
  const embed = req.method === "GET" || req.method === "HEAD" ? EMBED_SCRIPT.exec(req.url ?? "") : null;
  if (embed) serveEmbedScript(embed[1]!, req, res);
  else void handle(req, res);
});
// Longer than any client's or load balancer's idle timeout (60 s at the common ones): with Node's 5 s default, a
// client reusing a kept-alive socket just as the server closes it gets ECONNRESET (seen in CI from Playwright's
// request client). The balancer in scripts/lib/balancer.ts uses the same figure.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.listen(port, flags.hostname, () => console.log(`Serving on http://${flags.hostname}:${port}`));

const stop = () => {
  // Requests in flight finish first, then running jobs, and only then does the process (and its database pool) end.
  server.close(() => {
    void stopWorkers({ timeoutMs: 3000 }).finally(() => process.exit(0));
  });
  // Keep-alive connections would hold close() open: Next's own server gives them the same short grace.
  server.closeIdleConnections();
  // Under the 5 s after which scripts/lib/app.ts (and most process managers) send SIGKILL.
  setTimeout(() => process.exit(0), 4500).unref();
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
