// `npm run bench:isolation` (issue 23 point 1): does heavy work of one tenant leave the service
// responsive for everyone else, and do hostile files leave it alive?
//
// For each backend (PGlite in a data directory as `npm start` uses it; PostgreSQL on
// BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432, skipped with a note when
// unreachable) the real server runs as its own process (`apps/server/src/main.ts`, ROLE=all, the
// simulator gateway), and this process is the clients:
//
// 1. Bombs, on a fresh server: five 5 MB XLSX whose shared strings inflate to 4 GB (built by
//    apps/server/src/test/xlsx-bombs.ts) are uploaded at once as file campaigns (the upload that
//    killed the server in 46 s in the review), then five more as contact imports. The server's RSS is sampled every 50 ms (/proc/<pid>/status); health
//    is probed all along and must keep answering.
// 2. Load: at once, a heavy tenant imports a 1,000,000-row CSV into a group (upload, parse,
//    confirm, insert), exports 1,000,000 messages (background CSV export), and sends a 100,000-row
//    file campaign (accepted, then dispatched through the simulator). Meanwhile another tenant's
//    `GET /api/v1/c/me` and the anonymous `GET /api/v1/health` are each requested in a loop (a new
//    request 20 ms after the last answer). Targets: p99 ≤ 250 ms and max ≤ 1 s for both.
//
// Writes bench/results/isolation.json. BENCH_BACKENDS=pglite or =postgres runs one.
import { type ChildProcess, spawn } from "node:child_process";
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createDb, type DbHandle, migrate, schema, seed } from "@sms/db";
import { bangkokDayKey } from "@sms/domain";
import { sql } from "drizzle-orm";
import pg from "pg";
import { sharedStringsBomb } from "../apps/server/src/test/xlsx-bombs.ts";
import { createBenchOwner } from "./support/owner.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 1_000_000);
const EXPORT_MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000_000);
const CAMPAIGN_ROWS = Number(process.env.BENCH_CAMPAIGN_ROWS ?? 100_000);
/** BENCH_LOADS: which of the three loads run (all by default), to tell which one slows the others. */
const LOADS = (process.env.BENCH_LOADS ?? "import,export,campaign").split(",");
const LOAD_TIMEOUT_MS = Number(process.env.BENCH_LOAD_TIMEOUT_MS ?? 20 * 60_000);
const TARGET = { p99Ms: 250, maxMs: 1000, bombPeakRssMb: 1536 };
const DAY_MS = 24 * 3600_000;
const SENDER = "BenchCo";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}

// ---- the data both tenants start with ----

interface Tenants {
  heavy: { email: string; password: string; organizationId: number };
  probe: { email: string; password: string; organizationId: number };
}

async function prepare(handle: DbHandle): Promise<Tenants> {
  await migrate(handle);
  // As the server seeds it on start (ADMIN_EMAIL and the development password by default).
  await seed(handle.db, { adminEmail: "admin@smsportal.local", adminPassword: "admin12345" });
  const db = handle.db;
  const heavy = await createBenchOwner(db, { name: "Heavy", label: "isolation", phoneNumber: "66800000991" });
  const probe = await createBenchOwner(db, { name: "Probe", label: "isolation", phoneNumber: "66800000992" });
  await db.insert(schema.senders).values({
    organizationId: heavy.organizationId,
    name: SENDER,
    status: "approved",
    decidedAt: new Date(),
  } as typeof schema.senders.$inferInsert);
  // Enough credit for the campaign (and more), as a paid grant on the ledger.
  await db.insert(schema.creditEntries).values({
    organizationId: heavy.organizationId,
    type: "earned",
    credits: 1_000_000,
    reason: "bench",
    reference: "bench:isolation",
  });
  await db.execute(
    sql`update organizations set credit_expired_on = now() + interval '1 year' where id = ${heavy.organizationId}`,
  );
  // A paid, approved order: the account is past its trial (issue 23 point 3 limits trial accounts).
  await db.execute(sql`
    insert into orders (organization_id, user_id, package_id, package_name, months, credits, sub_total_satang,
                        vat_satang, withholding_tax_satang, total_satang, buyer_type, buyer_name, status, decided_at)
    select ${heavy.organizationId}, ${heavy.userId}, p.id, p.name, 12, 1000000, 100000, 7000, 0, 107000,
           'individual', 'Bench Heavy', 'approved', now()
    from packages p order by p.id limit 1`);

  // The messages the export reads: one INSERT … SELECT over the last 20 days.
  const [campaign] = await db
    .insert(schema.campaigns)
    .values({
      organizationId: heavy.organizationId,
      userId: heavy.userId,
      kind: "campaign",
      purpose: "general",
      name: "Bench history",
      senderName: SENDER,
      text: "Your appointment is tomorrow at 10:00",
      recipients: EXPORT_MESSAGES,
      credits: EXPORT_MESSAGES,
      chunkSize: 1000,
      acceptedAt: new Date(Date.now() - 20 * DAY_MS),
    } as typeof schema.campaigns.$inferInsert)
    .returning({ id: schema.campaigns.id });
  const spanSeconds = Math.floor((19 * DAY_MS) / 1000);
  await db.execute(sql`
    insert into messages (created_at, organization_id, campaign_id, seq, type, sender, recipient, text,
                          billed_parts, credits, status, state, code)
    select now() - interval '1 hour' - make_interval(secs => (i::bigint * ${spanSeconds}::bigint) / ${EXPORT_MESSAGES}::bigint),
      ${heavy.organizationId}::integer, ${campaign!.id}::bigint, i, 'campaign', ${SENDER},
      '668' || lpad(i::text, 8, '0'), null, 1, 1,
      (array['delivered','delivered','delivered','failed','sent'])[1 + i % 5], 3, '000'
    from generate_series(1, ${EXPORT_MESSAGES}::integer) as i`);
  await db.execute(sql`analyze messages`);
  return {
    heavy: { email: heavy.email, password: heavy.password, organizationId: heavy.organizationId },
    probe: { email: probe.email, password: probe.password, organizationId: probe.organizationId },
  };
}

// ---- the server under test ----

interface Server {
  url: string;
  child: ChildProcess;
  log: string[];
  stop: () => Promise<void>;
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const log: string[] = [];
  const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: "127.0.0.1",
      ROLE: "all",
      NODE_ENV: "development",
      LOG_LEVEL: "warn",
      // The probes ask ~50 times a second as one user: the limits are for abuse, not for this.
      RATE_LIMIT_SCALE: "1000",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const keep = (chunk: Buffer) => {
    if (process.env.BENCH_SERVER_LOG) appendFileSync(process.env.BENCH_SERVER_LOG, chunk);
    log.push(chunk.toString());
    if (log.length > 400) log.splice(0, log.length - 400);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited while starting:\n${log.join("")}`);
    try {
      const res = await fetch(`${url}/api/v1/health`);
      if (res.ok) break;
    } catch {}
    if (Date.now() - started > 120_000) throw new Error(`server did not start:\n${log.join("")}`);
    await sleep(250);
  }
  return {
    url,
    child,
    log,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    },
  };
}

function rssMb(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? kb / 1024 : null;
  } catch {
    return null;
  }
}

async function signIn(
  url: string,
  user: { email: string; password: string },
): Promise<Record<string, string>> {
  const res = await fetch(`${url}/api/v1/c/guest/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: user.email, password: user.password }),
  });
  if (res.status !== 200) throw new Error(`login ${user.email}: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { data: { token: string } };
  return { authorization: `Bearer ${body.data.token}`, "accept-language": "en" };
}

// ---- probes ----

interface Probe {
  stop: () => Promise<Summary & { slow: { at: string; ms: number; serverMs: number | null }[] }>;
}

interface Summary {
  requests: number;
  failures: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

function summarize(samples: number[], failures: number): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return {
    requests: samples.length,
    failures,
    p50Ms: Math.round(at(0.5)),
    p99Ms: Math.round(at(0.99)),
    maxMs: Math.round(sorted.at(-1) ?? 0),
  };
}

/** Answers slower than this are listed with when they were asked and the server's own time. */
const SLOW_MS = 500;

function probe(url: string, headers: Record<string, string> = {}): Probe {
  const samples: number[] = [];
  const slow: { at: string; ms: number; serverMs: number | null }[] = [];
  let failures = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const start = performance.now();
      const at = new Date().toISOString();
      let serverMs: number | null = null;
      try {
        const res = await fetch(url, { headers, signal: AbortSignal.timeout(30_000) });
        await res.arrayBuffer();
        if (!res.ok) failures += 1;
        const timing = /app;dur=([\d.]+)/.exec(res.headers.get("server-timing") ?? "");
        serverMs = timing ? Number(timing[1]) : null;
      } catch {
        failures += 1;
      }
      const ms = performance.now() - start;
      samples.push(ms);
      if (ms > SLOW_MS) slow.push({ at, ms: Math.round(ms), serverMs });
      await sleep(20);
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await loop;
      return { ...summarize(samples, failures), slow };
    },
  };
}

// ---- the heavy tenant's work ----

async function poll<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number) {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: still not done after ${timeoutMs} ms`);
    await sleep(500);
  }
}

async function json(res: Response, what: string): Promise<{ data: Record<string, unknown> }> {
  if (!res.ok) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { data: Record<string, unknown> };
}

function csv(rows: number, header: string, line: (i: number) => string): Blob {
  const lines = [header];
  for (let i = 0; i < rows; i += 1) lines.push(line(i));
  return new Blob([`${lines.join("\n")}\n`], { type: "text/csv" });
}

/**
 * The heavy tenant's files, built before the probes start: building a million CSV lines blocks this
 * process for 1–2 s, and a probe in flight then would time this client's stall, not the server.
 */
function loadFiles() {
  return {
    contacts: csv(
      IMPORT_ROWS,
      "first_name,last_name,phone_number",
      (i) => `Name${i},Bench,08${String(i).padStart(8, "0")}`,
    ),
    campaign: csv(
      CAMPAIGN_ROWS,
      "phone_number,first_name",
      (i) => `09${String(i).padStart(8, "0")},Buyer${i}`,
    ),
  };
}

async function importContacts(url: string, headers: Record<string, string>, file: Blob) {
  const t0 = performance.now();
  const group = await json(
    await fetch(`${url}/api/v1/c/contact-groups`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ name: `Isolation ${Date.now()}` }),
    }),
    "create group",
  );
  const form = new FormData();
  form.append("file", file, "contacts.csv");
  const started = await json(
    await fetch(`${url}/api/v1/c/contact-groups/${group.data.id}/contacts/import`, {
      method: "POST",
      headers,
      body: form,
    }),
    "upload import",
  );
  const id = String(started.data.id);
  const read = async () =>
    (await json(await fetch(`${url}/api/v1/c/contact-imports/${id}`, { headers }), "import")).data;
  const preview = await poll("import parse", read, (d) => d.status !== "parsing", LOAD_TIMEOUT_MS);
  if (preview.status !== "preview") throw new Error(`import: ${preview.status} ${preview.error}`);
  const parsedSeconds = (performance.now() - t0) / 1000;
  await json(
    await fetch(`${url}/api/v1/c/contact-imports/${id}/confirm`, { method: "POST", headers }),
    "confirm import",
  );
  const end = await poll("import insert", read, (d) => d.status !== "importing", LOAD_TIMEOUT_MS);
  if (end.status !== "completed") throw new Error(`import: ${end.status} ${end.error}`);
  return {
    rows: IMPORT_ROWS,
    imported: end.imported_rows,
    parsedSeconds: Number(parsedSeconds.toFixed(1)),
    totalSeconds: Number(((performance.now() - t0) / 1000).toFixed(1)),
  };
}

async function exportMessages(url: string, headers: Record<string, string>) {
  const t0 = performance.now();
  const now = Date.now();
  const period = `start=${bangkokDayKey(new Date(now - 21 * DAY_MS))}&end=${bangkokDayKey(new Date(now))}`;
  const created = await json(
    await fetch(`${url}/api/v1/c/message-exports?format=csv&${period}`, { method: "POST", headers }),
    "start export",
  );
  const end = await poll(
    "export",
    async () =>
      (await json(await fetch(`${url}/api/v1/c/message-exports/${created.data.id}`, { headers }), "export"))
        .data,
    (d) => d.status === "done" || d.status === "failed",
    LOAD_TIMEOUT_MS,
  );
  if (end.status !== "done") throw new Error(`export failed: ${JSON.stringify(end)}`);
  return {
    rows: end.rows ?? end.total_rows ?? EXPORT_MESSAGES,
    seconds: Number(((performance.now() - t0) / 1000).toFixed(1)),
  };
}

async function sendFileCampaign(url: string, headers: Record<string, string>, file: Blob) {
  const t0 = performance.now();
  const form = new FormData();
  form.append("name", "Isolation campaign");
  form.append("sender", SENDER);
  form.append("purpose", "general");
  form.append("message", "Hello {first_name}, your order is ready.");
  form.append("file", file, "campaign.csv");
  const accepted = await json(
    await fetch(`${url}/api/v1/c/campaigns/import`, {
      method: "POST",
      headers: { ...headers, "idempotency-key": `isolation-${Date.now()}` },
      body: form,
    }),
    "file campaign",
  );
  const acceptedSeconds = (performance.now() - t0) / 1000;
  const id = accepted.data.id;
  const summary = await poll(
    "campaign dispatch",
    async () =>
      (await json(await fetch(`${url}/api/v1/c/campaigns/${id}/summary`, { headers }), "campaign summary"))
        .data,
    (d) => ((d.messages as Record<string, number> | undefined)?.queued ?? 1) === 0,
    LOAD_TIMEOUT_MS,
  );
  return {
    recipients: CAMPAIGN_ROWS,
    acceptedSeconds: Number(acceptedSeconds.toFixed(1)),
    dispatchedSeconds: Number(((performance.now() - t0) / 1000).toFixed(1)),
    summary,
  };
}

// ---- the two phases ----

/** BENCH_SKIP_BOMBS: a quick run of the load phase alone. */
class SkipBombs extends Error {}

async function bombs(server: Server, headers: Record<string, string>, groupIds: number[]) {
  // The review's bomb, kept under the 4 GiB a zip without ZIP64 declares: 400,000 × 10,000 "A".
  const bomb = new Blob([sharedStringsBomb({ strings: 400_000, length: 10_000 })], {
    type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  });
  const pid = server.child.pid ?? 0;
  const rssBefore = rssMb(pid);
  let peakRss = rssBefore ?? 0;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, rssMb(pid) ?? 0);
  }, 50);
  const health = probe(`${server.url}/api/v1/health`);
  const campaignUploads = Array.from({ length: 5 }, async () => {
    const form = new FormData();
    form.append("sender", SENDER);
    form.append("purpose", "general");
    form.append("message", "hi {first_name}");
    form.append("file", bomb, "bomb.xlsx");
    const t0 = performance.now();
    const res = await fetch(`${server.url}/api/v1/c/campaigns/import?dry_run=true`, {
      method: "POST",
      headers,
      body: form,
    }).catch((error: Error) => ({ status: 0, text: async () => error.message }) as unknown as Response);
    return {
      status: res.status,
      ms: Math.round(performance.now() - t0),
      body: (await res.text()).slice(0, 300),
    };
  });
  const campaignAnswers = await Promise.all(campaignUploads);
  const importAnswers = await Promise.all(
    groupIds.map(async (groupId) => {
      const form = new FormData();
      form.append("file", bomb, "bomb.xlsx");
      const res = await fetch(`${server.url}/api/v1/c/contact-groups/${groupId}/contacts/import`, {
        method: "POST",
        headers,
        body: form,
      });
      const body = (await res.json()) as { data?: { id: string } };
      if (!body.data) return { status: res.status, end: null };
      const end = await poll(
        "bomb import",
        async () =>
          (
            await json(
              await fetch(`${server.url}/api/v1/c/contact-imports/${body.data?.id}`, { headers }),
              "import",
            )
          ).data,
        (d) => d.status !== "parsing",
        10 * 60_000,
      );
      return { status: res.status, end: { status: end.status, error: end.error } };
    }),
  );
  const healthSummary = await health.stop();
  clearInterval(sampler);
  const alive = (await fetch(`${server.url}/api/v1/health`).catch(() => null))?.ok === true;
  return {
    bombFileMb: Number((bomb.size / 1e6).toFixed(1)),
    declaredInflatedGb: 4.0,
    fileCampaigns: campaignAnswers,
    contactImports: importAnswers,
    rssBeforeMb: rssBefore === null ? null : Math.round(rssBefore),
    peakRssMb: Math.round(peakRss),
    health: healthSummary,
    serverAliveAfter: alive,
    serverExitCode: server.child.exitCode,
  };
}

async function load(server: Server, heavy: Record<string, string>, probeHeaders: Record<string, string>) {
  const files = loadFiles();
  const health = probe(`${server.url}/api/v1/health`);
  const me = probe(`${server.url}/api/v1/c/me`, probeHeaders);
  const pid = server.child.pid ?? 0;
  let peakRss = 0;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, rssMb(pid) ?? 0);
  }, 200);
  const t0 = performance.now();
  const skipped = async () => "skipped (BENCH_LOADS)";
  const settled = await Promise.allSettled([
    LOADS.includes("import") ? importContacts(server.url, heavy, files.contacts) : skipped(),
    LOADS.includes("export") ? exportMessages(server.url, heavy) : skipped(),
    LOADS.includes("campaign") ? sendFileCampaign(server.url, heavy, files.campaign) : skipped(),
  ]);
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  const [healthSummary, meSummary] = await Promise.all([health.stop(), me.stop()]);
  const outcome = (s: PromiseSettledResult<unknown>) =>
    s.status === "fulfilled" ? s.value : { error: String((s.reason as Error)?.message ?? s.reason) };
  return {
    seconds: Number(seconds.toFixed(1)),
    import: outcome(settled[0]),
    export: outcome(settled[1]),
    fileCampaign: outcome(settled[2]),
    health: healthSummary,
    me: meSummary,
    peakRssMb: Math.round(peakRss),
    meetsTargets:
      healthSummary.p99Ms <= TARGET.p99Ms &&
      healthSummary.maxMs <= TARGET.maxMs &&
      meSummary.p99Ms <= TARGET.p99Ms &&
      meSummary.maxMs <= TARGET.maxMs,
  };
}

async function run(label: string, env: Record<string, string>, open: () => Promise<DbHandle>) {
  console.log(`[${label}] preparing ${EXPORT_MESSAGES} messages and two tenants`);
  const handle = await open();
  const tenants = await prepare(handle);
  await handle.close();

  console.log(`[${label}] bombs on a fresh server`);
  let server = await startServer(env);
  let bombResult: unknown = "skipped (BENCH_SKIP_BOMBS)";
  try {
    if (process.env.BENCH_SKIP_BOMBS) throw new SkipBombs();
    const headers = await signIn(server.url, tenants.heavy);
    const groupIds: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const group = await json(
        await fetch(`${server.url}/api/v1/c/contact-groups`, {
          method: "POST",
          headers: { ...headers, "content-type": "application/json" },
          body: JSON.stringify({ name: `Bomb ${i}` }),
        }),
        "bomb group",
      );
      groupIds.push(Number(group.data.id));
    }
    bombResult = await bombs(server, headers, groupIds);
    console.log(`[${label}] bombs`, JSON.stringify(bombResult));
  } catch (error) {
    if (!(error instanceof SkipBombs)) throw error;
  } finally {
    await server.stop();
  }

  console.log(`[${label}] load: 1M-row import, 1M-message export and a 100k file campaign at once`);
  server = await startServer(env);
  try {
    const heavy = await signIn(server.url, tenants.heavy);
    const probeHeaders = await signIn(server.url, tenants.probe);
    const loadResult = await load(server, heavy, probeHeaders);
    console.log(`[${label}] load`, JSON.stringify(loadResult));
    return { bombs: bombResult, load: loadResult, serverLogTail: server.log.join("").split("\n").slice(-20) };
  } finally {
    await server.stop();
  }
}

const results: Record<string, unknown> = {
  generatedAt: new Date().toISOString(),
  node: process.version,
  machine: "2 cores; the server is its own process, the clients are this one",
  importRows: IMPORT_ROWS,
  exportMessages: EXPORT_MESSAGES,
  campaignRows: CAMPAIGN_ROWS,
  targets: TARGET,
};
const backends = (process.env.BENCH_BACKENDS ?? "pglite,postgres").split(",");

if (backends.includes("pglite")) {
  const dir = mkdtempSync(join(tmpdir(), "bench-isolation-"));
  try {
    results.pglite = await run("pglite", { DATA_DIR: dir }, () => createDb({ dataDir: join(dir, "pglite") }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
if (backends.includes("postgres")) {
  const baseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `bench_isolation_${Date.now()}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    const dir = mkdtempSync(join(tmpdir(), "bench-isolation-pg-"));
    try {
      results.postgres = await run("postgres", { DATA_DIR: dir, DATABASE_URL: url.toString() }, () =>
        createDb({ databaseUrl: url.toString(), poolSize: 4 }),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await admin.query(`drop database if exists ${name} with (force)`);
    }
  } catch (error) {
    results.postgres = { skipped: `PostgreSQL: ${(error as Error).message}` };
  } finally {
    await admin.end().catch(() => {});
  }
}

mkdirSync(join(root, "bench/results"), { recursive: true });
writeFileSync(join(root, "bench/results/isolation.json"), `${JSON.stringify(results, null, 2)}\n`);
console.log("wrote bench/results/isolation.json");
