import { fileURLToPath } from "node:url";
import path from "node:path";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
/** Everything the demo keeps on disk: embedded database, generated secrets, sandbox files. Never committed. */
export const dataDir = path.join(repoRoot, ".data");
export const nextBin = path.join(repoRoot, "node_modules/next/dist/bin/next");
