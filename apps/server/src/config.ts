import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { PASSWORD_CHECK_MAX_LENGTH } from "@sms/domain";
import { z } from "zod";
import { MESSAGE_ID_FORMATS } from "./gateway/smpp/message-id.ts";
import { WORKER_NICE } from "./platform/worker-pool.ts";
import type { StorageConfig } from "./storage/index.ts";

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));

/** `localhost`, 127.0.0.0/8 or ::1 (in URL form `[::1]` too): reachable from this machine only. */
export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, "").toLowerCase();
  if (bare === "localhost" || bare.endsWith(".localhost")) return true;
  if (isIP(bare) === 4) return bare.startsWith("127.");
  if (isIP(bare) === 6) return bare === "::1" || bare === "0:0:0:0:0:0:0:1";
  return false;
}

/** `a.b.c.d`, an IPv6 address, or either with a `/prefix` that fits its family. */
function isCidr(entry: string): boolean {
  const [net = "", bits, ...rest] = entry.split("/");
  const family = isIP(net);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

const ZEnv = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Listen address; `0.0.0.0` in production, loopback (`localhost`) elsewhere (review I5). */
  HOST: z.string().min(1).optional(),
  /**
   * Outside production: `true` lets a development instance listen on, or name as its public URL, a
   * non-loopback address. Without it such a start is refused: a production deployment that forgot
   * NODE_ENV would honour X-Test-Now, serve /dev/inbox and accept admin12345 (review I5).
   */
  DEVELOPMENT_ON_NETWORK: z.enum(["true", "false"]).optional(),
  /** What GET /api/v1/openapi.json describes: `public` (the /api/v2 API) or `full` (every route, the back office included). */
  OPENAPI_DOCS: z.enum(["public", "full"]).optional(),
  ROLE: z.enum(["all", "api", "worker", "web"]).default("all"),
  DATABASE_URL: z.string().startsWith("postgres").optional(),
  DATA_DIR: z.string().default(join(repoRoot, "data")),
  WEB_DIST: z.string().default(join(repoRoot, "apps/web/build/client")),
  PUBLIC_URL: z.string().url().optional(),
  ADMIN_EMAIL: z.string().email().default("admin@smsportal.local"),
  ADMIN_PASSWORD: z.string().min(8).max(PASSWORD_CHECK_MAX_LENGTH).optional(),
  JWT_SECRET: z.string().min(32).optional(),
  /** Key of the HMAC-SHA256 that stores public-API secrets (ADR 20); changing it voids every secret. */
  API_KEY_PEPPER: z.string().min(32).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("SMS Portal <no-reply@smsportal.local>"),
  SUPPORT_EMAIL: z.string().email().default("support@smsportal.local"),
  SMS_GATEWAY: z.enum(["simulator", "smpp"]).default("simulator"),
  /** Key that seals the SMPP passwords staff store in the back office (ADR 65); outside production derived. */
  SMSC_SECRET_KEY: z.string().min(32).optional(),
  /** How often each process looks for changed SMSC connections. */
  SMSC_REFRESH_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
  /** Submits per second the built-in simulator accepts, and how long before its delivery reports. */
  SIMULATOR_TPS: z.coerce.number().positive().default(1000),
  SIMULATOR_RECEIPT_DELAY_MS: z.coerce.number().int().min(0).default(2000),
  /** Recipients per dispatch chunk job. */
  ENGINE_CHUNK_SIZE: z.coerce.number().int().min(1).max(10_000).default(1000),
  /** Messages claimed and submitted together within a chunk: at most this many per running chunk are in doubt after a crash. */
  ENGINE_SUBMIT_BATCH: z.coerce.number().int().min(1).max(10_000).default(250),
  ACCEPT_SLICE_ROWS: z.coerce.number().int().min(1).max(1_000_000).default(5000),
  /** Chunk jobs one worker process submits at once (overlaps database writes with gateway waits). */
  ENGINE_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /**
   * Jobs of API sends accepted together (engine.dispatch-sends) one worker process runs at once:
   * each is a few sends and a few statements, so more at once keep the hand-off short (bench:api).
   */
  ENGINE_SENDS_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(16),
  /** How often roles all/worker look for scheduled campaigns whose send time has come. */
  SCHEDULE_POLL_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  /** How often roles all/worker look for due delivery webhooks (docs/webhooks.md). */
  WEBHOOK_POLL_MS: z.coerce.number().int().min(100).max(600_000).default(2000),
  /** Whether webhooks may go to loopback/private addresses; default: outside production only. */
  WEBHOOK_ALLOW_PRIVATE: z.enum(["true", "false"]).optional(),
  /** Comma-separated addresses or CIDRs webhooks never reach, private ones allowed or not (ADR 34). */
  WEBHOOK_DENY_CIDRS: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((c) => c.trim())
        .filter((c) => c !== ""),
    )
    .refine((list) => list.every(isCidr), "WEBHOOK_DENY_CIDRS must be comma-separated addresses or CIDRs"),
  /** How often the job supervisor looks for jobs whose worker stopped sending heartbeats. */
  JOB_SUPERVISE_SECONDS: z.coerce.number().int().min(1).default(30),
  /** Heavy work (parsing uploads, exports, PDFs) in worker threads (ADR 30): threads at once. */
  HEAVY_WORK_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  /** Each heavy-work thread's V8 heap cap, in MB: a file that needs more fails alone. */
  HEAVY_WORK_HEAP_MB: z.coerce.number().int().min(64).max(16_384).default(256),
  /** Heavy work waiting at most; past it uploads are refused with 503 and Retry-After. */
  HEAVY_WORK_QUEUE: z.coerce.number().int().min(1).max(100_000).default(200),
  /**
   * How far below the server's own priority heavy-work threads run (Linux nice, 0–19): they get
   * the processor after the threads that answer requests. The tests run them at 0 (ADR 120).
   */
  HEAVY_WORK_NICE: z.coerce.number().int().min(0).max(19).default(WORKER_NICE),
  /** Embedded database: statements that hold its one session at least this long are logged (0: off). */
  PGLITE_SLOW_MS: z.coerce.number().int().min(0).max(600_000).default(0),
  SMPP_HOST: z.string().min(1).optional(),
  SMPP_PORT: z.coerce.number().int().min(1).max(65535).default(2775),
  SMPP_SYSTEM_ID: z.string().min(1).max(15).optional(),
  SMPP_PASSWORD: z.string().max(8).optional(),
  SMPP_SYSTEM_TYPE: z.string().max(12).default(""),
  SMPP_BINDS: z.coerce.number().int().min(1).max(32).default(1),
  /** submit_sm per second per bind, as contracted with the SMSC. */
  SMPP_TPS: z.coerce.number().positive().default(50),
  SMPP_WINDOW: z.coerce.number().int().min(1).max(1000).default(10),
  SMPP_PDU_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  SMPP_ENQUIRE_LINK_MS: z.coerce.number().int().min(1000).default(30_000),
  SMPP_SUBMIT_ID_FORMAT: z.enum(MESSAGE_ID_FORMATS).default("text"),
  SMPP_RECEIPT_ID_FORMAT: z.enum(MESSAGE_ID_FORMATS).default("text"),
  /** Customers' SMPP 3.4 server (ADR 102): off unless a port is given; roles all and api serve it. */
  SMPP_SERVER_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** The address it listens on; HOST when unset. */
  SMPP_SERVER_HOST: z.string().min(1).optional(),
  /** The host customers connect to, shown on the credentials page; PUBLIC_URL's host when unset. */
  SMPP_SERVER_PUBLIC_HOST: z.string().min(1).optional(),
  /** The same message submitted again within this many minutes is answered, not sent again. */
  SMPP_SERVER_DEDUPE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(10),
  /** Receipts kept for an organization with no receiving bind, in hours. */
  SMPP_SERVER_RECEIPT_RETENTION_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(72),
  FREE_TRIAL_PACKAGE_ID: z.coerce.number().int().default(17),
  /** The company's PromptPay id the cart's QR pays to: a 13-digit tax id or a 10-digit mobile number. */
  PROMPTPAY_ID: z
    .string()
    .regex(/^(\d{13}|0\d{9})$/, "PROMPTPAY_ID must be a 13-digit tax id or a 10-digit mobile number")
    .default("0105556000009"),
  /**
   * The PromptPay account's holder as banking apps show it before a transfer is confirmed; the
   * seller's Thai name when unset.
   */
  PROMPTPAY_NAME: z.string().min(1).optional(),
  // The seller on receipts / tax invoices; the defaults are the public site's company details.
  SELLER_NAME: z.string().min(1).default("บริษัท เอสเอ็มเอส พอร์ทัล จำกัด"),
  SELLER_NAME_EN: z.string().min(1).default("SMS Portal Co., Ltd."),
  SELLER_ADDRESS: z
    .string()
    .min(1)
    .default("99/9 อาคารสาทรธานี ชั้น 12 ถนนสาทรเหนือ แขวงสีลม เขตบางรัก กรุงเทพมหานคร 10500"),
  SELLER_ADDRESS_EN: z
    .string()
    .min(1)
    .default("99/9 Sathorn Thani Building, 12th floor, North Sathorn Road, Silom, Bang Rak, Bangkok 10500"),
  SELLER_TAX_ID: z
    .string()
    .regex(/^\d{13}$/)
    .default("0105556000009"),
  SELLER_BRANCH: z
    .string()
    .regex(/^\d{5}$/)
    .default("00000"),
  STORAGE_DRIVER: z.enum(["local", "s3"]).default("local"),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Traces go to this OTLP/HTTP collector (ADR 109); none are recorded without it. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  OTEL_SERVICE_NAME: z.string().min(1).default("sms-portal"),
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(30).default(900),
  SESSION_MAX_AGE: z.coerce
    .number()
    .int()
    .min(60)
    .default(30 * 24 * 3600),
  REFRESH_TOKEN_TTL: z.coerce
    .number()
    .int()
    .min(60)
    .default(30 * 24 * 3600),
  OTP_SMS_SENDER: z.string().min(1).max(11).default("SMSPortal"),
  TRUST_PROXY: z.string().optional(),
  RATE_LIMIT_SCALE: z.coerce.number().int().min(1).optional(),
  RATE_LIMIT_REDIS_URL: z.string().startsWith("redis").optional(),
  REDIS_URL: z.string().startsWith("redis").optional(),
  WORKER_ENABLED: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
});

export type Config = ReturnType<typeof loadConfig>;

/** The admin password outside production when ADMIN_PASSWORD is not set; production refuses it. */
export const DEV_ADMIN_PASSWORD = "admin12345";

/** Parses the environment once (DESIGN §5.4). Nothing else reads process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${issues}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === "production";
  if (production && (!e.JWT_SECRET || !e.ADMIN_PASSWORD)) {
    throw new Error("Invalid configuration: JWT_SECRET and ADMIN_PASSWORD are required in production");
  }
  if (production && !e.API_KEY_PEPPER) {
    throw new Error("Invalid configuration: API_KEY_PEPPER is required in production");
  }
  if (production && e.ADMIN_PASSWORD === DEV_ADMIN_PASSWORD) {
    throw new Error(
      "Invalid configuration: ADMIN_PASSWORD must not be the development password in production",
    );
  }
  const host = e.HOST ?? (production ? "0.0.0.0" : "localhost");
  if (e.NODE_ENV === "development" && e.DEVELOPMENT_ON_NETWORK !== "true") {
    const exposed = [
      isLoopback(host) ? null : `HOST=${host}`,
      e.PUBLIC_URL && !isLoopback(new URL(e.PUBLIC_URL).hostname) ? `PUBLIC_URL=${e.PUBLIC_URL}` : null,
    ].filter((x) => x !== null);
    if (exposed.length > 0) {
      throw new Error(
        `Invalid configuration: NODE_ENV is development (the default) but ${exposed.join(" and ")} is not a loopback address. ` +
          "Set NODE_ENV=production for a deployment, or DEVELOPMENT_ON_NETWORK=true for a development instance others may reach",
      );
    }
  }
  if (e.SMS_GATEWAY === "smpp" && (!e.SMPP_HOST || !e.SMPP_SYSTEM_ID || e.SMPP_PASSWORD === undefined)) {
    throw new Error(
      "Invalid configuration: SMS_GATEWAY=smpp needs SMPP_HOST, SMPP_SYSTEM_ID and SMPP_PASSWORD",
    );
  }
  const dataDir = resolve(e.DATA_DIR);
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  const jwtSecret = e.JWT_SECRET ?? (production ? "" : devSecret(dataDir));
  return {
    env: e.NODE_ENV,
    production,
    port: e.PORT,
    host,
    /** The OpenAPI document's extent: the public API only in production unless OPENAPI_DOCS=full (review I1). */
    openapiDocs: e.OPENAPI_DOCS ?? (production ? "public" : "full"),
    role: e.ROLE,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    pgliteDir: join(dataDir, "pglite"),
    /** Where uploads are kept: <DATA_DIR>/uploads (outside the web root) unless S3 is configured. */
    storage: storageConfig(e, dataDir),
    webDist: resolve(e.WEB_DIST),
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD ?? DEV_ADMIN_PASSWORD,
    /** True when ADMIN_PASSWORD was given: the seed then applies it on every start. */
    adminPasswordSet: e.ADMIN_PASSWORD !== undefined,
    jwtSecret,
    /** HMAC key of stored API secrets; outside production derived from the JWT secret. */
    apiKeyPepper: e.API_KEY_PEPPER ?? (production ? "" : `api-key-pepper:${jwtSecret}`),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    smsGateway: e.SMS_GATEWAY,
    /** SMSC connections (ADR 65): the key of stored SMPP passwords (null: none can be stored), the refresh. */
    smsc: {
      secretKey: e.SMSC_SECRET_KEY ?? (production ? null : `smsc-secret:${jwtSecret}`),
      refreshMs: e.SMSC_REFRESH_MS,
    },
    simulator: { tps: e.SIMULATOR_TPS, receiptDelayMs: e.SIMULATOR_RECEIPT_DELAY_MS },
    engine: {
      chunkSize: e.ENGINE_CHUNK_SIZE,
      concurrency: e.ENGINE_CONCURRENCY,
      sendsConcurrency: e.ENGINE_SENDS_CONCURRENCY,
      submitBatch: e.ENGINE_SUBMIT_BATCH,
      /** A file campaign with more recipients is accepted in slices of this many (ADR 53). */
      acceptSliceRows: e.ACCEPT_SLICE_ROWS,
    },
    jobSuperviseSeconds: e.JOB_SUPERVISE_SECONDS,
    /** The heavy-work pool's bounds (platform/worker-pool.ts, ADR 30). */
    pgliteSlowMs: e.PGLITE_SLOW_MS,
    heavyWork: {
      concurrency: e.HEAVY_WORK_CONCURRENCY,
      heapMb: e.HEAVY_WORK_HEAP_MB,
      maxQueued: e.HEAVY_WORK_QUEUE,
      nice: e.HEAVY_WORK_NICE,
    },
    /** Scheduled campaigns: the firing loop's interval. */
    schedules: { pollMs: e.SCHEDULE_POLL_MS },
    /** Delivery webhooks: the sending loop's interval and the SSRF rule (ADR 22). */
    webhooks: {
      pollMs: e.WEBHOOK_POLL_MS,
      allowPrivateAddresses: e.WEBHOOK_ALLOW_PRIVATE ? e.WEBHOOK_ALLOW_PRIVATE === "true" : !production,
      denyCidrs: e.WEBHOOK_DENY_CIDRS,
    },
    /** SMPP 3.4 connection when SMS_GATEWAY=smpp (SmppClientOptions). */
    smpp:
      e.SMS_GATEWAY === "smpp"
        ? {
            host: e.SMPP_HOST ?? "",
            port: e.SMPP_PORT,
            systemId: e.SMPP_SYSTEM_ID ?? "",
            password: e.SMPP_PASSWORD ?? "",
            systemType: e.SMPP_SYSTEM_TYPE,
            binds: e.SMPP_BINDS,
            tps: e.SMPP_TPS,
            window: e.SMPP_WINDOW,
            pduTimeoutMs: e.SMPP_PDU_TIMEOUT_MS,
            enquireLinkMs: e.SMPP_ENQUIRE_LINK_MS,
            submitIdFormat: e.SMPP_SUBMIT_ID_FORMAT,
            receiptIdFormat: e.SMPP_RECEIPT_ID_FORMAT,
          }
        : null,
    /** Customers' SMPP server (ADR 102); null when SMPP_SERVER_PORT is unset. */
    smppServer:
      e.SMPP_SERVER_PORT === undefined
        ? null
        : {
            port: e.SMPP_SERVER_PORT,
            host: e.SMPP_SERVER_HOST ?? host,
            publicHost:
              e.SMPP_SERVER_PUBLIC_HOST ?? new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).hostname,
            dedupeWindowMs: e.SMPP_SERVER_DEDUPE_MINUTES * 60_000,
            receiptRetentionMs: e.SMPP_SERVER_RECEIPT_RETENTION_HOURS * 3_600_000,
          },
    freeTrialPackageId: e.FREE_TRIAL_PACKAGE_ID,
    promptPayId: e.PROMPTPAY_ID,
    promptPayName: e.PROMPTPAY_NAME ?? e.SELLER_NAME,
    /** The seller printed on receipts / tax invoices; branch "00000" is the head office. */
    seller: {
      name: { th: e.SELLER_NAME, en: e.SELLER_NAME_EN },
      address: { th: e.SELLER_ADDRESS, en: e.SELLER_ADDRESS_EN },
      taxId: e.SELLER_TAX_ID,
      branch: e.SELLER_BRANCH,
    },
    logLevel: e.LOG_LEVEL,
    /** Where the spans go (OTLP/HTTP, ADR 109); null: no tracer provider is registered. */
    tracing:
      e.OTEL_EXPORTER_OTLP_ENDPOINT === undefined
        ? null
        : { endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: e.OTEL_SERVICE_NAME },
    workerEnabled: e.WORKER_ENABLED,
    /** Seconds an access (or register) JWT lives. */
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    /** Seconds a refresh token and its session live without use. */
    refreshTokenTtl: e.REFRESH_TOKEN_TTL,
    /** Seconds after its login that a session ends however often it is refreshed. */
    sessionMaxAge: e.SESSION_MAX_AGE,
    /** Sender name of the one-time-code SMS. */
    otpSender: e.OTP_SMS_SENDER,
    /** Which peers may set X-Forwarded-For: off, a hop count, or addresses and CIDR ranges. */
    trustProxy,
    /**
     * Multiplies every rate limit. The test suite defaults to 100 so files that sign in many
     * times from one address are not throttled; the rate-limit tests set 1.
     */
    rateLimitScale: e.RATE_LIMIT_SCALE ?? (e.NODE_ENV === "test" ? 100 : 1),
    /** Shared rate-limit counters across instances; in-memory per process without it. */
    rateLimitRedisUrl: e.RATE_LIMIT_REDIS_URL ?? e.REDIS_URL,
  };
}

/** proxy-addr's named ranges, accepted as list items beside addresses and CIDRs. */
const NAMED_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

/**
 * TRUST_PROXY: unset or "false" trusts no proxy, so a forged X-Forwarded-For changes nothing;
 * a positive number trusts that many hops; otherwise a comma-separated list of addresses or
 * CIDR ranges. "true" (trust every peer) is refused because any client could then pick its IP.
 */
export function parseTrustProxy(value: string | undefined): false | number | string[] {
  const raw = value?.trim() ?? "";
  if (raw === "" || raw === "false") return false;
  const invalid = () =>
    new Error(
      `Invalid configuration: TRUST_PROXY must be false, a hop count ≥ 1 or addresses/CIDR ranges (got "${raw}")`,
    );
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops < 1) throw invalid();
    return hops;
  }
  const entries = raw.split(",").map((s) => s.trim());
  for (const entry of entries) {
    if (NAMED_RANGES.has(entry)) continue;
    const [address = "", prefix, ...rest] = entry.split("/");
    const family = isIP(address);
    if (!family || rest.length > 0) throw invalid();
    if (prefix !== undefined && !(/^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128))) {
      throw invalid();
    }
  }
  return entries;
}

/**
 * The Fastify `trustProxy` option. Fastify itself ignores a bare hop count (it cannot tell the
 * proxy from a client), so a count becomes "trust the nearest N addresses": only right when
 * the app is reachable through those proxies alone; a CIDR list is the safer choice.
 */
export function fastifyTrustProxy(
  value: false | number | string[],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value !== "number") return value;
  return (_address, hop) => hop < value;
}

function storageConfig(e: z.infer<typeof ZEnv>, dataDir: string): StorageConfig {
  if (e.STORAGE_DRIVER === "local") return { driver: "local", dir: join(dataDir, "uploads") };
  if (!e.S3_BUCKET || !e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY) {
    throw new Error(
      "Invalid configuration: STORAGE_DRIVER=s3 needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY",
    );
  }
  return {
    driver: "s3",
    endpoint: (e.S3_ENDPOINT ?? `https://s3.${e.S3_REGION}.amazonaws.com`).replace(/\/+$/, ""),
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  };
}

/** Outside production a random secret is kept beside the data so sessions survive restarts. */
function devSecret(dataDir: string): string {
  const file = join(dataDir, "dev-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
