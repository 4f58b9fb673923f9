// `npm run bench:gateway` (issue 26 point 6): our SMS path side by side with Kannel (Debian's
// `kannel` package), each against the same external SMSC simulator (`npm run smsc`, its own process,
// answers and receipts at once), 100,000 messages, one bind with a window of 100, receipts on:
// - kannel-spool: bearerbox with its durable store (`store-type = spool`) and smsbox; messages
//   accepted through smsbox's sendsms HTTP interface (64 at a time), receipts (dlr-mask 3) posted
//   back to a local HTTP receiver;
// - kannel: the same without a store;
// - ours: the app on PostgreSQL with SMS_GATEWAY=smpp; a campaign stored and queued as acceptance
//   leaves it, dispatched by the engine, every receipt stored (the message delivered).
// Each is timed end to end: from the first acceptance until every receipt is stored (Kannel: posted
// to the receiver). Targets: ours ≥ 2× kannel-spool and ≥ 1.5× kannel in the same run, and
// ≥ 6,000 messages/s. BENCH_GATEWAY_MESSAGES, BENCH_GATEWAY_RUNS (kannel-spool,kannel,ours) and
// BENCH_DATABASE_URL narrow a run. Kannel is installed with apt-get when missing (as root), never
// from elsewhere. Writes bench/results/gateway.json.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Agent, createServer, get } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort, listening } from "../apps/server/src/test/ports.ts";
import { onFreshPostgres } from "./support/databases.ts";
import { countWhere, openApp, queueCampaign, silent, timed } from "./support/engine-app.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const MESSAGES = Number(process.env.BENCH_GATEWAY_MESSAGES ?? 100_000);
const RUNS = (process.env.BENCH_GATEWAY_RUNS ?? "kannel-spool,kannel,ours").split(",");
const WINDOW = 100;
const SENDERS = 64;
const TARGETS = { perSecond: 6000, overKannelSpool: 2, overKannel: 1.5 } as const;

interface Result {
  messages: number;
  seconds: number;
  perSecond: number;
  acceptSeconds?: number;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

/** The external SMSC simulator, as `npm run smsc` starts it: answers and receipts at once. */
async function startSmsc(): Promise<{ port: number; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", join(root, "apps/server/scripts/smsc.ts")], {
    env: {
      ...process.env,
      SMSC_PORT: String(port),
      SMSC_RECEIPT_DELAY_MS: "0",
      SMSC_LATENCY_MS: "0",
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

async function oursRun(): Promise<Result> {
  const outcome = await oursOnPostgres();
  if ("skipped" in outcome) throw new Error(outcome.skipped);
  return outcome;
}

async function oursOnPostgres() {
  const { sql } = await import("drizzle-orm");
  const engine = await import("../apps/server/src/modules/engine/index.ts");
  const smsc = await startSmsc();
  try {
    return await onFreshPostgres(`bench_gateway_${process.pid}`, async (url) => {
      const { app, handle, close } = await openApp("postgres", url, {
        SMS_GATEWAY: "smpp",
        SMPP_HOST: "127.0.0.1",
        SMPP_PORT: String(smsc.port),
        SMPP_SYSTEM_ID: "bench",
        SMPP_PASSWORD: "bench",
        SMPP_BINDS: "1",
        SMPP_TPS: "100000",
        SMPP_WINDOW: String(WINDOW),
        ENGINE_SUBMIT_BATCH: "500",
        ENGINE_CONCURRENCY: "8",
      });
      const stopReports = engine.startReportProcessing(app.smsGateway, handle.db, silent);
      await app.jobs.work();
      try {
        const started = performance.now();
        const { campaignId } = await queueCampaign(app, handle, MESSAGES);
        const acceptSeconds = (performance.now() - started) / 1000;
        await timed(
          async () =>
            (await countWhere(
              handle,
              sql`select count(*) as n from messages where campaign_id = ${campaignId} and status in ('delivered', 'failed')`,
            )) === MESSAGES,
          1800,
        );
        const seconds = (performance.now() - started) / 1000;
        return {
          messages: MESSAGES,
          seconds: round(seconds),
          perSecond: Math.round(MESSAGES / seconds),
          acceptSeconds: round(acceptSeconds),
        };
      } finally {
        await stopReports();
        await close();
      }
    });
  } finally {
    await stop(smsc.child);
  }
}

const round = (n: number) => Math.round(n * 100) / 100;

// ---------------------------------------------------------------- orchestration

const results: Record<string, Result> = {};
for (const run of RUNS) {
  console.log(`bench:gateway ${run}, ${MESSAGES} messages…`);
  results[run] =
    run === "ours"
      ? await oursRun()
      : await kannelRun(run === "kannel-spool" ? true : run === "kannel" ? false : fail(run));
  console.log(`  ${run}: ${results[run].perSecond}/s end to end (${results[run].seconds} s)`);
}
const ours = results.ours?.perSecond;
const verdicts = {
  perSecond: ours === undefined ? null : ours >= TARGETS.perSecond,
  overKannelSpool:
    ours === undefined || !results["kannel-spool"] ? null : round(ours / results["kannel-spool"].perSecond),
  overKannel: ours === undefined || !results.kannel ? null : round(ours / results.kannel.perSecond),
};
const out = {
  at: new Date().toISOString(),
  machine: { cpus: (await import("node:os")).cpus().length, node: process.version },
  setup: { messages: MESSAGES, window: WINDOW, binds: 1, receipts: true, database: "postgres" },
  targets: TARGETS,
  results,
  ratios: verdicts,
};
mkdirSync(join(root, "bench/results"), { recursive: true });
writeFileSync(join(root, "bench/results/gateway.json"), `${JSON.stringify(out, null, 2)}\n`);
console.log(JSON.stringify(out, null, 2));
process.exit(0);

function fail(run: string): never {
  throw new Error(`unknown run ${run}: kannel-spool, kannel or ours`);
}
