// Hostile inputs for every tRPC procedure, found from the router itself. No answer may be a 5xx and a
// refused call may not change the database. FUZZ_RUNS cases per procedure (small here; `npm run fuzz` runs many),
// FUZZ_SEED to replay a failure, FUZZ_ONLY=<path> to run one procedure.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/server/platform/db";
import { exampleFromSchema, fuzzProcedure, fuzzProcedures, validInputs } from "../../fuzz/procedures";
import { failureMessage, fuzzSettings, saveReport, seedFor } from "../../fuzz/report";
import { stateTracker } from "../../fuzz/state";
import { createFuzzWorld, type FuzzWorld } from "../../fuzz/world";

const settings = fuzzSettings(6);
const procedures = fuzzProcedures();
const tracker = stateTracker(db);
let world: FuzzWorld;
let valid: Record<string, unknown>;

beforeAll(async () => {
  console.log(`fuzz-procedures: seed ${settings.seed} (FUZZ_SEED), ${settings.runs} cases per procedure (FUZZ_RUNS)`);
  world = await createFuzzWorld(db);
  valid = validInputs(world);
});

beforeEach(() => world.restore());

describe("the procedures under fuzz", () => {
  it("are every procedure of the router, each with its tier", () => {
    expect(procedures.length).toBeGreaterThan(60);
    const tierOf = Object.fromEntries(procedures.map((procedure) => [procedure.path, procedure.tier]));
    expect(tierOf).toMatchObject({
      "merchant.account.requestPasswordReset": "anonymous",
      "merchant.account.signUp": "anonymous",
      "pages.buttons.create": "merchant",
      "admin.me": "staff",
      "admin.audit.list": "staff",
    });
  });

  it("are watched by a state check that sees a write, and not a read", async () => {
    const before = await tracker.snapshot();
    await db.merchant.count();
    expect(await tracker.changesSince(before)).toEqual([]);
    await db.merchant.update({ where: { id: world.merchant.id }, data: { companyName: `Fuzz ${Date.now()}` } });
    expect(await tracker.changesSince(before)).toEqual([expect.stringMatching(/^merchants /)]);
  });

  it("each have a valid input whose mutations reach the service (add one in validInputs when this fails)", () => {
    const missing = procedures
      .filter((procedure) => procedure.schema)
      .filter((procedure) => {
        const seed = valid[procedure.path] ?? exampleFromSchema(procedure.schema!);
        return seed === undefined || !procedure.schema!.safeParse(seed).success;
      })
      .map((procedure) => procedure.path);
    expect(missing).toEqual([]);
  });
});

describe.each(procedures.filter((procedure) => settings.includes(procedure.path)))("$path", (procedure) => {
  // Without an input only the caller varies: a few cases show the procedure holds for each.
  const runs = procedure.schema ? settings.runs : Math.max(1, Math.ceil(settings.runs / 10));

  it(
    `answers ${runs} hostile inputs without a 5xx and changes nothing when it refuses`,
    async () => {
      const seed = valid[procedure.path] ?? (procedure.schema ? exampleFromSchema(procedure.schema) : undefined);
      const report = await fuzzProcedure({
        procedure,
        valid: seed,
        world,
        tracker,
        numRuns: runs,
        seed: seedFor(settings.seed, procedure.path),
      });
      saveReport("procedures", report);
      expect(report.findings, failureMessage(report, settings.seed)).toEqual([]);
    },
    60_000 + runs * 2_000,
  );
});
