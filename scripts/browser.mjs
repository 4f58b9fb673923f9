// Debian's chromium, its headless shell and Thai-capable fonts, installed with apt-get when missing
// (we run as root); never a browser download from elsewhere. Used by `npm test` and `npm run bench:web`.
// The browser journeys run in the headless shell (the old headless mode, which Playwright itself
// uses for headless runs): it needs less than half the CPU of the full browser for the same pages
// (ADR 63). Lighthouse (bench:web) and the receipt renderer use the full browser.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

export const CHROMIUM = "/usr/bin/chromium";
export const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

const dpkgHas = (pkg) => spawnSync("dpkg", ["-s", pkg], { stdio: "ignore" }).status === 0;

/** Returns true when both browsers and the fonts are there (installing them if needed). */
export function ensureBrowser(log = console.log) {
  const there = () => existsSync(CHROMIUM) && existsSync(HEADLESS_SHELL);
  const missing = ["chromium", "chromium-headless-shell", "fonts-noto-core"].filter((p) => !dpkgHas(p));
  if (missing.length === 0 && there()) return true;
  log(`Installing ${missing.join(", ")} with apt-get…`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const step = (args) => spawnSync("apt-get", args, { stdio: "inherit", env }).status === 0;
  return (
    step(["update", "-qq"]) &&
    step(["install", "-y", "-qq", "--no-install-recommends", ...missing]) &&
    there()
  );
}
