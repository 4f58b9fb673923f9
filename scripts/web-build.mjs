// Builds the web app only when its sources changed since the last build (fingerprint of
// paths, sizes and mtimes), so a second `npm start` is fast and a fresh clone builds once.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const web = join(root, "apps/web");
const stampFile = join(web, "build/.fingerprint");
const inputs = [
  join(web, "app"),
  join(web, "public"),
  join(web, "scripts"),
  join(web, "package.json"),
  join(web, "vite.config.ts"),
  join(web, "react-router.config.ts"),
  join(root, "packages/domain/src"),
];

function walk(path, hash) {
  if (!existsSync(path)) return;
  const st = statSync(path);
  if (st.isDirectory()) {
    for (const name of readdirSync(path).sort()) {
      if (name === "node_modules" || name.endsWith(".test.ts") || name.endsWith(".test.tsx")) continue;
      walk(join(path, name), hash);
    }
  } else {
    hash.update(`${path}:${st.size}:${st.mtimeMs}\n`);
  }
}

export function fingerprint() {
  const hash = createHash("sha1");
  for (const input of inputs) walk(input, hash);
  return hash.digest("hex");
}

export function webBuildIsFresh() {
  return (
    existsSync(join(web, "build/client/__spa-fallback.html")) &&
    existsSync(stampFile) &&
    readFileSync(stampFile, "utf8") === fingerprint()
  );
}

export function buildWebIfNeeded({ force = false } = {}) {
  if (!force && webBuildIsFresh()) return false;
  const before = fingerprint();
  console.log("Building the web app…");
  // Always a production build: a NODE_ENV inherited from a test runner or a dev shell would ship
  // React's development build (twice the JavaScript) under a fingerprint that looks fresh.
  const result = spawnSync("npm", ["run", "build", "-w", "@sms/web"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stampFile, before);
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  buildWebIfNeeded({ force: process.argv.includes("--force") });
