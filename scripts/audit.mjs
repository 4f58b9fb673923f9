// `npm audit --omit=dev` for CI: the runtime dependencies against the registry's advisories.
// Every advisory fails the run unless scripts/audit-allow.json lists it with a reason (and a date to
// look again). When the registry does not serve the advisory endpoint (a mirror that answers GET
// only), nothing was checked: that is said plainly, and the run fails only with AUDIT_REQUIRED=1.
// Prints a last line "npm audit: <checked|not checked>: …". Usage: node scripts/audit.mjs
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const allowFile = fileURLToPath(new URL("./audit-allow.json", import.meta.url));
const allow = JSON.parse(readFileSync(allowFile, "utf8")).allow;
const today = new Date().toISOString().slice(0, 10);

let broken = false;
for (const entry of allow) {
  if (
    !entry.advisory ||
    !entry.package ||
    !entry.reason?.trim() ||
    !/^\d{4}-\d{2}-\d{2}$/.test(entry.review_by ?? "")
  ) {
    console.error(
      `audit-allow.json: every entry needs advisory, package, reason and review_by: ${JSON.stringify(entry)}`,
    );
    broken = true;
  } else if (entry.review_by < today) {
    console.error(
      `audit-allow.json: ${entry.advisory} (${entry.package}) was to be reviewed by ${entry.review_by}`,
    );
    broken = true;
  }
}

// AUDIT_JSON=<file>: judge a saved `npm audit --omit=dev --json` report instead of asking the registry.
const result = process.env.AUDIT_JSON
  ? { stdout: readFileSync(process.env.AUDIT_JSON, "utf8"), stderr: "" }
  : spawnSync("npm", ["audit", "--omit=dev", "--json"], { cwd: root, encoding: "utf8" });
let report;
try {
  report = JSON.parse(result.stdout);
} catch {
  report = { error: { summary: (result.stderr || result.stdout).trim().split("\n").pop() } };
}

if (!report.vulnerabilities) {
  // npm prints the endpoint's answer instead of a report: e.g. 405 from a registry mirror.
  const why = report.message ?? report.error?.summary ?? "no report";
  console.log(`The registry gave no advisory data: ${why}`);
  console.log("No runtime dependency was checked against advisories in this run.");
  const required = process.env.AUDIT_REQUIRED === "1";
  console.log(
    `npm audit: not checked (advisory endpoint unavailable)${required ? "; AUDIT_REQUIRED=1" : ""}`,
  );
  process.exit(required || broken ? 1 : 0);
}

/** Each advisory once: npm lists it under the vulnerable package and under what depends on it. */
const advisories = new Map();
for (const [pkg, vuln] of Object.entries(report.vulnerabilities)) {
  for (const via of vuln.via) {
    if (typeof via !== "object") continue;
    const id = via.url?.split("/").pop() ?? String(via.source);
    advisories.set(`${id} ${pkg}`, { id, pkg, severity: via.severity, title: via.title, range: via.range });
  }
}
const allowed = (a) => allow.some((e) => e.advisory === a.id && e.package === a.pkg);
const open = [...advisories.values()].filter((a) => !allowed(a));
for (const a of advisories.values())
  console.log(
    `${allowed(a) ? "allowed" : "OPEN   "} ${a.severity.padEnd(8)} ${a.id} ${a.pkg}@${a.range}: ${a.title}`,
  );
for (const e of allow)
  if (![...advisories.values()].some((a) => a.id === e.advisory && a.pkg === e.package))
    console.log(`audit-allow.json: ${e.advisory} (${e.package}) no longer applies: remove it`);
console.log(
  `npm audit: checked: ${advisories.size} advisories, ${advisories.size - open.length} allowed with a reason, ${open.length} open`,
);
process.exit(open.length > 0 || broken ? 1 : 0);
