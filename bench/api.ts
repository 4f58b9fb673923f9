// `npm run bench:api`: the public API's throughput (issue 14 point 7). The product runs as its own
// process (apps/server/src/main.ts) on loopback, and autocannon drives it from this one:
// - POST /api/v2/sms with one recipient, a valid key (HTTP Basic), the IP whitelist on (127.0.0.1
//   and ::1 listed) and the pumping guard on with thresholds the run stays under;
// - POST /api/v2/otp/request (a new number every request) and POST /api/v2/otp/verify (a right pin
//   for a token issued by the request run).
// On PostgreSQL (a fresh database on BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432;
// skipped with a note when unreachable) the server runs with ROLE=api (API processes are stateless
// and the engine's workers are other processes), and on PGlite with ROLE=all and the worker off (one
// process owns the embedded database). Targets on PostgreSQL: >= 1,500 requests/s, p99 <= 100 ms.
// BENCH_API_SECONDS (default 10) per run after a 3-second warm-up; BENCH_API_CONNECTIONS (default 64).
// Writes bench/results/api.json.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createDb, createOrganization, type DbHandle, migrate, schema, seed } from "@sms/db";
import autocannon from "autocannon";
import { credit } from "../apps/server/src/modules/credits/index.ts";
import { TenantScope } from "../apps/server/src/platform/tenant.ts";
import { refreshApiKeysForBench } from "./support/api-keys.ts";
import { onFreshPostgres } from "./support/databases.ts";
import { approveBenchSender, BENCH_SENDER } from "./support/sender.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_API_CONNECTIONS ?? 64);
const PORT = Number(process.env.BENCH_API_PORT ?? 3950);
const PEPPER = "bench-api-key-pepper-bench-api-key-pepper";

interface Run {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
  requests: number;
  non2xx: number;
  errors: number;
  statusCodes: Record<string, number>;
}

interface Setup {
  sms: { key: string; secret: string };
  otp: { key: string; secret: string };
}

async function prepare(handle: DbHandle): Promise<Setup> {
  await migrate(handle);
  await seed(handle.db, { adminEmail: "bench-admin@example.com", adminPassword: "bench12345" });
  const db = handle.db;
  const [user] = await db
    .insert(schema.users)
    .values({
      firstName: "Bench",
      lastName: "Api",
      email: "bench-api@example.com",
      phoneNumber: "66800000996",
      passwordHash: "x",
      phoneNumberVerifiedAt: new Date(),
      emailVerifiedAt: new Date(),
    })
    .returning({ id: schema.users.id });
  if (!user) throw new Error("no user");
  const { organizationId } = await createOrganization(db, {
    name: "Bench API",
    ownerId: user.id,
    makeDefault: true,
  });
  await db.transaction((tx) =>
    credit(tx, "earned", {
      organizationId,
      credits: 50_000_000,
      reason: "bench",
      reference: "bench:api",
    }),
  );
  // Free text needs the organization's own approved sender (ADR 32); the owner's phone is verified above.
  await approveBenchSender(db, organizationId);
  const scope = new TenantScope(db, organizationId);
  const issued = await refreshApiKeysForBench(scope, user.id, PEPPER);
  await db
    .insert(schema.whitelistIps)
    .values([
      scope.stamp({ name: "loopback v4", ipAddress: "127.0.0.1" }),
      scope.stamp({ name: "loopback v6", ipAddress: "::1" }),
    ]);
  // The guard stays on; its thresholds are above what one run sends (one number, one prefix).
  await db.insert(schema.apiSettings).values({
    organizationId,
    rateLimitPerSecond: 100_000,
    pumpPrefixMax: 100_000_000,
    pumpFreshKeyMax: 100_000_000,
  });
  return issued;
}

function startServer(env: Record<string, string>): Promise<ChildProcess> {
  const profile = process.env.BENCH_API_PROFILE
    ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_API_PROFILE}`]
    : [];
  const child = spawn(
    process.execPath,
    [...profile, "--import", "tsx", join(root, "apps/server/src/main.ts")],
    {
      env: {
        ...process.env,
        NODE_ENV: "test",
        PORT: String(PORT),
        HOST: "127.0.0.1",
        LOG_LEVEL: "error",
        JWT_SECRET: "bench-secret-bench-secret-bench-secret-01",
        API_KEY_PEPPER: PEPPER,
        ADMIN_EMAIL: "bench-admin@example.com",
        ADMIN_PASSWORD: "bench12345",
        RATE_LIMIT_SCALE: "1",
        ...env,
      },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 120_000;
    const poll = async () => {
      try {
        const res = await fetch(`http://127.0.0.1:${PORT}/api/v1/health`);
        if (res.ok) return resolve(child);
      } catch {}
      if (Date.now() > deadline) return reject(new Error("server did not start"));
      setTimeout(poll, 250);
    };
    child.once("exit", (code) => reject(new Error(`server exited ${code}`)));
    void poll();
  });
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  if (child.exitCode === null) child.kill("SIGKILL");
}

type Options = autocannon.Options;

async function cannon(
  options: Omit<Options, "url" | "connections" | "duration">,
  seconds = SECONDS,
): Promise<Run> {
  const result = await autocannon({
    url: `http://127.0.0.1:${PORT}`,
    connections: CONNECTIONS,
    duration: seconds,
    ...options,
  } as Options);
  const statusCodes: Record<string, number> = {};
  for (const [code, n] of Object.entries(result.statusCodeStats ?? {}))
    statusCodes[code] = (n as { count: number }).count;
  return {
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    latencyMaxMs: result.latency.max,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    statusCodes,
  };
}

const basic = (p: { key: string; secret: string }) =>
  `Basic ${Buffer.from(`${p.key}:${p.secret}`).toString("base64")}`;

async function measure(setup: Setup): Promise<Record<string, unknown>> {
  const smsRequest = {
    method: "POST" as const,
    path: "/api/v2/sms",
    headers: { authorization: basic(setup.sms), "content-type": "application/json" },
    body: JSON.stringify({
      msisdn: "0812345678",
      message: "Bench: your parcel has arrived",
      sender: BENCH_SENDER,
    }),
  };
  await cannon({ requests: [smsRequest] }, 3); // warm-up
  const sms = await cannon({ requests: [smsRequest] });

  // OTP request: a new number each time (the 5-per-10-minutes rule is per number).
  let n = 0;
  const tokens: { token: string; pin: string }[] = [];
  const otpRequest = await cannon({
    requests: [
      {
        method: "POST",
        path: "/api/v2/otp/request",
        headers: { "content-type": "application/json" },
        setupRequest: (req) => {
          n += 1;
          const msisdn = `08${String(10_000_000 + n).slice(-8)}`;
          return { ...req, body: JSON.stringify({ key: setup.otp.key, secret: setup.otp.secret, msisdn }) };
        },
        onResponse: (status, body) => {
          if (status === 200) {
            const parsed = JSON.parse(body) as { token?: string };
            if (parsed.token) tokens.push({ token: parsed.token, pin: "" });
          }
        },
      },
    ],
  });
  return { sms, otpRequest, otpTokensIssued: tokens.length, _tokens: tokens };
}

async function verifyRun(
  setup: Setup,
  pairs: { token: string; pin: string }[],
): Promise<Run | { skipped: string }> {
  if (pairs.length === 0) return { skipped: "no OTP token was issued" };
  let i = 0;
  return cannon(
    {
      requests: [
        {
          method: "POST",
          path: "/api/v2/otp/verify",
          headers: { "content-type": "application/json" },
          setupRequest: (req) => {
            const pair = pairs[i % pairs.length];
            i += 1;
            return {
              ...req,
              body: JSON.stringify({
                key: setup.otp.key,
                secret: setup.otp.secret,
                token: pair?.token,
                pin: pair?.pin,
              }),
            };
          },
        },
      ],
      amount: pairs.length,
    },
    SECONDS,
  );
}

/** The pins of the issued tokens, read from the simulator's outbox (the SMS texts). */
async function pinsOf(
  handle: DbHandle,
  tokens: { token: string }[],
): Promise<{ token: string; pin: string }[]> {
  const { readPinsForBench } = await import("./support/api-keys.ts");
  return readPinsForBench(handle, tokens);
}

async function onBackend(
  label: string,
  open: () => Promise<{ handle: DbHandle; env: Record<string, string>; done: () => Promise<void> }>,
): Promise<Record<string, unknown>> {
  const { handle, env, done } = await open();
  let setup: Setup;
  try {
    setup = await prepare(handle);
  } finally {
    if (label === "pglite") await handle.close();
  }
  const server = await startServer(env);
  let result: Record<string, unknown>;
  try {
    result = await measure(setup);
    const tokens = result._tokens as { token: string; pin: string }[];
    delete result._tokens;
    if (label === "postgres") {
      const pairs = await pinsOf(handle, tokens);
      result.otpVerify = await verifyRun(setup, pairs);
    } else {
      result.otpVerify = { skipped: "PGlite: the server process owns the database; measured on PostgreSQL" };
    }
  } finally {
    await stopServer(server);
    if (label === "postgres") await handle.close();
    await done();
  }
  return result;
}

class SkipPglite extends Error {}

const results: Record<string, unknown> = {
  generatedAt: new Date().toISOString(),
  node: process.version,
  seconds: SECONDS,
  connections: CONNECTIONS,
  targets: { postgres: { requestsPerSecond: 1500, p99Ms: 100 } },
};

const only = process.env.BENCH_API_ONLY; // pglite | postgres: one backend (profiling)
const dir = mkdtempSync(join(tmpdir(), "bench-api-"));
try {
  if (only === "postgres") throw new SkipPglite();
  results.pglite = await onBackend("pglite", async () => ({
    handle: await createDb({ dataDir: join(dir, "pglite") }),
    env: { DATA_DIR: dir, ROLE: "all", WORKER_ENABLED: "false" },
    done: async () => {},
  }));
  console.log("pglite", JSON.stringify(results.pglite));
} catch (error) {
  if (!(error instanceof SkipPglite)) throw error;
} finally {
  rmSync(dir, { recursive: true, force: true });
}

results.postgres =
  only === "pglite"
    ? { skipped: "BENCH_API_ONLY=pglite" }
    : await onFreshPostgres(`bench_api_${Date.now()}`, async (databaseUrl) =>
        onBackend("postgres", async () => ({
          handle: await createDb({ databaseUrl, poolSize: 4 }),
          env: { DATABASE_URL: databaseUrl, ROLE: "api" },
          done: async () => {},
        })),
      );
console.log("postgres", JSON.stringify(results.postgres));
writeFileSync(join(root, "bench/results/api.json"), `${JSON.stringify(results, null, 2)}\n`);
process.exit(0);
