import { createHash } from "node:crypto";
import fastifyRateLimit from "@fastify/rate-limit";
import { normaliseRecipient } from "@sms/domain";
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler, RouteOptions } from "fastify";
import fp from "fastify-plugin";
import { Redis } from "ioredis";
import { AppError } from "../errors.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

interface Window {
  max: number;
  timeWindow: number;
}

/**
 * A route's limits: `max` per `timeWindow` per client IP (checked first, before the body is
 * read), and optionally per account, keyed by what `account.key` picks from the validated
 * request (the key is hashed before it reaches the store).
 */
export interface RouteRateLimit extends Window {
  /**
   * "preHandler" counts a request only once its body has passed validation, so a form the
   * server rejected (400) does not use up the limit.
   */
  hook?: "onRequest" | "preHandler";
  account?: Window & { key: AccountKey };
}

/**
 * What the per-account window counts a request against; undefined skips it. May look something up
 * (a route refining the key, e.g. the reset budget of a trusted browser in modules/auth).
 */
export type AccountKey = (request: FastifyRequest) => string | undefined | Promise<string | undefined>;

const body = (request: FastifyRequest) => (request.body ?? {}) as Record<string, unknown>;

/** A username as the account it names: lower-case e-mail or the 66 form of a phone number. */
function normaliseUsername(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim();
  if (trimmed.includes("@")) return trimmed.toLowerCase();
  return normaliseRecipient(trimmed) ?? trimmed.toLowerCase();
}

/** The decoy registration session has user id 0, so register tokens count per session. */
function signedInAccount(request: FastifyRequest): string | undefined {
  const auth = request.auth;
  if (!auth) return undefined;
  return auth.userId > 0 ? `user:${auth.userId}` : `session:${auth.sessionId}`;
}

const bodyField = (field: string) => (request: FastifyRequest) => {
  const value = body(request)[field];
  return typeof value === "string" && value !== "" ? value : undefined;
};

/**
 * Every limit of the app, in one place. A person who mistypes a password or a code a few
 * times, or a family or office behind one address, never meets them; a script trying
 * passwords, codes or reset tokens does within the first minutes. Sending codes is also capped
 * per destination by the OTP quota (modules/otp), and wrong codes by the 5-checks rule.
 */
export const RATE_LIMITS = {
  /**
   * Contact form, per IP: an office of colleagues behind one address can all write in, a spam
   * run cannot. Only accepted submissions count; corrected typos do not.
   */
  contact: { max: 20, timeWindow: HOUR, hook: "preHandler" },
  login: {
    max: 10,
    timeWindow: MINUTE,
    account: { max: 20, timeWindow: HOUR, key: (r) => normaliseUsername(body(r).username) },
  },
  register: {
    max: 20,
    timeWindow: HOUR,
    account: { max: 5, timeWindow: HOUR, key: (r) => normaliseUsername(body(r).phone_number) },
  },
  /** Step 1 sent again in a registration (ADR 36): as many as new registrations, per session. */
  editRegistration: {
    max: 20,
    timeWindow: HOUR,
    account: { max: 5, timeWindow: HOUR, key: signedInAccount },
  },
  /**
   * Reset codes. The per-username budget is shared by everyone who types the username (e-mail and
   * phone apart), so strangers can spend it; the route gives a browser the account trusts a budget
   * of its own (modules/auth/routes.ts, ADR 0004), as the OTP send quota does.
   */
  forgotPassword: {
    max: 20,
    timeWindow: HOUR,
    account: { max: 5, timeWindow: HOUR, key: (r) => normaliseUsername(body(r).username) },
  },
  /** Code checks: keyed by the code's ticket, the reset token or the signed-in account. */
  forgotPasswordVerify: {
    max: 20,
    timeWindow: 10 * MINUTE,
    account: { max: 10, timeWindow: 10 * MINUTE, key: bodyField("token") },
  },
  resetPassword: {
    max: 10,
    timeWindow: 10 * MINUTE,
    account: { max: 5, timeWindow: 10 * MINUTE, key: bodyField("reset_token") },
  },
  verifyCode: {
    max: 30,
    timeWindow: 10 * MINUTE,
    account: { max: 10, timeWindow: 10 * MINUTE, key: signedInAccount },
  },
  /**
   * Short links (GET /l/:token), per IP: a phone behind a carrier's shared address still opens its
   * links; a script requesting them by the thousand does not (counting has its own tighter limit).
   */
  linkClick: { max: 300, timeWindow: MINUTE },
  /**
   * The unsubscribe page (GET and POST /u/:token), per IP: a person taps it once or twice; a script
   * walking made-up tokens is stopped after a few dozen (ADR 93).
   */
  optOut: { max: 30, timeWindow: MINUTE },
  /**
   * Inviting a member (review S4-9): each sends an e-mail. An owner bringing in a team fits; a
   * script mailing lists does not. The organization's 20 a day are counted in the database.
   */
  invite: {
    max: 60,
    timeWindow: HOUR,
    hook: "preHandler",
    account: { max: 20, timeWindow: HOUR, key: signedInAccount },
  },
  /** Sending a verify code or changing the phone or e-mail (each sends a code). */
  sendCode: {
    max: 20,
    timeWindow: 10 * MINUTE,
    account: { max: 10, timeWindow: 10 * MINUTE, key: signedInAccount },
  },
} satisfies Record<string, RouteRateLimit>;

const tooMany = () => new AppError("RATE_LIMITED");

function hashKey(value: string): string {
  return createHash("sha256").update(value).digest("base64url").slice(0, 32);
}

/**
 * @fastify/rate-limit, registered once for the whole app (no global limit: only routes with
 * `config: { rateLimit: RATE_LIMITS.x }` are limited). Counters live in Redis when
 * RATE_LIMIT_REDIS_URL (or REDIS_URL) is set, so every instance shares them; in memory otherwise.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance) => {
    const scale = app.config.rateLimitScale;
    const redis = await connectRedis(app);

    // Runs before @fastify/rate-limit's own onRoute hook (registered below), so that one sees
    // the scaled per-IP window; the per-account window gets its own hook after the body is
    // validated and the route's guards have run.
    app.addHook("onRoute", (route: RouteOptions) => {
      const limit = route.config?.rateLimit as RouteRateLimit | false | undefined;
      if (!limit) return;
      const { account, ...perIp } = limit;
      route.config = { ...route.config, rateLimit: { ...perIp, max: perIp.max * scale } };
      if (account) {
        const scaled = { ...account, max: account.max * scale };
        route.preHandler = [...toArray(route.preHandler), accountLimit(app, route, scaled)];
      }
    });

    await app.register(fastifyRateLimit, {
      global: false,
      errorResponseBuilder: tooMany,
      ...(redis ? { redis, skipOnError: true } : {}),
    });
  },
  { name: "rate-limit" },
);

function toArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

function accountLimit(
  app: FastifyInstance,
  route: RouteOptions,
  account: NonNullable<RouteRateLimit["account"]>,
): preHandlerAsyncHookHandler {
  const keys = new WeakMap<FastifyRequest, string>();
  const scope = `account:${route.method}:${route.url}:`;
  // Routes are added after the plugin is registered, so its decorator exists here.
  const check = app.createRateLimit({
    max: account.max,
    timeWindow: account.timeWindow,
    keyGenerator: (r) => keys.get(r) ?? "",
  });
  return async (request, reply) => {
    const subject = await account.key(request);
    if (!subject) return;
    keys.set(request, scope + hashKey(subject));
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header("retry-after", result.ttlInSeconds);
    throw tooMany();
  };
}

async function connectRedis(app: FastifyInstance): Promise<Redis | null> {
  const url = app.config.rateLimitRedisUrl;
  if (!url) return null;
  // No offline queue: while Redis is down a check fails at once and the request goes through
  // (skipOnError) instead of hanging; the outage is logged.
  const redis = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  redis.on("error", (err) => app.log.warn({ err }, "rate-limit store unavailable"));
  await redis.connect();
  app.addHook("onClose", async () => {
    await redis.quit();
  });
  return redis;
}
