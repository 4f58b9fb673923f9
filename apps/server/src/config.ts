import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));

const ZEnv = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  ROLE: z.enum(["all", "api", "worker", "web"]).default("all"),
  DATABASE_URL: z.string().startsWith("postgres").optional(),
  DATA_DIR: z.string().default(join(repoRoot, "data")),
  WEB_DIST: z.string().default(join(repoRoot, "apps/web/build/client")),
  PUBLIC_URL: z.string().url().optional(),
  ADMIN_EMAIL: z.string().email().default("admin@smsportal.local"),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  JWT_SECRET: z.string().min(32).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("SMS Portal <no-reply@smsportal.local>"),
  SUPPORT_EMAIL: z.string().email().default("support@smsportal.local"),
  SMS_GATEWAY: z.enum(["simulator", "smpp"]).default("simulator"),
  FREE_TRIAL_PACKAGE_ID: z.coerce.number().int().default(17),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(30).default(900),
  REFRESH_TOKEN_TTL: z.coerce
    .number()
    .int()
    .min(60)
    .default(30 * 24 * 3600),
  OTP_SMS_SENDER: z.string().min(1).max(11).default("SMSPortal"),
  WORKER_ENABLED: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
});

export type Config = ReturnType<typeof loadConfig>;

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
  const dataDir = resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    production,
    port: e.PORT,
    host: e.HOST,
    role: e.ROLE,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    pgliteDir: join(dataDir, "pglite"),
    webDist: resolve(e.WEB_DIST),
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD ?? "admin12345",
    jwtSecret: e.JWT_SECRET ?? (production ? "" : devSecret(dataDir)),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    smsGateway: e.SMS_GATEWAY,
    freeTrialPackageId: e.FREE_TRIAL_PACKAGE_ID,
    logLevel: e.LOG_LEVEL,
    workerEnabled: e.WORKER_ENABLED,
    /** Seconds an access (or register) JWT lives. */
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    /** Seconds a refresh token and its session live without use. */
    refreshTokenTtl: e.REFRESH_TOKEN_TTL,
    /** Sender name of the one-time-code SMS. */
    otpSender: e.OTP_SMS_SENDER,
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
