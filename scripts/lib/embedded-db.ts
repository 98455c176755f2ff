// Embedded PostgreSQL: PGlite (the real Postgres engine in WASM) opened on a data dir and served on a
// loopback TCP port, so the app, `prisma migrate deploy` and the tests all connect like to any PostgreSQL.
//
// PGlite is ONE backend session. @electric-sql/pglite-socket's server queues single protocol messages, so
// two connections' Parse/Bind/Execute/Sync sequences interleave and corrupt each other. This server hands
// the session to one connection at a time instead: from its first message until its Sync (or simple
// Query) completes outside a transaction block, or until its transaction ends. Other connections wait
// their turn, which makes a second process (admin:create, db:seed while the app runs) safe. Still keep
// each process at ONE connection (pool max 1): there is no parallelism to gain, and a process that waits
// on its own second connection while the first holds a transaction only stalls.
//
// PGlite (0.4) also answers an extended-protocol message that fails (Parse/Bind/Execute...) with a
// ReadyForQuery straight after the ErrorResponse, where PostgreSQL sends none until the Sync; its Sync then
// sends another. The client (pg) takes the first as the end of the failed statement and the second as the
// end of its NEXT one (Prisma's ROLLBACK), so the query after that reads ROLLBACK's answer: no rows (unless
// both arrived in one TCP read, before Prisma queued the ROLLBACK: luck). So only a Sync or a simple Query
// may answer ReadyForQuery here.
import { mkdirSync } from "node:fs";
import { createServer, type AddressInfo, type Socket } from "node:net";
import { PGlite } from "@electric-sql/pglite";

export interface EmbeddedDb {
  url: string;
  port: number;
  stop(): Promise<void>;
}

const PROTOCOL_3 = 196608;
const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const READY_FOR_QUERY = "Z".charCodeAt(0);
/** Parse, Bind, Describe, Execute, Close, Flush: PostgreSQL never answers these with ReadyForQuery. */
const EXTENDED_QUERY = new Set("PBDECH");

interface Pending {
  conn: Connection;
  message: Uint8Array;
  done: () => void;
}

interface Connection {
  socket: Socket;
  buffer: Buffer;
  started: boolean;
  closed: boolean;
}

/** `output` is whole backend messages: one protocol message's complete answer. */
function withoutReadyForQuery(output: Buffer): Buffer {
  const kept: Buffer[] = [];
  for (let at = 0; at < output.length; ) {
    const end = at + 1 + output.readInt32BE(at + 1);
    if (output[at] !== READY_FOR_QUERY) kept.push(output.subarray(at, end));
    at = end;
  }
  return Buffer.concat(kept);
}

/** PGlite serves one database whatever the name; it has no TLS. */
export function embeddedDbUrl(port: number): string {
  return `postgresql://postgres@127.0.0.1:${port}/postgres?sslmode=disable`;
}

export interface EmbeddedDbOptions {
  /** A directory (created if missing), or ":memory:" for a throw-away database. */
  dataDir: string;
  /** Defaults to a free port. */
  port?: number;
  /** false: the server alone does not keep the process alive (for tools that never call stop()). */
  keepAlive?: boolean;
}

export async function startEmbeddedDb(opts: EmbeddedDbOptions): Promise<EmbeddedDb> {
  const inMemory = opts.dataDir === ":memory:";
  if (!inMemory) mkdirSync(opts.dataDir, { recursive: true });
  const db = new PGlite(inMemory ? "memory://" : opts.dataDir);
  await db.waitReady;

  const queue: Pending[] = [];
  const connections = new Set<Connection>();
  let owner: Connection | null = null;
  let running = false;
  let drained = Promise.resolve();

  function pump(): void {
    if (running) return;
    running = true;
    drained = (async () => {
      try {
        for (;;) {
          if (owner?.closed) {
            // A client that vanished mid-transaction must not leave it open for the next one.
            if (db.isInTransaction()) await db.exec("ROLLBACK");
            owner = null;
          }
          const index = queue.findIndex((p) => owner === null || p.conn === owner);
          if (index === -1) return;
          const [item] = queue.splice(index, 1) as [Pending];
          try {
            await run(item);
          } catch {
            item.conn.socket.destroy();
          } finally {
            item.done();
          }
        }
      } finally {
        running = false;
      }
    })();
  }

  async function run({ conn, message }: Pending): Promise<void> {
    if (conn.closed) return;
    const type = conn.started ? String.fromCharCode(message[0]!) : null;
    const chunks: Uint8Array[] = [];
    await db.runExclusive(() => db.execProtocolRawStream(message, { onRawData: (data) => chunks.push(data) }));
    let output: Buffer = Buffer.concat(chunks);
    if (type !== null && EXTENDED_QUERY.has(type)) output = withoutReadyForQuery(output);
    if (!conn.closed && output.length > 0) conn.socket.write(output);
    conn.started = true;
    if (type === null) return; // the startup packet leaves no state behind
    owner = (type === "S" || type === "Q") && !db.isInTransaction() ? null : conn;
  }

  function enqueue(conn: Connection, message: Uint8Array): Promise<void> {
    return new Promise((done) => {
      queue.push({ conn, message, done });
      pump();
    });
  }

  function release(conn: Connection): void {
    if (conn.closed) return;
    conn.closed = true;
    connections.delete(conn);
    for (let i = queue.length - 1; i >= 0; i--) {
      if (queue[i]!.conn === conn) queue.splice(i, 1)[0]!.done();
    }
    pump();
  }

  /** Splits the byte stream into protocol messages; answers what PGlite cannot (SSL/GSS/cancel requests). */
  async function handle(conn: Connection): Promise<void> {
    while (!conn.closed) {
      const { buffer } = conn;
      if (!conn.started) {
        if (buffer.length < 8) return;
        const length = buffer.readInt32BE(0);
        if (buffer.length < length) return;
        const code = buffer.readInt32BE(4);
        conn.buffer = buffer.subarray(length);
        if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
          conn.socket.write("N");
          continue;
        }
        if (code !== PROTOCOL_3) {
          // A CancelRequest included: there is nothing to cancel on a single synchronous backend.
          conn.socket.destroy();
          return;
        }
        await enqueue(conn, buffer.subarray(0, length));
        continue;
      }
      if (buffer.length < 5) return;
      const length = 1 + buffer.readInt32BE(1);
      if (buffer.length < length) return;
      conn.buffer = buffer.subarray(length);
      if (buffer[0] === "X".charCodeAt(0)) {
        conn.socket.end();
        return;
      }
      await enqueue(conn, buffer.subarray(0, length));
    }
  }

  const server = createServer((socket) => {
    socket.setNoDelay(true);
    if (opts.keepAlive === false) socket.unref();
    const conn: Connection = { socket, buffer: Buffer.alloc(0), started: false, closed: false };
    connections.add(conn);
    let reading = Promise.resolve();
    socket.on("data", (chunk) => {
      conn.buffer = Buffer.concat([conn.buffer, chunk]);
      reading = reading
        .then(() => handle(conn))
        .catch(() => {
          socket.destroy();
        });
    });
    socket.on("error", () => socket.destroy());
    socket.on("close", () => release(conn));
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  if (opts.keepAlive === false) server.unref();

  return {
    url: embeddedDbUrl(port),
    port,
    async stop() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const conn of connections) conn.socket.destroy();
      await closed;
      for (const conn of [...connections]) release(conn);
      await drained;
      await db.close();
    },
  };
}
