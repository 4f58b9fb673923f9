import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3999);
const dataDir = mkdtempSync(join(tmpdir(), "sms-e2e-"));

/** Journeys run against the real built app (`npm start` path) on a fresh embedded database. */
export default defineConfig({
  testDir: ".",
  testMatch: "**/*.spec.ts",
  fullyParallel: true,
  // Three browsers on two cores: with two, a fifth of the CPU sat idle while pages waited on the
  // server and on each other (1.56 cores busy, 376 s); with three, 1.76 cores and 325 s; with four the
  // renderers crowd each other (345 s). Measured 2026-11-30, ADR 121.
  workers: 3,
  // A test that passes only on a second try has a race or a wait on time: it fails the run (ADR 50).
  retries: 0,
  failOnFlakyTests: true,
  timeout: 60_000,
  // A page opened with goto boots the SPA (its code, the language catalogs, the route chunks):
  // on 2 cores shared by two browsers and the server that took over 7 s now and then.
  expect: { timeout: 12_000 },
  reporter: [["list"], ["json"]],
  outputDir: "../.tmp/playwright-results",
  use: {
    baseURL: `http://localhost:${port}`,
    // No trace unless asked (E2E_TRACE=1, ADR 115): recording each step's DOM cost a quarter of the
    // journeys' CPU (browser and runner), for a file CI never keeps. When asked, the DOM of each step,
    // kept for a failed test, without screenshots (ADR 84: they made the GPU process composite every
    // frame). A failed test always gets its screenshot, its page's ARIA snapshot and its error.
    trace: process.env.E2E_TRACE ? { mode: "retain-on-failure", screenshots: false, snapshots: true } : "off",
    screenshot: "only-on-failure",
    locale: "th-TH",
    launchOptions: {
      // Debian's headless shell (scripts/browser.mjs installs it): the same Blink as /usr/bin/chromium
      // without the full browser's GPU process and compositor, less than half its CPU (ADR 63).
      executablePath: "/usr/bin/chromium-headless-shell",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: "node scripts/start.mjs",
    cwd: "..",
    url: `http://localhost:${port}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    // The server's warnings (a job that failed and will retry) show beside a failed journey.
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      NODE_ENV: "development",
      // Journeys sign in and send codes many times from one address; the limits have their own tests.
      RATE_LIMIT_SCALE: "100",
      // The simulator's delivery receipt after 0.2 s instead of 2 s: journeys that wait for
      // "Delivered" wait on the engine, not on a fixed delay (the delay has its own server tests).
      SIMULATOR_RECEIPT_DELAY_MS: "200",
      // Four handler slots for batches of sends, not sixteen: each idle slot polls twice a second on
      // the embedded database's one thread (ADR 124), and no journey sends more than a few at once.
      // The engine's throughput has its benchmarks (bench:api, bench:engine).
      ENGINE_SENDS_CONCURRENCY: "4",
    },
  },
});
