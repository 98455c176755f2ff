// `node --import tsx scripts/balancer.ts --port 8080 --target http://app1:3000 --target http://app2:3000 [--host
// 0.0.0.0]`: the load balancer of `npm run cluster` (scripts/lib/balancer.ts) on its own, for deployments whose app
// instances run elsewhere (compose.yaml). Each target is named by its host (the x-popkit-instance header). The app
// instances behind it trust one proxy hop (TRUSTED_PROXIES=1); with another proxy in front of this one, two.
import { parseArgs } from "node:util";
import { startBalancer } from "./lib/balancer";

const { values: flags } = parseArgs({
  options: {
    port: { type: "string", default: "8080" },
    host: { type: "string", default: "0.0.0.0" },
    target: { type: "string", multiple: true, default: [] },
  },
});

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const port = Number(flags.port);
if (!Number.isInteger(port) || port < 1 || port > 65535) fail(`--port must be a port number; got ${flags.port}.`);
if (flags.target.length === 0) fail("Name at least one app instance: --target http://app1:3000 (repeatable).");
const targets = flags.target.map((target) => {
  const url = URL.canParse(target) ? new URL(target) : null;
  if (url?.protocol !== "http:") fail(`--target must be an http:// URL; got ${target}.`);
  return { url: url.origin, name: url.host };
});

const balancer = await startBalancer({ port, host: flags.host, targets });
console.log(`Balancing ${flags.host}:${port} over ${targets.map((target) => target.name).join(", ")}`);

const stop = () => void balancer.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
