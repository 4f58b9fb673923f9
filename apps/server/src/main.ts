import { adminsWithPassword, createDb, migrate, seed } from "@sms/db";
import type { FastifyBaseLogger } from "fastify";
import type { PgBoss } from "pg-boss";
import { buildApp } from "./app.ts";
import { DEV_ADMIN_PASSWORD, loadConfig } from "./config.ts";
import { startBoss } from "./jobs/boss.ts";
import { backgroundLoops } from "./modules/index.ts";
import { startSmppServer } from "./modules/smpp-server/index.ts";
import { startTracing } from "./platform/tracing.ts";
import { configureHeavyWork, heavyWork } from "./platform/worker-pool.ts";

const startedAt = performance.now();
/** pg-boss errors before the app (and its logger) exists. */
const bootLog = {
  error: (o: unknown, msg?: string) => console.error(JSON.stringify({ level: 50, msg, ...(o as object) })),
} as unknown as FastifyBaseLogger;
const config = loadConfig();
// The use cases' spans go to an OTLP collector when OTEL_EXPORTER_OTLP_ENDPOINT is set (ADR 109).
const tracing = startTracing(config);
// Parsing uploads, exports and PDFs run in worker threads within these bounds (ADR 30).
configureHeavyWork(config.heavyWork);
const dbHandle = await createDb({
  databaseUrl: config.databaseUrl,
  dataDir: config.pgliteDir,
  pgliteSlowMs: config.pgliteSlowMs,
  onPoolError: (err) =>
    console.error(JSON.stringify({ level: 40, msg: "idle database connection lost", err: err.message })),
});
await migrate(dbHandle);
const seeded = await seed(dbHandle.db, {
  adminEmail: config.adminEmail,
  adminPassword: config.adminPassword,
  applyAdminPassword: config.adminPasswordSet,
});
if (config.production) {
  // An admin created by an earlier, unconfigured start (or under another ADMIN_EMAIL) may still have it.
  const exposed = await adminsWithPassword(dbHandle.db, DEV_ADMIN_PASSWORD);
  if (exposed.length > 0) {
    await dbHandle.close();
    throw new Error(`Refusing to start: admin ${exposed.join(", ")} still has the development password`);
  }
}

const serveHttp = config.role !== "worker";
const runsJobs = (config.role === "all" || config.role === "worker") && config.workerEnabled;
// Every role but the static web server enqueues jobs, so every such role starts pg-boss.
const boss: PgBoss | null =
  config.role === "web"
    ? null
    : await startBoss(dbHandle, bootLog, {
        supervise: runsJobs,
        superviseIntervalSeconds: config.jobSuperviseSeconds,
      });
const app = await buildApp({
  config,
  dbHandle,
  boss,
  serveApi: config.role === "all" || config.role === "api",
  serveWeb: config.role === "all" || config.role === "web",
});
// The modules' loops (delivery reports, schedule firing, webhooks), from the app's services (ADR 85).
const stopLoops = runsJobs ? backgroundLoops.map((start) => start(app)) : [];
if (runsJobs) await app.jobs.work();

// Customers' SMPP server (ADR 102) where the API is served; off unless SMPP_SERVER_PORT is set.
const stopSmpp = config.role === "all" || config.role === "api" ? await startSmppServer(app) : null;

if (serveHttp) {
  await app.listen({ port: config.port, host: config.host });
  const url = config.publicUrl;
  const ms = Math.round(performance.now() - startedAt);
  // Plain lines on stdout so a person starting the product sees where to go.
  console.log(`\n  SMS Portal ${config.role === "all" ? "" : `(${config.role}) `}ready in ${ms} ms`);
  console.log(`  ➜ ${url}`);
  console.log(`  ➜ Database: ${dbHandle.kind === "pglite" ? config.pgliteDir : "PostgreSQL (DATABASE_URL)"}`);
  console.log(
    `  ➜ Admin login: ${config.adminEmail}${config.production ? "" : ` / ${config.adminPassword}`}${seeded.adminCreated ? " (created)" : ""}`,
  );
  if (config.smppServer) console.log(`  ➜ SMPP server: port ${config.smppServer.port}`);
  if (!config.production) console.log(`  ➜ Dev inbox (SMS and e-mail sent): ${url}/dev/inbox\n`);
} else {
  app.log.info("worker started");
}

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, "shutting down");
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  try {
    await stopSmpp?.();
    for (const stop of stopLoops) await stop();
    // Running heavy work ends now: a parse job releases its import for the retry, a request answers 503.
    await heavyWork().close();
    await app.close();
    await boss?.stop({ graceful: true, timeout: 5_000 });
    await dbHandle.close();
    // The last spans, sent after everything else stopped (an unreachable collector delays nothing).
    await tracing?.shutdown();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, "shutdown failed");
    process.exit(1);
  }
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
