// `npm run bench:smpp-server`: one customer bind's throughput on the SMPP server (issue 27 point 5,
// ADR 102). The product runs as its own process (apps/server/src/main.ts, SMPP_SERVER_PORT set) on
// loopback; the npm smpp client binds once as a transceiver with the organization's SMPP credentials
// (IP whitelist on: 127.0.0.1 listed) and keeps its window full of single-part submit_sm, each to a
// new number, for BENCH_SMPP_SECONDS (default 10) after a 2-second warm-up. The organization's TPS
// is set above what one bind reaches, so the number is the server's, not the throttle's. Recorded:
// submit_sm_resp ESME_ROK per second, and the answer's latency (p50, p99, max).
// On PostgreSQL (a fresh database on BENCH_DATABASE_URL; skipped with a note when unreachable) with
// ROLE=api, and on PGlite with ROLE=all and the worker off (one process owns the embedded database).
// BENCH_SMPP_WINDOW (default 50) is the bind's window. Writes bench/results/smpp-server.json.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createDb, createOrganization, type DbHandle, migrate, schema, seed } from "@sms/db";
import { connect, PDU, type Pdu, type Session } from "smpp";
import { refreshSmppCredentials } from "../apps/server/src/modules/api-keys/index.ts";
import { credit } from "../apps/server/src/modules/credits/index.ts";
import { TenantScope } from "../apps/server/src/platform/tenant.ts";
import { onFreshPostgres } from "./support/databases.ts";
import { approveBenchSender, BENCH_SENDER } from "./support/sender.ts";
import { limitsAboveTheRun, untilHealthy } from "./support/server.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const SECONDS = Number(process.env.BENCH_SMPP_SECONDS ?? 10);
const WINDOW = Number(process.env.BENCH_SMPP_WINDOW ?? 50);
const PORT = Number(process.env.BENCH_SMPP_HTTP_PORT ?? 3960);
const SMPP_PORT = Number(process.env.BENCH_SMPP_PORT ?? 3961);
const PEPPER = "bench-smpp-key-pepper-bench-smpp-key-pepper";

interface Run {
  submitsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
  accepted: number;
  refused: Record<string, number>;
}

async function prepare(handle: DbHandle): Promise<{ systemId: string; password: string }> {
  await migrate(handle);
  await seed(handle.db, { adminEmail: "bench-admin@example.com", adminPassword: "bench12345" });
  const db = handle.db;
  const [user] = await db
    .insert(schema.users)
    .values({
      firstName: "Bench",
      lastName: "Smpp",
      email: "bench-smpp@example.com",
      phoneNumber: "66800000995",
      passwordHash: "x",
      phoneNumberVerifiedAt: new Date(),
      emailVerifiedAt: new Date(),
    })
    .returning({ id: schema.users.id });
  if (!user) throw new Error("no user");
  const { organizationId } = await createOrganization(db, {
    name: "Bench SMPP",
    ownerId: user.id,
    makeDefault: true,
  });
  await db.transaction((tx) =>
    credit(tx, "earned", { organizationId, credits: 50_000_000, reason: "bench", reference: "bench:smpp" }),
  );
  await approveBenchSender(db, organizationId);
  const scope = new TenantScope(db, organizationId);
  await db.insert(schema.whitelistIps).values([scope.stamp({ name: "loopback v4", ipAddress: "127.0.0.1" })]);
  // The SMS-pumping guard stays on (SMPP submits pass it like API sends); its thresholds are above
  // what one run sends, whose numbers all fall in a few prefixes: without them the defaults (200 per
  // prefix per 10 minutes) refused all but the first 100 submits with ESME_RTHROTTLED.
  await limitsAboveTheRun(db, organizationId);
  await db
    .insert(schema.smppSettings)
    .values({ organizationId, window: WINDOW, tps: 100_000, idFormat: "decimal" });
  return refreshSmppCredentials(scope, user.id, PEPPER);
}

function startServer(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", join(root, "apps/server/src/main.ts")], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      SMPP_SERVER_PORT: String(SMPP_PORT),
      LOG_LEVEL: "error",
      JWT_SECRET: "bench-secret-bench-secret-bench-secret-01",
      API_KEY_PEPPER: PEPPER,
      ADMIN_EMAIL: "bench-admin@example.com",
      ADMIN_PASSWORD: "bench12345",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return untilHealthy(child, PORT);
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  if (child.exitCode === null) child.kill("SIGKILL");
}

function bind(systemId: string, password: string): Promise<Session> {
  return new Promise((resolve, reject) => {
    const session = connect({ host: "127.0.0.1", port: SMPP_PORT }, () => {
      session.send(new PDU("bind_transceiver", { system_id: systemId, password }), (resp: Pdu) =>
        resp.command_status === 0
          ? resolve(session)
          : reject(new Error(`bind refused: ${resp.command_status}`)),
      );
    });
    session.on("error", reject);
    // Receipts (none here: the worker is off or elsewhere) would be answered.
    session.on("pdu", (pdu: Pdu) => {
      if (pdu.command === "deliver_sm") session.send(pdu.response());
    });
  });
}

let numberSeq = 0;

/** Keeps `WINDOW` submits in flight for `seconds`; answers what was accepted and how fast. */
function drive(session: Session, seconds: number): Promise<Run> {
  return new Promise((resolve) => {
    const latencies: number[] = [];
    const refused: Record<string, number> = {};
    let inFlight = 0;
    let stopping = false;
    const started = performance.now();
    const end = started + seconds * 1000;
    const one = () => {
      if (performance.now() >= end) {
        stopping = true;
        if (inFlight === 0) finish();
        return;
      }
      inFlight++;
      numberSeq++;
      const sentAt = performance.now();
      session.send(
        new PDU("submit_sm", {
          source_addr: BENCH_SENDER,
          destination_addr: `0812${String(numberSeq % 1_000_000).padStart(6, "0")}`,
          registered_delivery: 1,
          short_message: Buffer.from(`Bench SMPP message ${numberSeq}`, "latin1"),
        }),
        (resp: Pdu) => {
          inFlight--;
          if (resp.command_status === 0) latencies.push(performance.now() - sentAt);
          else
            refused[`0x${resp.command_status.toString(16)}`] =
              (refused[`0x${resp.command_status.toString(16)}`] ?? 0) + 1;
          if (stopping) {
            if (inFlight === 0) finish();
          } else one();
        },
      );
    };
    const finish = () => {
      const elapsed = (performance.now() - started) / 1000;
      latencies.sort((a, b) => a - b);
      const at = (q: number) =>
        Math.round((latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0) * 10) /
        10;
      resolve({
        submitsPerSecond: Math.round(latencies.length / elapsed),
        latencyP50Ms: at(0.5),
        latencyP99Ms: at(0.99),
        latencyMaxMs: at(1),
        accepted: latencies.length,
        refused,
      });
    };
    for (let i = 0; i < WINDOW; i++) one();
  });
}

async function measure(
  env: Record<string, string>,
  credentials: { systemId: string; password: string },
): Promise<Run> {
  const server = await startServer(env);
  try {
    const session = await bind(credentials.systemId, credentials.password);
    await drive(session, 2);
    const run = await drive(session, SECONDS);
    session.close();
    return run;
  } finally {
    await stopServer(server);
  }
}

const results: Record<string, unknown> = {
  measuredAt: new Date().toISOString(),
  seconds: SECONDS,
  window: WINDOW,
  node: process.version,
};

const only = process.env.BENCH_SMPP_ONLY; // pglite | postgres
if (only !== "postgres") {
  const dir = mkdtempSync(join(tmpdir(), "bench-smpp-"));
  try {
    const handle = await createDb({ dataDir: join(dir, "pglite") });
    const credentials = await prepare(handle);
    await handle.close();
    results.pglite = await measure({ DATA_DIR: dir, ROLE: "all", WORKER_ENABLED: "false" }, credentials);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log("pglite", JSON.stringify(results.pglite));
}
results.postgres =
  only === "pglite"
    ? { skipped: "BENCH_SMPP_ONLY=pglite" }
    : await onFreshPostgres(`bench_smpp_${Date.now()}`, async (databaseUrl) => {
        const handle = await createDb({ databaseUrl });
        const credentials = await prepare(handle);
        await handle.close();
        return measure({ DATABASE_URL: databaseUrl, ROLE: "api" }, credentials);
      });
console.log("postgres", JSON.stringify(results.postgres));
writeFileSync(join(root, "bench/results/smpp-server.json"), `${JSON.stringify(results, null, 2)}\n`);
// A refused submit means a limit answered, not the server: such a run measures the limit.
const refusedRuns = [results.pglite, results.postgres].filter(
  (run) => Object.keys((run as Partial<Run> | undefined)?.refused ?? {}).length > 0,
);
if (refusedRuns.length > 0) {
  console.error(
    "refused submits: this run measured a limit (throttle or guard), not the server's throughput",
  );
  process.exit(1);
}
process.exit(0);
