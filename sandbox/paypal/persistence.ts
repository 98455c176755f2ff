import { randomBytes } from "node:crypto";
import {
  appendFileSync,
  closeSync,
  fdatasync,
  fdatasyncSync,
  fsyncSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { type SandboxState, type Store, freshState } from "./state";

// How the state outlives the process at a cost that follows each change, not the size of the state:
// - paypal-sandbox.json is a snapshot of the whole state. paypal-sandbox.journal continues it: a header line with
//   the snapshot's journalId, then one JSON line per record changed since ({c: collection, k: key, v: new value};
//   no v for a deletion). Code reads and writes the state through proxies (watch) that note which records change.
// - save() appends the records changed since the last save in one write(). index.ts saves before a response is
//   handed to the socket, deliveries.ts and wps.ts before a webhook or an IPN goes out: once write() returns, the
//   bytes are in the kernel, so a killed sandbox (kill -9, a crash) loses nothing it already told anyone. The
//   journal is fdatasync'ed within SYNC_MS, off the request path: a power cut loses about the last SYNC_MS at most.
// - The journal is folded into a new snapshot (temporary file, synced, renamed) on start, on reset, on close and
//   whenever it outgrows the snapshot, so folding too costs in proportion to what changed. A journal whose header
//   names another snapshot was folded already (a crash between the rename and the truncation): it is ignored.
// Rewriting the whole file per request costs 20-100 ms at 4 MB; coalescing such rewrites
// would either lose answered changes or still serialise the whole state every few ms under load.

const SYNC_MS = 20;
/** A journal shorter than this (in characters) is not worth folding into the snapshot while running. */
const MIN_FOLD_SIZE = 1 << 20;

type Change = { f: string; v?: unknown } | { c: string; k: string; v?: unknown };
type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is object => typeof value === "object" && value !== null;

/**
 * A view of `target` that reads and writes through to it and reports every write below it by path: [field] when a
 * whole field is replaced, [field, key] when anything in or under that record changes.
 */
function watch<T extends object>(target: T, path: string[], changed: (path: string[]) => void): T {
  const at = (key: string | symbol) => (path.length < 2 ? [...path, String(key)] : path);
  return new Proxy(target, {
    get(object, key) {
      const value: unknown = Reflect.get(object, key);
      return isObject(value) && typeof key === "string" ? watch(value, at(key), changed) : value;
    },
    set(object, key, value) {
      changed(at(key));
      return Reflect.set(object, key, value);
    },
    deleteProperty(object, key) {
      changed(at(key));
      return Reflect.deleteProperty(object, key);
    },
  });
}

function apply(state: SandboxState, change: Change) {
  const fields = state as unknown as Fields;
  if ("f" in change) fields[change.f] = change.v;
  else if ("v" in change) (fields[change.c] as Fields)[change.k] = change.v;
  else delete (fields[change.c] as Fields)[change.k];
}

function readIfPresent(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/** The snapshot with its journal replayed; undefined when there is no snapshot yet. */
function load(snapshotFile: string, journalFile: string): SandboxState | undefined {
  const text = readIfPresent(snapshotFile);
  if (text === undefined) return undefined;
  let saved: Partial<SandboxState> & { journalId?: string };
  try {
    saved = JSON.parse(text) as typeof saved;
  } catch (error) {
    throw new Error(`PayPal sandbox: cannot read its state file ${snapshotFile}`, { cause: error });
  }
  const { journalId, ...rest } = saved;
  const state: SandboxState = { ...freshState(), ...rest };
  const [header, ...lines] = (readIfPresent(journalFile) ?? "").split("\n");
  if (journalId === undefined || header !== JSON.stringify({ journalId })) return state;
  lines.forEach((line, i) => {
    if (line === "") return;
    let change: Change;
    try {
      change = JSON.parse(line) as Change;
    } catch (error) {
      // A crash in the middle of the last write: that change was never answered.
      if (i === lines.length - 1) return;
      throw new Error(`PayPal sandbox: line ${i + 2} of ${journalFile} is corrupt`, { cause: error });
    }
    apply(state, change);
  });
  return state;
}

/** In-memory state, kept in `<dataDir>/paypal-sandbox.json` and its journal when a dataDir is given. */
export function createStore(dataDir?: string): Store {
  const files = dataDir
    ? { snapshot: join(dataDir, "paypal-sandbox.json"), journal: join(dataDir, "paypal-sandbox.journal") }
    : undefined;
  const changedFields = new Set<string>();
  const changedRecords = new Map<string, Set<string>>();
  const changed = ([field, key]: string[]) => {
    if (key === undefined) changedFields.add(field!);
    else if (changedRecords.has(field!)) changedRecords.get(field!)!.add(key);
    else changedRecords.set(field!, new Set([key]));
  };

  let state = (files && load(files.snapshot, files.journal)) || freshState();
  let view = watch(state, [], changed);
  let journalFd: number | undefined;
  // Sizes in characters, to tell when folding pays.
  let journalSize = 0;
  let snapshotSize = 0;
  let unsynced = false;
  let syncing = false;
  let syncTimer: NodeJS.Timeout | undefined;
  let foldTimer: NodeJS.Immediate | undefined;

  const journal = () => (journalFd ??= openSync(files!.journal, "a"));

  function sync() {
    syncTimer = undefined;
    const fd = journalFd;
    if (fd === undefined || !unsynced) return;
    unsynced = false;
    syncing = true;
    fdatasync(fd, () => {
      syncing = false;
      // close() leaves the descriptor open while a sync is using it.
      if (fd !== journalFd) closeSync(fd);
      else if (unsynced) syncTimer = setTimeout(sync, SYNC_MS).unref();
    });
  }

  function fold() {
    changedFields.clear();
    changedRecords.clear();
    if (!files) return;
    const journalId = randomBytes(8).toString("hex");
    const text = JSON.stringify({ journalId, ...state });
    mkdirSync(dataDir!, { recursive: true });
    const tmp = `${files.snapshot}.tmp`;
    const out = openSync(tmp, "w");
    try {
      writeFileSync(out, text);
      fdatasyncSync(out);
    } finally {
      closeSync(out);
    }
    renameSync(tmp, files.snapshot);
    // The rename must be on disk before the journal it replaces is emptied.
    if (process.platform !== "win32") {
      const dir = openSync(dataDir!, "r");
      try {
        fsyncSync(dir);
      } finally {
        closeSync(dir);
      }
    }
    snapshotSize = text.length;
    ftruncateSync(journal(), 0);
    appendFileSync(journal(), `${JSON.stringify({ journalId })}\n`);
    journalSize = 0;
  }

  fold();

  return {
    get data() {
      return view;
    },
    save() {
      if (changedFields.size === 0 && changedRecords.size === 0) return;
      if (!files) {
        changedFields.clear();
        changedRecords.clear();
        return;
      }
      const fields = state as unknown as Fields;
      let text = "";
      const line = (change: Change) => (text += `${JSON.stringify(change)}\n`);
      for (const f of changedFields) line({ f, v: fields[f] });
      for (const [c, keys] of changedRecords) {
        const records = fields[c] as Fields;
        for (const k of keys) line(Object.hasOwn(records, k) ? { c, k, v: records[k] } : { c, k });
      }
      try {
        appendFileSync(journal(), text);
      } catch (error) {
        // The changes stay noted, for the next save to try again.
        console.error("PayPal sandbox: cannot save its state", error);
        return;
      }
      changedFields.clear();
      changedRecords.clear();
      journalSize += text.length;
      unsynced = true;
      if (!syncTimer && !syncing) syncTimer = setTimeout(sync, SYNC_MS).unref();
      if (!foldTimer && journalSize > Math.max(snapshotSize, MIN_FOLD_SIZE)) {
        foldTimer = setImmediate(() => {
          foldTimer = undefined;
          try {
            fold();
          } catch (error) {
            console.error("PayPal sandbox: cannot fold its journal into its state file", error);
          }
        }).unref();
      }
    },
    reset() {
      state = freshState();
      view = watch(state, [], changed);
      fold();
    },
    close() {
      clearImmediate(foldTimer);
      clearTimeout(syncTimer);
      foldTimer = syncTimer = undefined;
      fold();
      if (journalFd !== undefined && !syncing) closeSync(journalFd);
      journalFd = undefined;
      unsynced = false;
    },
  };
}
