// `npm run bench:engine`: the message engine (issue 12 point 7), on PGlite (a data directory on
// disk, as `npm start` uses) and on PostgreSQL (a fresh database on BENCH_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432; skipped with a note when unreachable). Each case runs in its
// own child process, which reports its stage times and its peak RSS:
// - accept: a 100,000-row CSV file campaign (phone and a personalisation column; 1% invalid, 2%
//   repeated) accepted: parsed, validated, deduplicated, COPYed, stored, charged and queued.
// - simulator: a 100,000-recipient campaign stored and queued, then dispatched by the worker (pg-boss
//   chunk jobs, the simulator gateway at an unlimited rate, every outcome recorded with its gateway
//   ids and rollups), then all 100,000 delivery reports processed (statuses, parts, rollups).
// - smpp (PostgreSQL): the same through SMS_GATEWAY=smpp to `npm run smsc` on loopback (a separate
//   process) with delivery receipts on: dispatch and every receipt durable.
// - workers (PostgreSQL): dispatch by 1 and then 2 worker processes (ROLE=worker) sharing one campaign.
// Targets: accept ≤ 5 s on PostgreSQL and ≤ 15 s on PGlite; dispatch ≥ 5,000 messages/s; SMPP with receipts ≥ 4,000/s; reports ≥ 5,000/s.
// BENCH_ENGINE_CASES (simulator,smpp,workers), BENCH_ENGINE_BACKENDS (pglite,postgres) and
// BENCH_ENGINE_MESSAGES narrow a run. BENCH_ENGINE_TRACK_LINKS=on accepts the file campaign with a
// link in its text, shortened to tracked per-recipient links (=off: the same text, links untracked).
// Writes bench/results/engine.json.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { onFreshPostgres } from "./support/databases.ts";
import { type Backend, countWhere, openApp, queueCampaign, silent, timed } from "./support/engine-app.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const MESSAGES = Number(process.env.BENCH_ENGINE_MESSAGES ?? 100_000);
const CASES = (process.env.BENCH_ENGINE_CASES ?? "accept,simulator,smpp,workers").split(",");
const BACKENDS = (process.env.BENCH_ENGINE_BACKENDS ?? "pglite,postgres").split(",");
const TRACK_LINKS = process.env.BENCH_ENGINE_TRACK_LINKS as "on" | "off" | undefined;
const TARGETS = {
  acceptSeconds: { postgres: 5, pglite: 15 },
  dispatchPerSecond: 5000,
  smppPerSecond: 4000,
  reportsPerSecond: 5000,
} as const;

interface Stage {
  seconds: number;
  perSecond: number;
  peakRssMb: number;
}

// ---------------------------------------------------------------- shared: a stored, queued campaign

function stageOf(count: number, t: { seconds: number; peakRssMb: number }): Stage {
  return { seconds: round(t.seconds), perSecond: Math.round(count / t.seconds), peakRssMb: t.peakRssMb };
}

const round = (n: number) => Math.round(n * 100) / 100;

// ---------------------------------------------------------------- child: accept case

/** A file of `count` rows: phone and first name, every 100th number invalid, every 50th repeated. */
function writeCampaignCsv(path: string, count: number): void {
  const lines = ["phone_number,first_name"];
  for (let i = 0; i < count; i++) {
    const n = i % 50 === 49 ? i - 1 : i;
    lines.push(`${i % 100 === 99 ? `12${i}` : `08${String(10_000_000 + n).padStart(8, "0")}`},Name${i}`);
  }
  writeFileSync(path, `${lines.join("\n")}\n`);
}

async function acceptCase(backend: Backend, target: string) {
  const { createReadStream } = await import("node:fs");
  const { sql } = await import("drizzle-orm");
  const { schema, createOrganization } = await import("@sms/db");
  const { approveBenchSender } = await import("./support/sender.ts");
  const campaigns = await import("../apps/server/src/modules/sending/index.ts");
  const credits = await import("../apps/server/src/modules/credits/index.ts");
  const { app, handle, close } = await openApp(backend, target, {});
  const dir = mkdtempSync(join(tmpdir(), "bench-engine-file-"));
  try {
    const file = join(dir, "campaign.csv");
    writeCampaignCsv(file, MESSAGES);
    const [user] = await handle.db
      .insert(schema.users)
      .values({
        firstName: "Bench",
        lastName: "Accept",
        email: "bench-accept@example.com",
        phoneNumber: "66800000997",
        passwordHash: "x",
        phoneNumberVerifiedAt: new Date(),
      })
      .returning({ id: schema.users.id });
    const { organizationId } = await createOrganization(handle.db, {
      name: "Bench",
      ownerId: user!.id,
      makeDefault: true,
    });
    await handle.db.transaction((tx) =>
      credits.credit(tx, "earned", {
        organizationId,
        credits: MESSAGES * 2,
        reason: "bench",
        reference: "bench:topup",
      }),
    );
    // Free text needs the organization's own approved sender (ADR 32).
    const sender = await approveBenchSender(handle.db, organizationId);
    // The stages are the acceptance span's events (platform/telemetry.ts, ADR 85), recorded here.
    const { recordSpans, stageSeconds } = await import("../apps/server/src/test/spans.ts");
    const recorder = recordSpans();
    const t0 = performance.now();
    let peak = process.memoryUsage().rss;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const accepted = await campaigns.acceptFileCampaign(
      {
        db: handle.db,
        dbHandle: handle,
        jobs: app.jobs,
        chunkSize: app.config.engine.chunkSize,
        linkOrigin: app.config.publicUrl,
      },
      { organizationId, userId: user!.id },
      {
        sender,
        purpose: "general",
        message:
          TRACK_LINKS === undefined
            ? "Hello {first_name}, your parcel is on its way"
            : "Hello {first_name}, your parcel is on its way: https://track.example.com/parcel?ref=sms",
        trackLinks: TRACK_LINKS === "on",
      },
      { type: "csv", name: "campaign.csv", open: async () => createReadStream(file) },
    );
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    recorder.stop();
    const span = recorder.spans.find((recorded) => recorded.name === "sending.accept-file-campaign");
    const stages = Object.fromEntries(
      Object.entries(span ? stageSeconds(span) : {}).map(([stage, s]) => [stage, round(s)]),
    );
    const stored = await countWhere(
      handle,
      sql`select count(*) as n from messages where campaign_id = ${accepted.campaign.id}`,
    );
    const jobs = await countWhere(
      handle,
      sql`select count(*) as n from pgboss.job where name = 'engine.dispatch-chunk'`,
    );
    const charged = await countWhere(
      handle,
      sql`select -sum(credits) as n from credit_entries where type = 'used'`,
    );
    return {
      rows: MESSAGES,
      trackLinks: TRACK_LINKS ?? "no link",
      stored,
      charged,
      chunkJobs: jobs,
      seconds: round(seconds),
      stages,
      peakRssMb: Math.round(peak / 1048576),
    };
  } finally {
    await close();
    rmSync(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- child: simulator case

async function simulatorCase(backend: Backend, target: string) {
  const { sql } = await import("drizzle-orm");
  const engine = await import("../apps/server/src/modules/engine/index.ts");
  let stopReports: (() => Promise<void>) | undefined;
  const { app, handle, close } = await openApp(backend, target, {
    SIMULATOR_TPS: "100000000",
    // Reports are held back until the dispatch is measured, then released all at once.
    SIMULATOR_RECEIPT_DELAY_MS: String(24 * 3600_000),
    ENGINE_SUBMIT_BATCH: "500",
  });
  try {
    const { campaignId } = await queueCampaign(app, handle, MESSAGES);
    await app.jobs.work();
    const dispatch = await timed(
      async () =>
        (await countWhere(
          handle,
          sql`select count(*) as n from campaigns where id = ${campaignId} and status = 'sent'`,
        )) === 1,
    );
    const submitted = await countWhere(
      handle,
      sql`select count(*) as n from messages where campaign_id = ${campaignId} and submit_state = 'submitted'`,
    );
    await handle.db.execute(
      sql`update dev_messages set receipt_due_at = now() where receipt_due_at is not null`,
    );
    stopReports = engine.startReportProcessing(app.smsGateway, handle.db, silent);
    const reports = await timed(
      async () =>
        (await countWhere(
          handle,
          sql`select count(*) as n from messages where campaign_id = ${campaignId} and status = 'delivered'`,
        )) === MESSAGES,
    );
    const rollup = await countWhere(
      handle,
      sql`select sum(messages) as n from message_daily_counts where status = 'delivered'`,
    );
    return {
      messages: MESSAGES,
      submitted,
      dispatch: stageOf(MESSAGES, dispatch),
      reports: stageOf(MESSAGES, reports),
      rollupDelivered: rollup,
    };
  } finally {
    await stopReports?.();
    await close();
  }
}

// ---------------------------------------------------------------- child: SMPP case

async function smppCase(backend: Backend, target: string) {
  const { sql } = await import("drizzle-orm");
  const engine = await import("../apps/server/src/modules/engine/index.ts");
  const port = 2775 + Math.floor(Math.random() * 1000);
  const smsc = spawn(process.execPath, ["--import", "tsx", join(root, "apps/server/scripts/smsc.ts")], {
    env: { ...process.env, SMSC_PORT: String(port), SMSC_RECEIPT_DELAY_MS: "0", SMSC_LATENCY_MS: "0" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await waitForOutput(smsc, /listening|ready/i);
  if (process.env.BENCH_DEBUG) smsc.stdout?.on("data", (d: Buffer) => process.stderr.write(`smsc: ${d}`));
  let stopReports: (() => Promise<void>) | undefined;
  const { app, handle, close } = await openApp(backend, target, {
    SMS_GATEWAY: "smpp",
    SMPP_HOST: "127.0.0.1",
    SMPP_PORT: String(port),
    SMPP_SYSTEM_ID: "bench",
    SMPP_PASSWORD: "bench",
    SMPP_BINDS: process.env.BENCH_SMPP_BINDS ?? "4",
    SMPP_TPS: "100000",
    SMPP_WINDOW: process.env.BENCH_SMPP_WINDOW ?? "200",
    ENGINE_SUBMIT_BATCH: "500",
    ENGINE_CONCURRENCY: "8",
  });
  try {
    const { campaignId } = await queueCampaign(app, handle, MESSAGES);
    stopReports = engine.startReportProcessing(app.smsGateway, handle.db, silent);
    await app.jobs.work();
    const all = await timed(
      async () =>
        (await countWhere(
          handle,
          sql`select count(*) as n from messages where campaign_id = ${campaignId} and status = 'delivered'`,
        )) === MESSAGES,
    );
    const parts = await countWhere(handle, sql`select count(*) as n from message_parts where final`);
    return { messages: MESSAGES, dispatchAndReceipts: stageOf(MESSAGES, all), finalParts: parts };
  } finally {
    await stopReports?.();
    await close();
    smsc.kill("SIGTERM");
  }
}

function waitForOutput(child: ChildProcess, pattern: RegExp): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(() => reject(new Error(`no ${pattern} from child: ${seen}`)), 30_000);
    child.stdout?.on("data", (chunk: Buffer) => {
      seen += chunk.toString();
      if (pattern.test(seen)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("exit", (code) => reject(new Error(`child exited ${code}: ${seen}`)));
  });
}

// ---------------------------------------------------------------- child: 1 vs 2 worker processes

async function workersCase(_backend: Backend, target: string) {
  const { sql } = await import("drizzle-orm");
  const results: Record<string, { seconds: number; perSecond: number }> = {};
  for (const workers of [1, 2]) {
    const { app, handle, close } = await openApp("postgres", target, {});
    try {
      const { campaignId } = await queueCampaign(app, handle, MESSAGES);
      const children = Array.from({ length: workers }, () =>
        spawn(process.execPath, ["--import", "tsx", join(root, "apps/server/src/main.ts")], {
          env: {
            ...process.env,
            NODE_ENV: "test",
            ROLE: "worker",
            DATABASE_URL: target,
            LOG_LEVEL: "error",
            JWT_SECRET: "bench-secret-bench-secret-bench-secret-01",
            ADMIN_EMAIL: "bench-admin@example.com",
            ADMIN_PASSWORD: "bench12345",
            SIMULATOR_TPS: "100000000",
            SIMULATOR_RECEIPT_DELAY_MS: String(24 * 3600_000),
            ENGINE_SUBMIT_BATCH: "500",
          },
          stdio: ["ignore", "ignore", "inherit"],
        }),
      );
      // Timed from the first submitted message, so process start-up is not counted.
      await timed(
        async () =>
          (await countWhere(
            handle,
            sql`select count(*) as n from messages where campaign_id = ${campaignId} and submit_state <> 'queued'`,
          )) > 0,
        120,
      );
      const t = await timed(
        async () =>
          (await countWhere(
            handle,
            sql`select count(*) as n from campaigns where id = ${campaignId} and status = 'sent'`,
          )) === 1,
      );
      const duplicates = await countWhere(
        handle,
        sql`select count(*) as n from (select reference from dev_messages group by reference having count(*) > 1) d`,
      );
      if (duplicates > 0) throw new Error(`${duplicates} messages submitted twice`);
      // The workers are separate processes: their memory is not this process's.
      const { seconds, perSecond } = stageOf(MESSAGES, t);
      results[`${workers}`] = { seconds, perSecond };
      for (const child of children) child.kill("SIGTERM");
      await handle.db.execute(sql`truncate dev_messages`);
    } finally {
      await close();
    }
  }
  return { messages: MESSAGES, workers: results };
}

// ---------------------------------------------------------------- orchestration

const CASE_RUNNERS = {
  accept: acceptCase,
  simulator: simulatorCase,
  smpp: smppCase,
  workers: workersCase,
} as const;
type CaseName = keyof typeof CASE_RUNNERS;

if (process.argv[2] === "--child") {
  const [, , , caseName, backend, target] = process.argv as [
    string,
    string,
    string,
    CaseName,
    Backend,
    string,
  ];
  const result = await CASE_RUNNERS[caseName](backend, target);
  process.stdout.write(`\nRESULT ${JSON.stringify(result)}\n`);
  process.exit(0);
}

function runChild(caseName: CaseName, backend: Backend, target: string): unknown {
  const out = execFileSync(
    process.execPath,
    ["--import", "tsx", fileURLToPath(import.meta.url), "--child", caseName, backend, target],
    { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024, stdio: ["ignore", "pipe", "inherit"] },
  );
  const line = out.split("\n").find((l) => l.startsWith("RESULT "));
  if (!line) throw new Error(`no result from ${caseName} on ${backend}`);
  return JSON.parse(line.slice("RESULT ".length));
}

const results: Record<string, unknown> = {
  generatedAt: new Date().toISOString(),
  node: process.version,
  cpus: (await import("node:os")).cpus().length,
  messages: MESSAGES,
  targets: TARGETS,
};
for (const caseName of CASES as CaseName[]) {
  const perBackend: Record<string, unknown> = {};
  for (const backend of BACKENDS as Backend[]) {
    if (backend === "pglite" && (caseName === "smpp" || caseName === "workers")) continue;
    console.log(`bench:engine ${caseName} on ${backend}…`);
    if (backend === "pglite") {
      const dir = mkdtempSync(join(tmpdir(), "bench-engine-"));
      try {
        perBackend[backend] = runChild(caseName, backend, join(dir, "pglite"));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    } else {
      perBackend[backend] = await onFreshPostgres(`bench_engine_${caseName}_${process.pid}`, async (url) =>
        runChild(caseName, backend, url),
      );
    }
    console.log(JSON.stringify(perBackend[backend]));
  }
  results[caseName] = perBackend;
}

mkdirSync(join(root, "bench/results"), { recursive: true });
const file = join(root, "bench/results/engine.json");
const previous = (() => {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
  } catch {
    return {};
  }
})();
writeFileSync(file, `${JSON.stringify({ ...previous, ...results }, null, 2)}\n`);
console.log(`wrote ${file}`);
