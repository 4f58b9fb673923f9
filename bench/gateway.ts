// `npm run bench:gateway` (issue 26 point 6): our SMS path side by side with Kannel (Debian's
// `kannel` package), each against the same external SMSC simulator (`npm run smsc`, its own process,
// answers and receipts at once), 100,000 messages, one bind with a window of 100, receipts on:
// - kannel-spool: bearerbox with its durable store (`store-type = spool`) and smsbox; messages
//   accepted through smsbox's sendsms HTTP interface (64 at a time), receipts (dlr-mask 3) posted
//   back to a local HTTP receiver;
// - kannel: the same without a store;
// - ours: the app on PostgreSQL with SMS_GATEWAY=smpp; a campaign stored and queued as acceptance
//   leaves it, dispatched by the engine, every receipt stored (the message delivered);
// - ours-2: the same with a second SMSC simulator and a second connection of the same priority
//   (peers share a route's messages, ADR 91): two connections against one. On the 2-core machine
//   both are CPU-bound (the app, PostgreSQL and the simulators share the cores), so a second
//   connection adds a simulator process, not capacity;
// - bound, bound-2: ours and ours-2 where each SMSC is the limit, as a real one is (ADR 113): it
//   answers each submit_sm after BENCH_GATEWAY_LATENCY_MS (50), so a bind with a window of 100
//   carries at most 100 / 50 ms = 2,000/s, well below our CPU ceiling; a second connection should
//   add its capacity;
// - tps, tps-2: the same where each SMSC allows BENCH_GATEWAY_SMSC_TPS (2,000) submits a second per
//   bind (the rest answered ESME_RTHROTTLED) and answers after 5 ms, and each connection is set to
//   that contracted rate.
// Each is timed end to end: from the first acceptance until every receipt is stored (Kannel: posted
// to the receiver). Targets: ours ≥ 2× kannel-spool and ≥ 1.5× kannel in the same run, and
// ≥ 6,000 messages/s, and two SMSC-bound connections ≥ 1.6× one (bound-2 ÷ bound, tps-2 ÷ tps;
// ours-2 ÷ ours is reported too). BENCH_GATEWAY_MESSAGES, BENCH_GATEWAY_RUNS
// (kannel-spool,kannel,ours,ours-2,bound,bound-2,tps,tps-2) and BENCH_DATABASE_URL narrow a run; BENCH_GATEWAY_DATABASE
// names the fresh database (before the process id; default bench_gateway). Kannel is installed with
// apt-get when missing (as root), never from elsewhere. Writes bench/results/gateway.json.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { Agent, createServer, get } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort, listening } from "../apps/server/src/test/ports.ts";
import { onFreshPostgres } from "./support/databases.ts";
import { countWhere, openApp, queueCampaign, silent, timed } from "./support/engine-app.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const MESSAGES = Number(process.env.BENCH_GATEWAY_MESSAGES ?? 100_000);
const RUNS = (
  process.env.BENCH_GATEWAY_RUNS ?? "kannel-spool,kannel,ours,ours-2,bound,bound-2,tps,tps-2"
).split(",");
const WINDOW = 100;
const SENDERS = 64;
/** The fresh database's name before the process id (BENCH_GATEWAY_DATABASE; a session's own prefix). */
const DATABASE_PREFIX = process.env.BENCH_GATEWAY_DATABASE ?? "bench_gateway";
const TARGETS = { perSecond: 6000, overKannelSpool: 2, overKannel: 1.5, twoConnections: 1.6 } as const;
/** The SMSC-bound cases: each answer this late (bound), or this many submits a second per bind (tps). */
const BOUND_LATENCY_MS = Number(process.env.BENCH_GATEWAY_LATENCY_MS ?? 50);
const SMSC_TPS = Number(process.env.BENCH_GATEWAY_SMSC_TPS ?? 2000);

/** How each SMSC simulator limits a bind, and the rate our connections are set to. */
interface OursCase {
  connections: 1 | 2;
  smsc: SmscLimits;
  /** The connections' TPS (equal, so that peers weigh the same); default far above what they carry. */
  tps?: number;
}

interface SmscLimits {
  latencyMs?: number;
  maxTps?: number;
}

const OURS: Record<string, OursCase> = {
  ours: { connections: 1, smsc: {} },
  "ours-2": { connections: 2, smsc: {} },
  bound: { connections: 1, smsc: { latencyMs: BOUND_LATENCY_MS } },
  "bound-2": { connections: 2, smsc: { latencyMs: BOUND_LATENCY_MS } },
  tps: { connections: 1, smsc: { maxTps: SMSC_TPS, latencyMs: 5 }, tps: SMSC_TPS },
  "tps-2": { connections: 2, smsc: { maxTps: SMSC_TPS, latencyMs: 5 }, tps: SMSC_TPS },
};

interface Result {
  messages: number;
  seconds: number;
  perSecond: number;
  acceptSeconds?: number;
  /** Messages per SMSC connection (ours). */
  byConnection?: Record<string, number>;
  /** The one-minute load average when the case started and ended (the cores are shared). */
  load?: [number, number];
  /**
   * CPU seconds during the run (ours): this process (the app and its worker) and the SMSC
   * simulators together; PostgreSQL's are not counted. Against `seconds` × 2 cores: the headroom.
   */
  cpuSeconds?: { app: number; smsc: number };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

/**
 * The external SMSC simulator, as `npm run smsc` starts it: answers and receipts at once, or each
 * answer after `latencyMs`, or at most `maxTps` submits a second per bind (the rest throttled).
 */
async function startSmsc(limits: SmscLimits = {}): Promise<{ port: number; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", join(root, "apps/server/scripts/smsc.ts")], {
    env: {
      ...process.env,
      SMSC_PORT: String(port),
      SMSC_RECEIPT_DELAY_MS: "0",
      SMSC_LATENCY_MS: String(limits.latencyMs ?? 0),
      ...(limits.maxTps === undefined ? {} : { SMSC_MAX_TPS: String(limits.maxTps) }),
      SMSC_SYSTEM_ID: "bench",
      SMSC_PASSWORD: "bench",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await listening(port, "the SMSC simulator");
  return { port, child };
}

function ensureKannel(): void {
  if (existsSync("/usr/sbin/bearerbox") && existsSync("/usr/sbin/smsbox")) return;
  console.log("Installing kannel with apt-get…");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const apt = (args: string[]) => spawnSync("apt-get", args, { stdio: "inherit", env }).status === 0;
  if (!apt(["install", "-y", "-qq", "--no-install-recommends", "kannel"])) {
    apt(["update", "-qq"]);
    apt(["install", "-y", "-qq", "--no-install-recommends", "kannel"]);
  }
  if (!existsSync("/usr/sbin/bearerbox")) throw new Error("kannel could not be installed");
}

// ---------------------------------------------------------------- Kannel

async function kannelRun(durable: boolean): Promise<Result> {
  ensureKannel();
  const smsc = await startSmsc();
  const dir = mkdtempSync(join(tmpdir(), "bench-kannel-"));
  const [adminPort, boxPort, sendPort, dlrPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  if (durable) mkdirSync(join(dir, "spool"));
  writeFileSync(
    join(dir, "kannel.conf"),
    `group = core
admin-port = ${adminPort}
admin-password = bench
smsbox-port = ${boxPort}
box-allow-ip = 127.0.0.1
log-file = "${dir}/bearerbox.log"
log-level = 3
${durable ? `store-type = spool\nstore-location = "${dir}/spool"\n` : ""}dlr-storage = internal

group = smsc
smsc = smpp
smsc-id = local
host = 127.0.0.1
port = ${smsc.port}
transceiver-mode = true
smsc-username = bench
smsc-password = bench
system-type = ""
max-pending-submits = ${WINDOW}
msg-id-type = 0x03
enquire-link-interval = 30

group = smsbox
bearerbox-host = 127.0.0.1
bearerbox-port = ${boxPort}
sendsms-port = ${sendPort}
log-file = "${dir}/smsbox.log"
log-level = 3
max-pending-requests = 2048

group = sendsms-user
username = bench
password = bench
max-messages = 1
`,
  );
  // The DLR receiver: counts what Kannel posts back (type 1 delivered, 2 failed).
  let delivered = 0;
  let failedReports = 0;
  const receiver = createServer((req, res) => {
    const type = new URL(req.url ?? "/", "http://x").searchParams.get("type");
    if (type === "1") delivered += 1;
    else if (type === "2") failedReports += 1;
    res.end("ok");
  });
  receiver.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => receiver.listen(dlrPort, "127.0.0.1", () => resolve()));
  const bearerbox = spawn("/usr/sbin/bearerbox", [join(dir, "kannel.conf")], { stdio: "ignore" });
  // smsbox gives up at once when bearerbox is not there yet.
  await listening(boxPort, "bearerbox");
  const smsbox = spawn("/usr/sbin/smsbox", [join(dir, "kannel.conf")], { stdio: "ignore" });
  const agent = new Agent({ keepAlive: true, maxSockets: SENDERS });
  /** A GET on the keep-alive agent: its status and body. */
  const fetchText = (url: string) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      get(url, { agent }, (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          text += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      }).on("error", reject);
    });
  try {
    await listening(sendPort, "smsbox");
    // The bind is up once bearerbox's status says so.
    await timed(async () => {
      const res = await fetchText(`http://127.0.0.1:${adminPort}/status.txt?password=bench`).catch(
        () => null,
      );
      return /online/.test(res?.text ?? "");
    }, 60);
    const dlrUrl = encodeURIComponent(`http://127.0.0.1:${dlrPort}/dlr?type=%d`);
    const started = performance.now();
    let next = 0;
    let refused = 0;
    const sender = async () => {
      for (;;) {
        const i = next++;
        if (i >= MESSAGES) return;
        const to = `668${String(i + 1).padStart(8, "0")}`;
        const res = await fetchText(
          `http://127.0.0.1:${sendPort}/cgi-bin/sendsms?username=bench&password=bench&from=Bench&to=${to}&text=Kannel+bench%3A+your+order+has+shipped&dlr-mask=3&dlr-url=${dlrUrl}`,
        );
        if (res.status !== 202) refused += 1;
      }
    };
    await Promise.all(Array.from({ length: SENDERS }, sender));
    const acceptSeconds = (performance.now() - started) / 1000;
    if (refused > 0) throw new Error(`kannel refused ${refused} of ${MESSAGES} messages`);
    await timed(async () => delivered + failedReports >= MESSAGES, 1800);
    const seconds = (performance.now() - started) / 1000;
    return {
      messages: MESSAGES,
      seconds: round(seconds),
      perSecond: Math.round(MESSAGES / seconds),
      acceptSeconds: round(acceptSeconds),
    };
  } finally {
    agent.destroy();
    await Promise.all([stop(smsbox), stop(bearerbox)]);
    await stop(smsc.child);
    receiver.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- ours

async function oursRun(run: OursCase): Promise<Result> {
  const outcome = await oursOnPostgres(run);
  if ("skipped" in outcome) throw new Error(outcome.skipped);
  return outcome;
}

/** BENCH_GATEWAY_STATS: statements sent by this process, by their first words. */
const statements = new Map<string, number>();
if (process.env.BENCH_GATEWAY_STATS) {
  const { default: pg } = await import("pg");
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
    const config = args[0] as string | { text?: string };
    const text = (typeof config === "string" ? config : (config?.text ?? "")).trim().replace(/\s+/g, " ");
    const key = text.slice(0, 60);
    statements.set(key, (statements.get(key) ?? 0) + 1);
    return query.apply(this, args);
  } as never;
}

async function oursOnPostgres({ connections, smsc: limits, tps }: OursCase) {
  const { sql } = await import("drizzle-orm");
  const engine = await import("../apps/server/src/modules/engine/index.ts");
  const smscs = [await startSmsc(limits), ...(connections === 2 ? [await startSmsc(limits)] : [])];
  const smsc = smscs[0]!;
  try {
    return await onFreshPostgres(`${DATABASE_PREFIX}_${process.pid}`, async (url) => {
      const { app, handle, close } = await openApp("postgres", url, {
        SMS_GATEWAY: "smpp",
        SMPP_HOST: "127.0.0.1",
        SMPP_PORT: String(smsc.port),
        SMPP_SYSTEM_ID: "bench",
        SMPP_PASSWORD: "bench",
        SMPP_BINDS: "1",
        // The contracted rate when the SMSC enforces one; else two connections both at 10,000/s, the
        // most staff can set, so that they weigh the same (peers share by rate × binds), far above
        // what either carries here.
        SMPP_TPS: String(tps ?? (connections === 2 ? 10_000 : 100_000)),
        SMPP_WINDOW: String(WINDOW),
        ENGINE_SUBMIT_BATCH: "500",
        ENGINE_CONCURRENCY: "8",
      });
      if (connections === 2) await addPeerConnection(app, handle, smscs[1]!.port, tps ?? 10_000);
      const stopReports = engine.startReportProcessing(app.smsGateway, handle.db, silent);
      await app.jobs.work();
      try {
        const started = performance.now();
        const cpuBefore = { app: process.cpuUsage(), smsc: smscs.map((s) => cpuOf(s.child)) };
        const { campaignId, organizationId } = await queueCampaign(app, handle, MESSAGES);
        const acceptSeconds = (performance.now() - started) / 1000;
        // Done when every message is delivered or failed. Polled on the organization's daily rollups
        // (written by the statement that changes a status, so never ahead of the messages), a few
        // rows, then confirmed on the messages: counting 100,000 messages every 50 ms took a share of
        // the database's CPU from the run it measures.
        await timed(
          async () =>
            (await countWhere(
              handle,
              sql`select coalesce(sum(messages), 0) as n from message_daily_counts
                   where organization_id = ${organizationId} and status in ('delivered', 'failed')`,
            )) >= MESSAGES &&
            (await countWhere(
              handle,
              sql`select count(*) as n from messages where campaign_id = ${campaignId} and status in ('delivered', 'failed')`,
            )) === MESSAGES,
          1800,
        );
        const seconds = (performance.now() - started) / 1000;
        const appCpu = process.cpuUsage(cpuBefore.app);
        const cpuSeconds = {
          app: round((appCpu.user + appCpu.system) / 1e6),
          smsc: round(smscs.reduce((sum, s, i) => sum + cpuOf(s.child) - (cpuBefore.smsc[i] ?? 0), 0)),
        };
        // Which connection took how many (two connections: both must have carried their share).
        const { queryRows } = await import("@sms/db");
        const shares = await queryRows<{ connection: number; n: string | number }>(
          handle.db,
          sql`select smsc_connection_id as connection, count(*) as n from messages
               where campaign_id = ${campaignId} group by 1 order by 1`,
        );
        if (process.env.BENCH_GATEWAY_STATS) {
          // What the run wrote, per table (inserts, updates, of which HOT, deletes): where PostgreSQL's work went.
          await new Promise((resolve) => setTimeout(resolve, 1500)); // backends flush their counts within a second
          const tables = await queryRows<Record<string, string | number>>(
            handle.db,
            sql`select relname, n_tup_ins, n_tup_upd, n_tup_hot_upd, n_tup_del from pg_stat_user_tables
                 where n_tup_ins + n_tup_upd + n_tup_del > 0 order by n_tup_ins + n_tup_upd + n_tup_del desc limit 15`,
          );
          console.error(JSON.stringify(tables));
          const top = [...statements].sort((a, b) => b[1] - a[1]).slice(0, 25);
          console.error(`statements: ${[...statements.values()].reduce((a, b) => a + b, 0)}`);
          for (const [text, n] of top) console.error(`  ${n}\t${text}`);
        }
        return {
          messages: MESSAGES,
          seconds: round(seconds),
          perSecond: Math.round(MESSAGES / seconds),
          acceptSeconds: round(acceptSeconds),
          byConnection: Object.fromEntries(shares.map((r) => [String(r.connection), Number(r.n)])),
          cpuSeconds,
        };
      } finally {
        await stopReports();
        await close();
      }
    });
  } finally {
    await Promise.all(smscs.map((s) => stop(s.child)));
  }
}

/** A child's CPU seconds so far (user + system, from /proc; 0 where there is none). */
function cpuOf(child: ChildProcess): number {
  try {
    const stat = readFileSync(`/proc/${child.pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime and stime are fields 14 and 15 of stat(5), in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** A second SMPP connection as staff add it, with the environment's priority: its peer. */
async function addPeerConnection(
  app: Awaited<ReturnType<typeof openApp>>["app"],
  handle: Awaited<ReturnType<typeof openApp>>["handle"],
  port: number,
  tps: number,
): Promise<void> {
  const [{ schema }, { ZCreateSmscConnectionRequest }, { eq }, { createConnection }, { secretBoxOf }] =
    await Promise.all([
      import("@sms/db"),
      import("@sms/domain"),
      import("drizzle-orm"),
      import("../apps/server/src/modules/smsc-connections/connections.ts"),
      import("../apps/server/src/modules/smsc-connections/source.ts"),
    ]);
  const [env] = await handle.db
    .select({ priority: schema.smscConnections.priority })
    .from(schema.smscConnections)
    .where(eq(schema.smscConnections.fromEnv, true));
  const [staff] = await handle.db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.email, "bench-admin@example.com"));
  await createConnection(handle.db, secretBoxOf(app.config), {
    staffUserId: staff!.id,
    fields: ZCreateSmscConnectionRequest.parse({
      name: "Bench peer",
      kind: "smpp",
      host: "127.0.0.1",
      port,
      system_id: "bench",
      password: "bench",
      binds: 1,
      window: WINDOW,
      tps,
      priority: env?.priority ?? 100,
    }),
  });
  await (app.smsGateway as unknown as { reload(): Promise<void> }).reload();
}

const round = (n: number) => Math.round(n * 100) / 100;

// ---------------------------------------------------------------- orchestration

const loadBefore = (await import("node:os")).loadavg().map((n) => round(n));
const results: Record<string, Result> = {};
for (const run of RUNS) {
  console.log(`bench:gateway ${run}, ${MESSAGES} messages…`);
  const oursCase = OURS[run];
  const loadAtStart = round((await import("node:os")).loadavg()[0] ?? 0);
  results[run] = oursCase
    ? await oursRun(oursCase)
    : await kannelRun(run === "kannel-spool" ? true : run === "kannel" ? false : fail(run));
  results[run].load = [loadAtStart, round((await import("node:os")).loadavg()[0] ?? 0)];
  console.log(`  ${run}: ${results[run].perSecond}/s end to end (${results[run].seconds} s)`);
}
const ours = results.ours?.perSecond;
const verdicts = {
  perSecond: ours === undefined ? null : ours >= TARGETS.perSecond,
  overKannelSpool:
    ours === undefined || !results["kannel-spool"] ? null : round(ours / results["kannel-spool"].perSecond),
  overKannel: ours === undefined || !results.kannel ? null : round(ours / results.kannel.perSecond),
  // CPU-bound on two cores (ours, ours-2); then where each SMSC is the limit (ADR 113).
  twoConnections: ours === undefined || !results["ours-2"] ? null : round(results["ours-2"].perSecond / ours),
  twoConnectionsSmscBound: twoOverOne("bound", "bound-2"),
  twoConnectionsTpsBound: twoOverOne("tps", "tps-2"),
};
function twoOverOne(one: string, two: string): number | null {
  const a = results[one];
  const b = results[two];
  return a && b ? round(b.perSecond / a.perSecond) : null;
}
const out = {
  at: new Date().toISOString(),
  machine: { cpus: (await import("node:os")).cpus().length, node: process.version },
  setup: {
    messages: MESSAGES,
    window: WINDOW,
    binds: 1,
    receipts: true,
    database: "postgres",
    bound: { smscLatencyMs: BOUND_LATENCY_MS },
    tps: { smscMaxTps: SMSC_TPS, smscLatencyMs: 5, connectionTps: SMSC_TPS },
  },
  load: { before: loadBefore, after: (await import("node:os")).loadavg().map((n) => round(n)) },
  targets: TARGETS,
  results,
  ratios: verdicts,
};
// BENCH_GATEWAY_OUT: another file (trial runs that are not the record).
const file = process.env.BENCH_GATEWAY_OUT ?? join(root, "bench/results/gateway.json");
mkdirSync(dirname(file), { recursive: true });
writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
console.log(JSON.stringify(out, null, 2));
process.exit(0);

function fail(run: string): never {
  throw new Error(`unknown run ${run}: kannel-spool, kannel, ${Object.keys(OURS).join(", ")}`);
}
