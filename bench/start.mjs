// `npm run bench:start`: how long `npm start` takes to answer, cold (web build + new database) and
// warm (build and data reused). Writes bench/results/start.json.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const port = Number(process.env.BENCH_PORT ?? 3877);

async function waitFor(url, deadlineMs) {
  const until = Date.now() + deadlineMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.ok) return true;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

async function startOnce(dataDir) {
  const t0 = performance.now();
  const child = spawn("node", ["scripts/start.mjs"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: "ignore",
  });
  const ok = await waitFor(`http://localhost:${port}/`, 180_000);
  const ms = Math.round(performance.now() - t0);
  const exited = new Promise((resolve) => child.on("exit", (code) => resolve(code)));
  child.kill("SIGTERM");
  const code = await exited;
  if (!ok) throw new Error("server did not answer within 180 s");
  return { ms, exitCode: code };
}

const dataDir = mkdtempSync(join(tmpdir(), "bench-start-"));
const b0 = performance.now();
const build = spawnSync("node", ["scripts/web-build.mjs", "--force"], { cwd: root, stdio: "ignore" });
if (build.status !== 0) throw new Error("web build failed");
const buildMs = Math.round(performance.now() - b0);
const coldServer = await startOnce(dataDir);
const warm = await startOnce(dataDir);
rmSync(dataDir, { recursive: true, force: true });

const result = {
  date: new Date().toISOString(),
  node: process.version,
  webBuildMs: buildMs,
  coldServerToFirstResponseMs: coldServer.ms,
  coldStartTotalMs: buildMs + coldServer.ms,
  warmStartToFirstResponseMs: warm.ms,
  cleanExitCodes: [coldServer.exitCode, warm.exitCode],
};
mkdirSync(join(root, "bench/results"), { recursive: true });
writeFileSync(join(root, "bench/results/start.json"), `${JSON.stringify(result, null, 2)}\n`);
console.log(result);
