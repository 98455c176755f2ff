import { spawn } from "node:child_process";
import path from "node:path";
import { repoRoot } from "./paths";

/** Runs a Node script of the repo (`bin`, relative to its root) with this Node; resolves to its exit code. */
export function runNode(bin: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(repoRoot, bin), ...args], {
      cwd: repoRoot,
      env,
      stdio: "inherit",
    });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}
