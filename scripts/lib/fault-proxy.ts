// A TCP proxy that can fail on command, put between the app and what it depends on (PostgreSQL, PayPal) by the
// fault runs. From the app's side of the socket, each mode looks like the real failure:
//   up     - bytes pass through;
//   down   - every open connection is reset and new ones are refused (the listener closes), as when the server
//            process stops; `up` listens again on the same port, as when it is restarted;
//   paused - connections stay open but no byte moves either way, as when the server hangs (SIGSTOP, a full disk,
//            a lock): only the client's own timeouts end the wait;
//   slow   - every chunk from the server waits `latencyMs` first.
// Doing it at the socket, not by stopping the machine's shared PostgreSQL, keeps every other database user alive.
import { createServer, connect, type Server, type Socket } from "node:net";

export type ProxyMode = "up" | "down" | "paused" | "slow";

export interface FaultProxy {
  port: number;
  url(template: string): string;
  set(mode: ProxyMode, options?: { latencyMs?: number }): Promise<void>;
  close(): Promise<void>;
}

export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  let mode: ProxyMode = "up";
  let latencyMs = 0;
  const pairs = new Set<{ client: Socket; upstream: Socket }>();
  let server: Server;

  function relay(from: Socket, to: Socket, delayed: boolean) {
    from.on("data", (chunk: Buffer) => {
      if (delayed && mode === "slow" && latencyMs > 0) {
        from.pause();
        setTimeout(() => {
          to.write(chunk);
          from.resume();
        }, latencyMs);
      } else {
        to.write(chunk);
      }
    });
  }

  function accept(client: Socket) {
    const upstream = connect(target);
    const pair = { client, upstream };
    pairs.add(pair);
    const end = () => {
      client.destroy();
      upstream.destroy();
      pairs.delete(pair);
    };
    client.on("error", end).on("close", end);
    upstream.on("error", end).on("close", end);
    relay(client, upstream, false);
    relay(upstream, client, true);
    if (mode === "paused") {
      client.pause();
      upstream.pause();
    }
  }

  const listen = (port: number) =>
    new Promise<Server>((resolve, reject) => {
      const next = createServer(accept);
      next.once("error", reject);
      next.listen(port, "127.0.0.1", () => resolve(next));
    });
  server = await listen(0);
  const port = (server.address() as { port: number }).port;

  const closeListener = () => new Promise<void>((resolve) => server.close(() => resolve()));

  return {
    port,
    /** `template` with its host and port swapped for the proxy's: a database URL or an HTTP base URL. */
    url(template: string) {
      const url = new URL(template);
      url.hostname = "127.0.0.1";
      url.port = String(port);
      return url.toString().replace(/\/$/, template.endsWith("/") ? "/" : "");
    },
    async set(next, options = {}) {
      const previous = mode;
      mode = next;
      latencyMs = options.latencyMs ?? latencyMs;
      if (next === "down" && previous !== "down") {
        for (const { client, upstream } of pairs) {
          client.resetAndDestroy();
          upstream.destroy();
        }
        pairs.clear();
        await closeListener();
      }
      if (previous === "down" && next !== "down") server = await listen(port);
      for (const { client, upstream } of pairs) {
        if (next === "paused") {
          client.pause();
          upstream.pause();
        } else {
          client.resume();
          upstream.resume();
        }
      }
    },
    async close() {
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
      if (mode !== "down") await closeListener();
    },
  };
}
