// `npm run bench:i18n`: what the server's message lookup costs (ADR 88): the time to import
// apps/server/src/i18n/index.ts in a fresh process (the catalogues load and i18next initialises at
// start) and the time of one `translate` call, with and without parameters. Writes
// bench/results/i18n.json. `-- <path to another i18n/index.ts>` times that one instead (an A/B
// against an older checkout, under the same load).
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const target = process.argv[2] ?? `${root}apps/server/src/i18n/index.ts`;
const RUNS = 9;
const CALLS = 200_000;

interface I18n {
  translate: (key: string, locale: "th" | "en", params?: Record<string, string | number>) => string;
  messageKeys: () => string[];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

if (process.env.BENCH_I18N_CHILD) {
  // One fresh process: time the import alone (tsx is loaded before, as in the server).
  const t0 = performance.now();
  await import(pathToFileURL(target).href);
  process.stdout.write(String(performance.now() - t0));
  process.exit(0);
}

const imports: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const child = spawnSync(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url), target], {
    env: { ...process.env, BENCH_I18N_CHILD: "1" },
    encoding: "utf8",
  });
  if (child.status !== 0) throw new Error(child.stderr);
  imports.push(Number(child.stdout));
}

const i18n = (await import(pathToFileURL(target).href)) as I18n;
const keys = i18n.messageKeys();
function timeCalls(params: Record<string, string | number> | undefined): number {
  const rounds: number[] = [];
  for (let r = 0; r < 5; r++) {
    let length = 0;
    const t0 = performance.now();
    for (let i = 0; i < CALLS; i++) {
      length += i18n.translate(keys[i % keys.length] ?? "errors.general", i % 2 ? "th" : "en", params).length;
    }
    rounds.push(((performance.now() - t0) * 1e6) / CALLS);
    if (length === 0) throw new Error("no text");
  }
  return median(rounds);
}
const plain = timeCalls(undefined);
const withParams = timeCalls({ seconds: 30, count: 2, name: "ACME", sender: "ACME", limit: 10 });

const result = {
  target: target.replace(root, ""),
  keys: keys.length,
  importMs: { min: Math.min(...imports), median: median(imports), max: Math.max(...imports) },
  translateNs: { plain: Math.round(plain), withParams: Math.round(withParams) },
  load: loadavg().map((x) => Math.round(x * 100) / 100),
  node: process.version,
  at: new Date().toISOString(),
};
console.log(JSON.stringify(result, null, 2));
if (!process.argv[2]) {
  mkdirSync(`${root}bench/results`, { recursive: true });
  writeFileSync(`${root}bench/results/i18n.json`, `${JSON.stringify(result, null, 2)}\n`);
}
