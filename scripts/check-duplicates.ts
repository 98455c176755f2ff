// `npm run check`'s copy-paste gate: jscpd over the app's own code, blocks of 6+ lines, tests and
// migrations left out. A few repeats are honest (two similar schemas, two route handlers); past the limit the
// tree has started growing copies instead of shared pieces, and the check fails with the list.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { repoRoot } from "./lib/paths";

const MAX_CLONES = 19;

type Report = {
  duplicates: {
    firstFile: { name: string; start: number; end: number };
    secondFile: { name: string; start: number; end: number };
  }[];
};

const outputDir = mkdtempSync(path.join(tmpdir(), "popkit-jscpd-"));
try {
  execFileSync(
    process.execPath,
    [
      path.join(repoRoot, "node_modules/jscpd/bin/jscpd"),
      ...["src", "scripts", "sandbox", "prisma/seed.ts"],
      ...["--min-lines", "6", "--format", "typescript,tsx,javascript,jsx,css"],
      ...["--ignore", "**/*.test.ts,**/*.test.tsx,**/migrations/**,**/generated/**,**/node_modules/**"],
      ...["--gitignore", "--silent", "--reporters", "json", "--output", outputDir],
    ],
    { cwd: repoRoot, stdio: "inherit" },
  );
  const report = JSON.parse(readFileSync(path.join(outputDir, "jscpd-report.json"), "utf8")) as Report;
  for (const { firstFile: a, secondFile: b } of report.duplicates) {
    console.log(`  ${a.name}:${a.start}-${a.end} ~ ${b.name}:${b.start}-${b.end}`);
  }
  console.log(`${report.duplicates.length} repeated blocks of 6+ lines (limit ${MAX_CLONES})`);
  if (report.duplicates.length > MAX_CLONES) process.exitCode = 1;
} finally {
  rmSync(outputDir, { recursive: true, force: true });
}
