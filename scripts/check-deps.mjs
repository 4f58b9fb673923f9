// Every bare import must be declared in its own workspace's package.json, and every declared
// dependency must be used. Run by `npm test` (lint step). Usage: node scripts/check-deps.mjs
import { readdirSync, readFileSync, statSync } from "node:fs";
import { builtinModules } from "node:module";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
const SKIP_DIRS = new Set(["node_modules", "build", "dist", ".react-router", "results", "coverage"]);
const SOURCE = /\.(ts|tsx|mts|mjs|js|cjs)$/;
/** Used by tooling through config files or CLIs rather than imports. */
const USED_WITHOUT_IMPORT = {
  "": [
    "@biomejs/biome",
    "@types/node",
    "@types/autocannon",
    "@vitest/coverage-v8",
    "typescript",
    "tsx",
    "lighthouse",
  ],
  "apps/server": [
    "tsx",
    "@opentelemetry/api",
    "@types/nodemailer",
    "@types/smtp-server",
    "@types/pg",
    "@types/pdfkit",
    "@types/papaparse",
    "@types/pg-copy-streams",
  ],
  "apps/web": [
    "@types/react",
    "@types/react-dom",
    "react-dom",
    "tailwindcss",
    "@react-router/node",
    "isbot",
    "jsdom",
    "@testing-library/jest-dom",
  ],
  "packages/db": ["drizzle-kit", "@types/pg"],
};

function files(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    if (SKIP_DIRS.has(name) || name.startsWith(".")) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...files(path));
    else if (SOURCE.test(name)) out.push(path);
  }
  return out;
}

function packageOf(specifier) {
  if (specifier.startsWith(".") || specifier.startsWith("/") || specifier.startsWith("~/")) return null;
  if (specifier.startsWith("virtual:") || specifier.startsWith("+") || builtins.has(specifier)) return null;
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0];
}

const IMPORT =
  /(?:^|\s)(?:import|export)\s[^'"]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|^\s*import\s*["']([^"']+)["']/gm;

function importsOf(path) {
  const used = new Map();
  for (const file of statSync(path).isDirectory() ? files(path) : [path]) {
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(IMPORT)) {
      const pkg = packageOf(m[1] ?? m[2] ?? m[3]);
      if (pkg && !used.has(pkg)) used.set(pkg, relative(root, file));
    }
  }
  return used;
}

const rootPkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const workspaces = ["apps/server", "apps/web", "packages/db", "packages/domain"];
const checks = [
  ...workspaces.map((ws) => ({ ws, dir: join(root, ws) })),
  // The root package owns the repo-level tooling: scripts, e2e journeys, benchmarks and configs.
  { ws: "", dir: root, only: ["scripts", "e2e", "bench", "vitest.config.ts"] },
];

let problems = 0;
for (const { ws, dir, only } of checks) {
  const pkg = ws ? JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) : rootPkg;
  const declared = new Set([
    ...Object.keys(pkg.dependencies ?? {}),
    ...Object.keys(pkg.devDependencies ?? {}),
    ...Object.keys(pkg.peerDependencies ?? {}),
  ]);
  const used = new Map();
  for (const part of only ?? [""]) {
    for (const [k, v] of importsOf(join(dir, part))) if (!used.has(k)) used.set(k, v);
  }
  const name = ws || "(root)";
  for (const [dep, file] of used) {
    if (dep === pkg.name || declared.has(dep)) continue;
    console.error(`${name}: ${dep} is imported (${file}) but not declared in package.json`);
    problems++;
  }
  for (const dep of declared) {
    if (used.has(dep) || (USED_WITHOUT_IMPORT[ws] ?? []).includes(dep)) continue;
    console.error(`${name}: ${dep} is declared but never imported`);
    problems++;
  }
}
if (problems) {
  console.error(`${problems} dependency problem(s)`);
  process.exit(1);
}
console.log("dependencies: every import declared, no unused dependency");
