// The load balancer in front of several app instances (`npm run cluster`, the checkout bench, the cluster e2e):
// http-proxy forwards each request to the next instance in turn, adding X-Forwarded-For/-Proto/-Host, which the
// instances trust for one hop (TRUSTED_PROXIES=1). Instances share nothing in memory, so no request
// needs to stick to one. An instance that refuses a connection leaves the rotation at once (a slow one stays) and
// comes back when its /api/health answers again (any status: a 503 for a database that is down says the process
// is alive, and every instance shares that database). A request that found its instance gone before a byte was sent is sent to
// another one; one cut off mid-way gets a 502, as from any proxy, and the client retries as it would.
import { Agent, createServer, type IncomingMessage, type ServerResponse } from "node:http";
import httpProxy from "http-proxy";

const HEALTH_EVERY_MS = 1000;
const HEALTH_TIMEOUT_MS = 2000;

type Target = { url: string; name: string; alive: boolean };

export type Balancer = { url: string; close(): Promise<void> };

/** Connection errors that mean the request never reached the instance (safe to send elsewhere). */
const NEVER_ARRIVED = new Set(["ECONNREFUSED", "EHOSTUNREACH", "ENOTFOUND", "EAI_AGAIN"]);

export async function startBalancer(options: {
  port: number;
  host: string;
  targets: { url: string; name: string }[];
}): Promise<Balancer> {
  const targets: Target[] = options.targets.map((target) => ({ ...target, alive: true }));
  // xfwd: the instances learn the buyer's address and protocol; proxyTimeout stays above the app's own 17 s
  // query deadline so the app, not the balancer, decides when a request failed.
  // One pool of kept-alive connections to the instances rather than a new connection per request.
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const proxy = httpProxy.createProxyServer({ xfwd: true, proxyTimeout: 60_000, agent });
  // http-proxy keeps a client's own X-Forwarded-Host: the instances must see the Host this request came to.
  proxy.on("proxyReq", (proxyReq, req) => {
    if (req.headers.host) proxyReq.setHeader("x-forwarded-host", req.headers.host);
  });
  let next = 0;

  function pick(excluding: Set<Target>): Target | undefined {
    const candidates = targets.filter((target) => target.alive && !excluding.has(target));
    if (candidates.length === 0) return undefined;
    return candidates[next++ % candidates.length];
  }

  function forward(req: IncomingMessage, res: ServerResponse, tried: Set<Target>) {
    const target = pick(tried);
    if (!target) {
      res.writeHead(502, { "content-type": "text/plain; charset=utf-8", "retry-after": "1" });
      res.end("No app instance is answering. Please try again in a moment.");
      return;
    }
    tried.add(target);
    res.setHeader("x-popkit-instance", target.name);
    proxy.web(req, res, { target: target.url }, (error: NodeJS.ErrnoException) => {
      if (NEVER_ARRIVED.has(error.code ?? "")) {
        target.alive = false;
        // Only a request without a body can be sent again: the body's stream is already spoken for.
        const hasBody = req.headers["content-length"] !== undefined || req.headers["transfer-encoding"] !== undefined;
        if (!hasBody && !res.headersSent) return forward(req, res, tried);
      }
      if (!res.headersSent) {
        res.writeHead(502, { "content-type": "text/plain; charset=utf-8", "retry-after": "1" });
        res.end("The app instance did not answer. Please try again.");
      } else res.destroy();
    });
  }

  const server = createServer((req, res) => forward(req, res, new Set()));
  server.keepAliveTimeout = 65_000;

  const check = async (target: Target) => {
    try {
      const response = await fetch(`${target.url}/api/health`, { signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) });
      await response.body?.cancel();
      target.alive = true;
    } catch (error) {
      // A slow answer is a busy instance, not a dead one: under a burst both instances answered their health check
      // late, and the balancer turned every buyer away. Only a failed connection takes an instance out.
      if ((error as Error).name !== "TimeoutError") target.alive = false;
    }
  };
  const healthTimer = setInterval(() => targets.forEach((target) => void check(target)), HEALTH_EVERY_MS);
  healthTimer.unref();

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, resolve);
  });
  return {
    url: `http://${options.host === "0.0.0.0" ? "localhost" : options.host}:${options.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(healthTimer);
        server.close(() => {
          proxy.close();
          agent.destroy();
          resolve();
        });
        server.closeAllConnections();
      }),
  };
}
