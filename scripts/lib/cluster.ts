// Several production app instances (scripts/serve.ts each, on a loopback port of its own) behind the balancer
// (scripts/lib/balancer.ts), all on one PostgreSQL and, with REDIS_URL, one Redis: what `npm run cluster`, the
// checkout bench and the cluster e2e run. The instances are named app-1, app-2, ...; the balancer's
// x-popkit-instance header says which one answered.
import { startBalancer, type Balancer } from "./balancer";
import { freePort, startApp, type RunningApp } from "./app";

export type ClusterInstance = {
  name: string;
  /** The instance's own address, bypassing the balancer. */
  url: string;
  /** The running process; replaced by start(). */
  app: RunningApp | null;
  /** Starts the instance again (after a kill or a stop), on the same port. */
  start(): Promise<RunningApp>;
};

export type Cluster = { url: string; balancer: Balancer; instances: ClusterInstance[]; stop(): Promise<void> };

export async function startCluster(options: {
  instances: number;
  /** The balancer's port and address: the one URL users, PayPal and merchants' pages reach (APP_URL). */
  port: number;
  host?: string;
  env: NodeJS.ProcessEnv;
  quiet?: boolean;
}): Promise<Cluster> {
  if (!Number.isInteger(options.instances) || options.instances < 1) {
    throw new Error(`The number of instances must be a whole number of at least 1; got ${options.instances}.`);
  }
  if (options.env.EMBEDDED_DB === "1") {
    throw new Error(
      "Several instances need a PostgreSQL server they can all reach: set DATABASE_URL " +
        "(the embedded database serves one process).",
    );
  }
  const instances: ClusterInstance[] = [];
  for (let i = 1; i <= options.instances; i++) {
    const port = await freePort();
    const instance: ClusterInstance = {
      name: `app-${i}`,
      url: `http://127.0.0.1:${port}`,
      app: null,
      async start() {
        instance.app = await startApp({
          port,
          env: {
            ...options.env,
            TRUSTED_PROXIES: behindBalancer(options.env.TRUSTED_PROXIES),
          },
          quiet: options.quiet,
        });
        return instance.app;
      },
    };
    instances.push(instance);
  }
  const stopInstances = () => Promise.all(instances.map((instance) => instance.app?.stop()));
  try {
    // The first alone: on a fresh database, job queues created by several instances at once deadlock in pg-boss
    // (the losers retry after 10 s); once they exist the others start together.
    await instances[0]!.start();
    await Promise.all(instances.slice(1).map((instance) => instance.start()));
  } catch (error) {
    await stopInstances();
    throw error;
  }
  const balancer = await startBalancer({
    port: options.port,
    host: options.host ?? "127.0.0.1",
    targets: instances.map(({ url, name }) => ({ url, name })),
  }).catch(async (error: unknown) => {
    await stopInstances();
    throw error;
  });
  return {
    url: balancer.url,
    balancer,
    instances,
    async stop() {
      await balancer.close();
      await stopInstances();
    },
  };
}

/**
 * The balancer is one more hop in front of every instance, on loopback: added to the operator's own setting (a hop
 * count, or the networks of the proxies in front of the balancer), never replacing it.
 */
function behindBalancer(trusted: string | undefined): string {
  const setting = trusted?.trim() ?? "";
  if (setting === "") return "1";
  if (/^\d+$/.test(setting)) return String(Number(setting) + 1);
  return `${setting},127.0.0.1/32,::1/128`;
}
