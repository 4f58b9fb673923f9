// `npm run bench:a11y`: Lighthouse 13's accessibility score (mobile and desktop presets, Debian's chromium) of the
// entry pages (/, /login, /register, /forgot) and of the signed-in dashboard, in Thai and English,
// against the built app served by our own server on a fresh database (issue 24 point 11, ADR 60:
// the target is 100 on each). Writes bench/results/a11y.json with each page's score and the
// audits that kept it below 100; exits non-zero when a page is below 100.
//
// The dashboard needs a session: a verified customer is made through the API (codes read from the
// dev inbox, as the browser journeys do) and its tokens are put in the browser's localStorage,
// where the sign-in page leaves them. Lighthouse then runs in that same browser profile with
// its storage reset turned off.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { CHROMIUM, ensureBrowser } from "../scripts/browser.mjs";
import { buildWebIfNeeded } from "../scripts/web-build.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const port = Number(process.env.BENCH_A11Y_PORT ?? 3412);
const debuggingPort = Number(process.env.BENCH_A11Y_CHROME_PORT ?? 9412);
const base = `http://localhost:${port}`;
const TARGET = 100;
const PAGES = [
  ...["/", "/login", "/register", "/forgot"].flatMap((path) => [
    { path, signedIn: false },
    { path: path === "/" ? "/en" : `/en${path}`, signedIn: false },
  ]),
  { path: "/dashboard", signedIn: true },
  { path: "/en/dashboard", signedIn: true },
];

async function waitFor(url, deadlineMs) {
  const until = Date.now() + deadlineMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not answer ${url}`);
}

async function api(path, { method = "GET", token, body } = {}) {
  const response = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: {
      "content-type": "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await response.json().catch(() => null);
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json.data;
}

/** The code of the newest dev-inbox message to `to` carrying `ref`. */
async function codeFor(to, ref) {
  const until = Date.now() + 20_000;
  while (Date.now() < until) {
    const { entities } = await api(`/dev/inbox?to=${encodeURIComponent(to)}&limit=20`);
    const entry = entities.find((e) => e.text.includes(ref));
    const code = entry && /(\d{6})/.exec(entry.text)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no code for ${to}`);
}

/** A customer with both codes entered, signed in: the tokens the sign-in page would store. */
async function verifiedCustomer() {
  const unique = Date.now().toString(36);
  const phone = `08${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
  const person = {
    first_name: "มาลี",
    last_name: "ทดสอบ",
    email: `a11y-${unique}@example.com`,
    phone_number: phone,
    password: "secret123",
    password_confirmation: "secret123",
    accept_terms: true,
  };
  const registered = await api("/c/guest/register", { method: "POST", body: person });
  const token = registered.token_register.token;
  const phoneRef = registered.phone_verification.ref_code;
  const phoneCode = await codeFor(`66${phone.slice(1)}`, phoneRef);
  await api("/c/me/verify", {
    method: "POST",
    token,
    body: { type: "phone", code: phoneCode, ref_code: phoneRef },
  });
  const { ref_code: emailRef } = await api("/c/me/request-verify?type=email", { token });
  const emailCode = await codeFor(person.email, emailRef);
  await api("/c/me/verify", {
    method: "POST",
    token,
    body: { type: "email", code: emailCode, ref_code: emailRef },
  });
  return api("/c/guest/login", {
    method: "POST",
    body: { username: person.email, password: person.password },
  });
}

if (!ensureBrowser()) throw new Error("bench:a11y needs Debian's chromium (apt-get install chromium)");
buildWebIfNeeded();
const work = mkdtempSync(join(tmpdir(), "bench-a11y-"));
const server = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
  cwd: root,
  env: { ...process.env, PORT: String(port), DATA_DIR: join(work, "data"), LOG_LEVEL: "warn" },
  stdio: ["ignore", "ignore", "inherit"],
});

const results = [];
let browser;
let lighthouseVersion = null;
try {
  await waitFor(`${base}/api/v1/health`, 120_000);
  const tokens = await verifiedCustomer();
  // A persistent context is the browser's default profile, the one Lighthouse's tabs open in.
  browser = await chromium.launchPersistentContext(join(work, "profile"), {
    executablePath: CHROMIUM,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", `--remote-debugging-port=${debuggingPort}`],
  });
  /** Puts the session where the sign-in page leaves it, after the signed-out pages (Lighthouse clears storage for them). */
  const signIn = async () => {
    const page = await browser.newPage();
    await page.goto(`${base}/clients/cookies`);
    await page.evaluate((t) => localStorage.setItem("session", JSON.stringify(t)), tokens);
    await page.close();
  };

  let sessionStored = false;
  for (const { path, signedIn } of PAGES.sort((a, b) => Number(a.signedIn) - Number(b.signedIn))) {
    if (signedIn && !sessionStored) {
      await signIn();
      sessionStored = true;
    }
    // The review's two devices: Lighthouse's mobile preset (a phone) and its desktop preset.
    for (const preset of ["mobile", "desktop"]) {
      const runner = await lighthouse(
        `${base}${path}`,
        {
          port: debuggingPort,
          output: "json",
          logLevel: "error",
          onlyCategories: ["accessibility"],
          // Signed out means no session: the entry pages send a signed-in visitor on to the dashboard.
          disableStorageReset: signedIn,
          // Thai visitor: "/" would otherwise redirect an English browser to /en (spec §2).
          extraHeaders: { "Accept-Language": path.startsWith("/en") ? "en-US,en;q=0.9" : "th-TH,th;q=0.9" },
        },
        preset === "desktop" ? desktopConfig : undefined,
      );
      if (!runner) throw new Error(`no Lighthouse result for ${path}`);
      const { lhr } = runner;
      if (lhr.runtimeError) throw new Error(`${path}: ${lhr.runtimeError.message}`);
      const score = Math.round((lhr.categories.accessibility?.score ?? 0) * 100);
      const failing = lhr.categories.accessibility.auditRefs
        .map((ref) => lhr.audits[ref.id])
        .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
        .map((a) => ({
          id: a.id,
          title: a.title,
          elements: (a.details?.items ?? []).map((item) => item.node?.snippet ?? null).filter(Boolean),
        }));
      // A signed-in page that fell back to the sign-in form would measure the wrong page.
      if (signedIn && !lhr.finalDisplayedUrl.endsWith(path))
        throw new Error(`${path} ended at ${lhr.finalDisplayedUrl}`);
      lighthouseVersion = lhr.lighthouseVersion;
      results.push({ url: path, preset, finalUrl: new URL(lhr.finalDisplayedUrl).pathname, score, failing });
      console.log(
        `${path.padEnd(16)} ${preset.padEnd(8)} accessibility ${score}${failing.length ? `  (${failing.map((f) => f.id).join(", ")})` : ""}`,
      );
    }
    if (signedIn) {
      // The session is still the one stored: Lighthouse did not clear it.
      const stored = await fetch(`${base}/api/v1/c/me`, {
        headers: { authorization: `Bearer ${tokens.token}` },
      });
      if (!stored.ok) throw new Error(`the session ended during ${path}`);
    }
  }
} finally {
  await browser?.close();
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  rmSync(work, { recursive: true, force: true });
}

const below = results.filter((r) => r.score < TARGET);
mkdirSync(join(root, "bench/results"), { recursive: true });
writeFileSync(
  join(root, "bench/results/a11y.json"),
  `${JSON.stringify(
    {
      lighthouse: lighthouseVersion,
      presets: ["mobile (Lighthouse default)", "desktop"],
      browser: CHROMIUM,
      target: TARGET,
      measuredAt: new Date().toISOString(),
      pages: results,
      allAtTarget: below.length === 0,
    },
    null,
    2,
  )}\n`,
);
if (below.length > 0) {
  console.error(`Below ${TARGET}:\n  ${below.map((r) => `${r.url} (${r.preset}) ${r.score}`).join("\n  ")}`);
  process.exitCode = 1;
} else console.log(`Every page scores ${TARGET}.`);
