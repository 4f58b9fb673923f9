// `node --import tsx bench/api-profile.ts DIR [TOP]`: where the API process's CPU went in each run of
// `BENCH_API_PROFILE=DIR npm run bench:api`. The bench starts the server with --cpu-prof into DIR and
// writes DIR/phases.json (each autocannon run's start and end on the system's monotonic clock, the
// clock V8's profiler stamps its samples with); this prints, per run, the API process's busy share and
// its TOP (default 25) functions by self time, and the same time grouped by package.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}
interface Phase {
  name: string;
  startUs: number;
  endUs: number;
}

const dir = process.argv[2];
if (!dir) throw new Error("usage: bench/api-profile.ts DIR [TOP]");
const top = Number(process.argv[3] ?? 25);
const phases = JSON.parse(readFileSync(join(dir, "phases.json"), "utf8")) as Phase[];

/** A script's package (node_modules/<name>), its workspace file, or node's own. */
function packageOf(url: string): string {
  if (url === "") return "(native/vm)";
  const nm = url.lastIndexOf("node_modules/");
  if (nm >= 0) {
    const rest = url.slice(nm + "node_modules/".length).split("/");
    return rest[0]?.startsWith("@") ? `${rest[0]}/${rest[1]}` : (rest[0] ?? url);
  }
  if (url.startsWith("node:")) return "node:*";
  const app = url.indexOf("/apps/");
  const pkg = url.indexOf("/packages/");
  const at = app >= 0 ? app : pkg;
  return at >= 0 ? url.slice(at + 1).replace(/^(apps|packages)\/[^/]+\/src\//, "") : url;
}

/** The workspace's own code (not a package, not node's). */
const ours = (url: string): boolean => !url.includes("node_modules") && !url.startsWith("node:");

const short = (url: string): string => {
  const nm = url.lastIndexOf("node_modules/");
  if (nm >= 0) return url.slice(nm + "node_modules/".length);
  const src = url.indexOf("/src/");
  return src >= 0 ? url.slice(src + 5) : url.replace(/^file:\/\//, "");
};

for (const file of readdirSync(dir).filter((f) => f.endsWith(".cpuprofile"))) {
  const profile = JSON.parse(readFileSync(join(dir, file), "utf8")) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, number>();
  for (const n of profile.nodes) for (const child of n.children ?? []) parentOf.set(child, n.id);
  const keyOf = (n: ProfileNode): string =>
    `${n.callFrame.functionName || "(anonymous)"} ${short(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
  /** The distinct functions on a sample's stack (a recursive one counted once). */
  const stackOf = new Map<number, string[]>();
  const stack = (id: number): string[] => {
    let keys = stackOf.get(id);
    if (keys) return keys;
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const n = byId.get(at);
      if (n && n.callFrame.url !== "") seen.add((ours(n.callFrame.url) ? "* " : "") + keyOf(n));
    }
    keys = [...seen];
    stackOf.set(id, keys);
    return keys;
  };
  // Sample i's time: startTime + the deltas up to i; its weight: the gap to the next sample.
  const times: number[] = [];
  let t = profile.startTime;
  for (const d of profile.timeDeltas) {
    t += d;
    times.push(t);
  }
  const inAny = phases.some((p) => times.some((x) => x >= p.startUs && x <= p.endUs));
  if (!inAny) continue;
  console.log(`\n# ${file}`);
  for (const phase of phases) {
    const self = new Map<string, number>();
    const packages = new Map<string, number>();
    const inclusive = new Map<string, number>();
    let total = 0;
    let idle = 0;
    for (let i = 0; i < profile.samples.length; i++) {
      const at = times[i] as number;
      if (at < phase.startUs || at > phase.endUs) continue;
      const weight = ((times[i + 1] ?? at) - at) / 1000;
      const node = byId.get(profile.samples[i] as number);
      if (!node) continue;
      total += weight;
      const { functionName, url, lineNumber } = node.callFrame;
      if (functionName === "(idle)") {
        idle += weight;
        continue;
      }
      const key = `${functionName || "(anonymous)"} ${short(url)}:${lineNumber + 1}`;
      for (const k of stack(node.id)) inclusive.set(k, (inclusive.get(k) ?? 0) + weight);
      self.set(key, (self.get(key) ?? 0) + weight);
      const pkg = packageOf(url);
      packages.set(pkg, (packages.get(pkg) ?? 0) + weight);
    }
    if (total === 0) continue;
    const busy = total - idle;
    console.log(
      `\n## ${phase.name}: ${(total / 1000).toFixed(1)} s sampled, busy ${((100 * busy) / total).toFixed(1)} % (${(busy / 1000).toFixed(1)} s)`,
    );
    console.log("self % of busy | ms | function");
    for (const [key, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) {
      console.log(`${((100 * ms) / busy).toFixed(1).padStart(5)} | ${ms.toFixed(0).padStart(6)} | ${key}`);
    }
    console.log("inclusive % of busy, the app's own functions (*) and chosen library entries:");
    const chosen =
      /^(buildQueryFromSourceParams|toSQL|getSQL|_prepare|execute|query|parse|safeParse|handleRequest|preHandlerCallback|onSendEnd|serialize|internalNext|verifyApiCaller|transaction)\b/;
    for (const [key, ms] of [...inclusive]
      .filter(([k]) => k.startsWith("* ") || chosen.test(k))
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)) {
      console.log(`${((100 * ms) / busy).toFixed(1).padStart(5)} | ${ms.toFixed(0).padStart(6)} | ${key}`);
    }
    console.log("by package (% of busy):");
    console.log(
      [...packages]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 20)
        .map(([pkg, ms]) => `${pkg} ${((100 * ms) / busy).toFixed(1)}`)
        .join(", "),
    );
  }
}
