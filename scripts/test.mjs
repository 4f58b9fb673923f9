// `npm test`: lint, types, unit + integration, then browser journeys against the built app.
// Options (CI splits the run between two Node versions with them, ADR 62):
//   --no-browser         stop after unit + integration (no web build, no browser journeys)
//   --no-vitest          skip the Vitest projects (CI runs them in another lane)
//   --no-static          skip Biome, the dependency check and the tsc runs (the Node-floor check stays:
//                        its answer depends on the running Node)
//   --project=NAME       run only these Vitest projects (repeatable): web, domain, db, server, server-isolated
//   --out=DIR            where the reports and test-summary.json go (default .tmp): two runs side by side
//                        (.ci/run) each keep their own
// Ends with one line "N passed, N failed, N skipped" summing every test that ran. A test that passed
// only on a retry counts as failed: no runner here retries (vitest has no retry option set, Playwright
// runs with retries: 0 and failOnFlakyTests).
//
// Two cores: the checks that use one core each (tsc per workspace, Biome, the dependency check, the
// web build) run two at a time; then Vitest (two workers), the JS budget and Playwright, one after
// the other. Vitest beside the journeys (at nice 10) was measured slower on a quiet machine
// (2026-11-30, same commit, back to back: 699 s side by side, Vitest 656 s and the journeys 455 s,
// against 644 s one after the other, Vitest 277 s and the journeys 341 s): both are CPU-bound.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { stripVTControlCharacters } from "node:util";
import { ensureBrowser } from "./browser.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const outArg = process.argv.find((a) => a.startsWith("--out="));
const out = join(root, outArg ? outArg.slice("--out=".length) : ".tmp");
mkdirSync(out, { recursive: true });
const browser = !process.argv.includes("--no-browser");
const staticChecks = !process.argv.includes("--no-static");
const vitest = !process.argv.includes("--no-vitest");
const projects = process.argv
  .filter((a) => a.startsWith("--project="))
  .map((a) => a.slice("--project=".length));
const known = new Set(["--no-browser", "--no-static", "--no-vitest"]);
for (const a of process.argv.slice(2))
  if (!known.has(a) && !a.startsWith("--project=") && !a.startsWith("--out="))
    throw new Error(`scripts/test.mjs: unknown option ${a}`);
const started = Date.now();
const timings = [];
let failedStep = null;

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Runs one step. `buffered` steps run beside others: their output is printed as one block when
 * they end, so two steps' lines never interleave.
 */
function run(name, cmd, args, { env = {}, buffered = false } = {}) {
  const t0 = Date.now();
  if (!buffered) console.log(`\n▶ ${name}`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: buffered ? ["ignore", "pipe", "pipe"] : "inherit",
    });
    const chunks = [];
    child.stdout?.on("data", (c) => chunks.push(c));
    child.stderr?.on("data", (c) => chunks.push(c));
    child.on("close", (code, signal) => {
      const ok = code === 0;
      const ms = Date.now() - t0;
      timings.push({ name, ms, ok });
      if (buffered) {
        console.log(`\n▶ ${name}`);
        process.stdout.write(Buffer.concat(chunks));
      }
      console.log(`◀ ${name}: ${ok ? "ok" : `failed (${code ?? signal})`} in ${seconds(ms)}`);
      if (!ok && !failedStep) failedStep = name;
      resolve(ok);
    });
  });
}

/** Runs `jobs` (functions returning promises) at most `width` at a time, in the given order. */
async function pool(width, jobs) {
  const queue = [...jobs];
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (queue.length > 0) await queue.shift()();
    }),
  );
}

const vitestReport = join(out, "vitest.json");
const playwrightReport = join(out, "playwright.json");
rmSync(vitestReport, { force: true });
rmSync(playwrightReport, { force: true });

// One tsc per workspace (the largest first) and the e2e project, beside Biome and the dependency check.
const rootPackage = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const typechecks = ["apps/web", "apps/server", "packages/db", "packages/domain"].map((dir) => {
  const pkg = JSON.parse(readFileSync(join(root, dir, "package.json"), "utf8"));
  if (!pkg.scripts?.typecheck) throw new Error(`${dir} has no typecheck script`);
  return () =>
    run(`typecheck ${dir}`, "npm", ["run", "typecheck", "--silent", "-w", pkg.name], { buffered: true });
});
for (const project of ["e2e", "bench"])
  if (!rootPackage.scripts.typecheck.includes(`tsc -p ${project}`))
    throw new Error("root typecheck changed: update test.mjs");
const engines = () =>
  run("Node version floors (engines)", "node", ["scripts/check-engines.mjs"], { buffered: true });
const checks = staticChecks
  ? [
      ...typechecks.slice(0, 2),
      () => run("lint (biome, import boundaries)", "npx", ["biome", "check", "."], { buffered: true }),
      () => run("dependencies declared and used", "npx", ["knip", "--no-progress"], { buffered: true }),
      () => run("import boundaries", "node", ["scripts/boundaries.mjs", "--check"], { buffered: true }),
      engines,
      ...typechecks.slice(2),
      () => run("typecheck e2e", "npx", ["tsc", "-p", "e2e", "--checkers", "1"], { buffered: true }),
      () => run("typecheck bench", "npx", ["tsc", "-p", "bench", "--checkers", "1"], { buffered: true }),
    ]
  : [engines];
// The web build takes a lane beside the checks rather than running beside Vitest's two workers:
// its prerender step gives each page 10 s, which a third CPU-bound process on two cores can miss.
let built = Promise.resolve(false);
const webBuild = async () => {
  built = run("web build (when its sources changed)", "node", ["scripts/web-build.mjs"], { buffered: true });
  await built;
};
await pool(2, browser ? [checks[0], webBuild, ...checks.slice(1)] : checks);

if (vitest)
  await run(`unit + integration (vitest${projects.length ? `: ${projects.join(", ")}` : ""})`, "npx", [
    "vitest",
    "run",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${vitestReport}`,
    ...projects.map((p) => `--project=${p}`),
  ]);
if (browser) {
  if (await built)
    await run("JavaScript budgets of the built pages", "node", ["apps/web/scripts/js-budget.mjs"]);
  if (!ensureBrowser()) failedStep ??= "browser install";
  else if (await built)
    await run(
      "browser journeys (playwright)",
      "npx",
      ["playwright", "test", "-c", "e2e/playwright.config.ts"],
      {
        env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
      },
    );
}

let passed = 0;
let failed = 0;
let skipped = 0;
// The failing tests by name, repeated at the end: CI keeps only the head and tail of a long log.
const failures = [];
// Where the time went, for CI's log (its head and tail are all that is kept): the slowest test files
// of Vitest and the slowest browser journeys.
const slowest = { "Vitest files": [], "browser journeys": [] };
const readReport = (path) => (existsSync(path) ? JSON.parse(readFileSync(path, "utf8")) : null);
const v = readReport(vitestReport);
if (v) {
  passed += v.numPassedTests ?? 0;
  failed += v.numFailedTests ?? 0;
  skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
  for (const file of v.testResults ?? []) {
    const where = file.name?.startsWith(root) ? file.name.slice(root.length) : file.name;
    slowest["Vitest files"].push({ what: where, ms: (file.endTime ?? 0) - (file.startTime ?? 0) });
    const failedTests = (file.assertionResults ?? []).filter((a) => a.status === "failed");
    for (const a of failedTests) {
      const why = (a.failureMessages?.[0] ?? "").split("\n")[0].slice(0, 300);
      failures.push(`${where} › ${a.fullName}${why ? `\n      ${why}` : ""}`);
    }
    // A file that failed to load has no test results of its own.
    if (file.status === "failed" && failedTests.length === 0)
      failures.push(`${where}: ${(file.message ?? "failed").split("\n")[0].slice(0, 300)}`);
  }
}
/** Playwright's report nests suites (file, describe) around specs; collects the failed ones. */
function playwrightFailures(suite, path) {
  for (const spec of suite.specs ?? [])
    for (const test of spec.tests ?? []) {
      for (const r of test.results ?? [])
        slowest["browser journeys"].push({
          what: `${spec.file} › ${spec.title}`.slice(0, 140),
          ms: r.duration ?? 0,
        });
      if (test.status === "unexpected" || test.status === "flaky") {
        const err = test.results?.find((r) => r.error)?.error;
        // The first line, the expected/received lines (a deep-equality diff's too: "- Expected",
        // "+ Received" and its changed lines) and where it failed: CI keeps only this tail.
        const lines = stripVTControlCharacters(err?.message ?? "")
          .split("\n")
          .map((l) => l.trim())
          .filter((l, i) => i === 0 || /^([-+] |Expected|Received|Locator|Timeout|Call log)/.test(l))
          .slice(0, 10)
          .map((l) => l.slice(0, 300));
        const at = err?.location ? `at ${basename(err.location.file)}:${err.location.line}` : "";
        const why = [...lines, at].filter(Boolean).join("\n      ");
        failures.push(`${[...path, spec.title].join(" › ")} (${test.status})${why ? `\n      ${why}` : ""}`);
      }
    }
  for (const child of suite.suites ?? []) playwrightFailures(child, [...path, child.title]);
}
const p = readReport(playwrightReport);
if (p) {
  passed += p.stats?.expected ?? 0;
  // "flaky" is a test that failed and then passed on a retry: a failure, whatever the retry said.
  failed += (p.stats?.unexpected ?? 0) + (p.stats?.flaky ?? 0);
  skipped += p.stats?.skipped ?? 0;
  if (p.stats?.flaky) failedStep ??= "browser journeys (a test passed only on a retry)";
  for (const suite of p.suites ?? []) playwrightFailures(suite, [suite.title]);
}
for (const [kind, times] of Object.entries(slowest)) {
  if (times.length === 0) continue;
  const top = times.sort((a, b) => b.ms - a.ms);
  const total = top.reduce((sum, t) => sum + t.ms, 0);
  console.log(`\nslowest ${kind} (of ${top.length}, ${seconds(total)} summed):`);
  for (const t of top.slice(0, 8)) console.log(`  ${seconds(t.ms).padStart(8)}  ${t.what}`);
}
if (failures.length > 0) {
  console.log(`\nfailed tests (${failures.length}):`);
  for (const f of failures.slice(0, 30)) console.log(`  ✗ ${f}`);
}
console.log(`\nnpm test on Node ${process.versions.node}: steps`);
for (const t of timings)
  console.log(`  ${t.ok ? "ok    " : "FAILED"} ${seconds(t.ms).padStart(8)}  ${t.name}`);
console.log(
  `npm test finished in ${((Date.now() - started) / 1000).toFixed(0)} s${failedStep ? `; first failing step: ${failedStep}` : ""}`,
);
if (failedStep && failed === 0) failed = 1;
// For .ci/run, which sums the runs of both Node versions into its own closing line.
writeFileSync(
  join(out, "test-summary.json"),
  JSON.stringify({
    node: process.versions.node,
    passed,
    failed,
    skipped,
    failedStep,
    failures,
    steps: timings,
  }),
);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failedStep ? 1 : 0);
