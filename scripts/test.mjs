// `npm test`: lint, types, unit + integration, then browser journeys against the built app.
// Ends with one line "N passed, N failed" summing every test that ran.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureBrowser } from "./browser.mjs";
import { buildWebIfNeeded } from "./web-build.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const out = join(root, ".tmp");
mkdirSync(out, { recursive: true });
const started = Date.now();
let failedStep = null;

function run(name, cmd, args, env = {}) {
  const t0 = Date.now();
  console.log(`\n▶ ${name}`);
  const result = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  console.log(
    `◀ ${name}: ${result.status === 0 ? "ok" : `failed (${result.status})`} in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
  if (result.status !== 0 && !failedStep) failedStep = name;
  return result.status === 0;
}

const vitestReport = join(out, "vitest.json");
const playwrightReport = join(out, "playwright.json");
rmSync(vitestReport, { force: true });
rmSync(playwrightReport, { force: true });

run("lint (biome, import boundaries)", "npx", ["biome", "check", "."]);
run("dependencies declared and used", "node", ["scripts/check-deps.mjs"]);
run("typecheck", "npm", ["run", "typecheck", "--silent"]);
run("unit + integration (vitest)", "npx", [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${vitestReport}`,
]);
const browserReady = ensureBrowser();
buildWebIfNeeded();
run("JavaScript budgets of the built pages", "node", ["apps/web/scripts/js-budget.mjs"]);
if (browserReady) {
  run("browser journeys (playwright)", "npx", ["playwright", "test", "-c", "e2e/playwright.config.ts"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
  });
} else if (!failedStep) failedStep = "browser install";

let passed = 0;
let failed = 0;
if (existsSync(vitestReport)) {
  const v = JSON.parse(readFileSync(vitestReport, "utf8"));
  passed += v.numPassedTests ?? 0;
  failed += v.numFailedTests ?? 0;
}
if (existsSync(playwrightReport)) {
  const p = JSON.parse(readFileSync(playwrightReport, "utf8"));
  passed += (p.stats?.expected ?? 0) + (p.stats?.flaky ?? 0);
  failed += p.stats?.unexpected ?? 0;
}
console.log(
  `\nnpm test finished in ${((Date.now() - started) / 1000).toFixed(0)} s${failedStep ? `; first failing step: ${failedStep}` : ""}`,
);
if (failedStep && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failedStep ? 1 : 0);
