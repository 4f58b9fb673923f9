// Node versions (ADR 51): the root `engines` must admit the running Node, and every installed
// package whose own `engines.node` excludes the running Node needs a one-line reason in
// scripts/node-floors.json ("above_floor"); so do dependencies held below the version that raised
// their Node floor ("pinned_below"). Run by `npm test` on each Node version CI uses.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import semver from "semver";

const root = fileURLToPath(new URL("..", import.meta.url));
const floors = JSON.parse(readFileSync(join(root, "scripts/node-floors.json"), "utf8"));
const node = process.versions.node;
const problems = [];

const engines = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).engines.node;
if (!semver.satisfies(node, engines))
  problems.push(`package.json engines "${engines}" does not admit Node ${node}`);

/** name → { versions, range } of installed packages that declare a Node range excluding this Node. */
const excluding = new Map();
function walk(dir) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith(".")) continue;
    const path = join(dir, entry.name);
    if (entry.name.startsWith("@")) {
      walk(path);
      continue;
    }
    if (entry.isSymbolicLink()) continue; // the workspaces: their own package.json is not a dependency's
    const manifest = join(path, "package.json");
    if (existsSync(manifest)) {
      const pkg = JSON.parse(readFileSync(manifest, "utf8"));
      const range = pkg.engines?.node;
      if (typeof range === "string" && semver.validRange(range) && !semver.satisfies(node, range)) {
        const seen = excluding.get(pkg.name) ?? { versions: new Set(), range };
        seen.versions.add(pkg.version);
        excluding.set(pkg.name, seen);
      }
    }
    walk(join(path, "node_modules"));
  }
}
walk(join(root, "node_modules"));
for (const workspace of ["apps/server", "apps/web", "packages/db", "packages/domain"])
  walk(join(root, workspace, "node_modules"));

const reasons = floors.above_floor;
for (const [name, { versions, range }] of excluding) {
  const reason = reasons[name];
  const what = `${name}@${[...versions].join(", ")} (engines.node "${range}")`;
  if (typeof reason !== "string" || reason.trim() === "")
    problems.push(`${what} excludes Node ${node}: give it a one-line reason in scripts/node-floors.json`);
  else console.log(`${what}: ${reason}`);
}
// On Node 20 every listed package must still exclude it, or its reason is stale.
if (semver.major(node) === 20)
  for (const name of Object.keys(reasons))
    if (!excluding.has(name))
      problems.push(`above_floor.${name}: no installed version excludes Node ${node}: remove it`);
for (const [name, reason] of Object.entries(floors.pinned_below)) {
  if (typeof reason !== "string" || reason.trim() === "") problems.push(`pinned_below.${name} has no reason`);
  else console.log(`${name} (held below its Node floor): ${reason}`);
}

for (const problem of problems) console.error(problem);
console.log(
  `Node ${node}: ${excluding.size} installed package(s) declare a higher Node floor, each with a reason; ${problems.length} problem(s)`,
);
process.exit(problems.length > 0 ? 1 : 0);
