// Debian's chromium and Thai-capable fonts, installed with apt-get when missing (we run as root);
// never a browser download from elsewhere. Used by `npm test` and `npm run bench:web`.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const dpkgHas = (pkg) => spawnSync("dpkg", ["-s", pkg], { stdio: "ignore" }).status === 0;

/** Returns true when /usr/bin/chromium and the fonts are there (installing them if needed). */
export function ensureBrowser(log = console.log) {
  const missing = ["chromium", "fonts-noto-core"].filter((p) => !dpkgHas(p));
  if (missing.length === 0 && existsSync("/usr/bin/chromium")) return true;
  log(`Installing ${missing.join(", ")} with apt-get…`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const step = (args) => spawnSync("apt-get", args, { stdio: "inherit", env }).status === 0;
  return (
    step(["update", "-qq"]) &&
    step(["install", "-y", "-qq", "--no-install-recommends", ...missing]) &&
    existsSync("/usr/bin/chromium")
  );
}
