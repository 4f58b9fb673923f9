import {
  checkScheduledDelivery,
  flagValue,
  normaliseRecipient,
  PUBLIC_SMS_MAX_NUMBERS,
  type PublicCreditType,
  type PublicSmsResponse,
  SCHEDULED_DELIVERY_MAX_DAYS,
  ZPublicApiError,
  ZPublicCreditResponse,
  ZPublicSmsRequest,
  ZPublicSmsResponse,
} from "@sms/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { translate } from "../../i18n/index.ts";
import { TenantScope } from "../../platform/tenant.ts";
import { authenticateApiCaller } from "../api-keys/index.ts";
import { logApiCalls, noteApiCaller, noteApiMessages } from "../api-logs/index.ts";
import { balanceOf } from "../credits/index.ts";
import { ApiSendBatcher, acceptApiSend, findApiSend, sendDeps } from "../sending/index.ts";
import { PublicApiError, publicLocale, registerPublicErrors } from "./errors.ts";
import {
  assertSameRequest,
  claimIdempotencyKey,
  findIdempotent,
  guardPumping,
  guardPumpingBatch,
  idempotencyKeyOf,
  keyRateLimiter,
  requestDigest,
  type SafetyCaller,
  storeIdempotentAnswer,
} from "./safety.ts";

const TAGS = ["Public SMS API (ThaiBulkSMS v2)"];
const SECURITY = [{ basicAuth: [] }];
const ERRORS = {
  400: ZPublicApiError,
  401: ZPublicApiError,
  402: ZPublicApiError,
  403: ZPublicApiError,
  409: ZPublicApiError,
  422: ZPublicApiError,
  429: ZPublicApiError,
};

/** `Authorization: Basic base64(key:secret)`; null when absent or not of that shape. */
export function basicCredentials(header: string | undefined): { key: string; secret: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? "");
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon <= 0 || colon === decoded.length - 1) return null;
  return { key: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

/** The organization whose SMS key signed the request; otherwise the ThaiBulkSMS 401/403. */
async function callerOf(request: FastifyRequest): Promise<SafetyCaller> {
  const credentials = basicCredentials(request.headers.authorization);
  if (!credentials) throw new PublicApiError("ERROR_UNAUTHORIZED", "public_api.unauthorized");
  const result = await authenticateApiCaller(request, { kind: "sms", ...credentials });
  const owner = result.ok ? result : result.keyOwner;
  if (owner) noteApiCaller(request, { ...owner, apiKey: credentials.key });
  if (result.ok) return result;
  switch (result.failure) {
    case "invalid_credentials":
      throw new PublicApiError("ERROR_UNAUTHORIZED", "public_api.unauthorized");
    case "ip_not_allowed":
      throw new PublicApiError("ERROR_IP_NOT_ALLOWED", "public_api.ip_not_allowed", { ip: result.ip });
    case "suspended":
      throw new PublicApiError("ERROR_ACCOUNT_SUSPENDED", "public_api.suspended", {
        until: result.suspendedUntil.toISOString(),
      });
    case "owner_unverified":
      throw new PublicApiError("ERROR_PHONE_NOT_VERIFIED", "public_api.owner_unverified");
  }
}

const callers = new WeakMap<FastifyRequest, SafetyCaller>();

function callerFor(request: FastifyRequest): SafetyCaller {
  const caller = callers.get(request);
  if (caller === undefined) throw new Error("public api route reached without a caller");
  return caller;
}

function httpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

/**
 * The ThaiBulkSMS-compatible SMS API, under /api/v2 (issue 14 point 3; ADR 21): not a portal
 * route (no session, no tenant header), authenticated by the organization's SMS key and secret
 * with HTTP Basic, behind its IP whitelist. Every error has ThaiBulkSMS's envelope (errors.ts).
 */
export const publicApiRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = sendDeps(app);

  // Plain sends are group-committed (one transaction per batch); tracked links and
  // Idempotency-Key sends go one by one (acceptApiSend).
  const batcher = new ApiSendBatcher(deps, (tx, sends) => guardPumpingBatch(tx, sends));

  registerPublicErrors(app);
  logApiCalls(app);
  // ThaiBulkSMS takes form bodies as well as JSON (this scope only).
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 65_536 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
  const limitPerKey = keyRateLimiter(app);
  // Before the body is read: an unknown caller learns nothing about its request, and a request
  // over the key's rate limit (429, Retry-After) is refused before anything is charged.
  app.addHook("onRequest", async (request, reply) => {
    const caller = await callerOf(request);
    callers.set(request, caller);
    await limitPerKey(request, reply, caller);
  });

  app.post(
    "/sms",
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: "Send SMS (ThaiBulkSMS v2 compatible)",
        description:
          "JSON or application/x-www-form-urlencoded. `msisdn` is a comma-separated list; invalid and duplicate numbers are listed in `bad_phone_number_list` and not charged. `force` standard or corporate both draw on the one credit balance. `scheduled_delivery` (YYMMDDhhmm or YYYY-MM-DD HH:mm on Bangkok time, or ISO 8601 with an offset; at most 7 days ahead) sends later: the credits are charged now and the messages stay queued until then; a time up to 5 minutes past is sent now, an earlier one is a 400 ERROR_INVALID_SCHEDULED_DELIVERY. " +
          "An `Idempotency-Key` header (up to 255 printable characters) makes a retry safe: the same key with the same body within 24 hours answers the first answer again (header `Idempotent-Replayed: true`) without sending; the same key with another body is a 422. " +
          "Each key may make the organization's requests per second (429 with Retry-After beyond that, nothing charged), and the SMS-pumping guard refuses a burst to one number prefix, or to many numbers from a key under a day old (429 ERROR_PUMPING_SUSPECTED, nothing charged).",
        body: ZPublicSmsRequest,
        response: { 201: ZPublicSmsResponse, ...ERRORS },
      },
    },
    async (request, reply) => {
      const caller = callerFor(request);
      const { organizationId } = caller;
      const body = request.body;
      const idempotencyKey = idempotencyKeyOf(request);
      const requestHash = idempotencyKey ? requestDigest("POST /sms", body) : "";
      if (idempotencyKey) {
        const replay = await replayOf(organizationId, idempotencyKey, requestHash);
        if (replay) {
          noteApiMessages(request, messageIdsOf(replay));
          return reply.status(201).header("idempotent-replayed", "true").send(replay);
        }
      }
      const locale = publicLocale(request);
      const scheduled = checkScheduledDelivery(body.scheduled_delivery, new Date());
      if (!scheduled.ok) {
        throw new PublicApiError(
          "ERROR_INVALID_SCHEDULED_DELIVERY",
          `public_api.scheduled_delivery_${scheduled.reason}`,
          {
            days: SCHEDULED_DELIVERY_MAX_DAYS,
          },
        );
      }
      if (body.message.trim() === "") {
        throw new PublicApiError("ERROR_INVALID_PARAMETER", "public_api.message_required");
      }
      if (body.callback_url !== undefined && body.callback_url !== "" && !httpUrl(body.callback_url)) {
        throw new PublicApiError("ERROR_INVALID_PARAMETER", "public_api.callback_url_invalid");
      }
      const typed = body.msisdn
        .split(",")
        .map((n) => n.trim())
        .filter((n) => n !== "");
      if (typed.length > PUBLIC_SMS_MAX_NUMBERS) {
        throw new PublicApiError("ERROR_INVALID_MSISDN", "public_api.too_many_numbers", {
          max: PUBLIC_SMS_MAX_NUMBERS.toLocaleString("en"),
        });
      }
      const numbers: string[] = [];
      const bad: PublicSmsResponse["bad_phone_number_list"] = [];
      const seen = new Set<string>();
      for (const number of typed) {
        const normalised = normaliseRecipient(number);
        if (normalised === null) {
          bad.push({ number, message: translate("public_api.invalid_phone_number", locale) });
        } else if (seen.has(normalised)) {
          bad.push({ number, message: translate("public_api.duplicate_phone_number", locale) });
        } else {
          seen.add(normalised);
          numbers.push(normalised);
        }
      }
      if (numbers.length === 0)
        throw new PublicApiError("ERROR_INVALID_MSISDN", "public_api.no_valid_number");
      const creditType: PublicCreditType = body.force ?? "standard";
      const trackLinks = flagValue(body.shorten_url);
      // A scheduled send is charged now and its dispatch job starts at the time: one by one; so
      // is a free-trial organization's, whose limits the one acceptance enforces (ADR 32).
      if (!idempotencyKey && !trackLinks && scheduled.at === null && !caller.trialOnly) {
        const sent = await batcher.submit({
          organizationId,
          numbers,
          message: body.message,
          sender: body.sender,
          tag: body.tag,
          callbackUrl: body.callback_url || undefined,
          guard: caller,
        });
        noteApiMessages(request, messageIdsOf(sent));
        return reply.status(201).send(smsAnswer(sent, creditType, bad));
      }
      const sent = await acceptApiSend(deps, {
        organizationId,
        numbers,
        message: body.message,
        sender: body.sender,
        trackLinks,
        tag: body.tag,
        callbackUrl: body.callback_url || undefined,
        startAt: scheduled.at,
        onAccepted: async (tx, campaign, accepted) => {
          await guardPumping(tx, caller, accepted);
          if (idempotencyKey) {
            await claimIdempotencyKey(tx, organizationId, idempotencyKey, requestHash, {
              campaign_id: campaign.id,
              credit_type: creditType,
              bad_phone_number_list: bad,
            });
          }
        },
      });
      noteApiMessages(request, messageIdsOf(sent));
      const answer = smsAnswer(sent, creditType, bad);
      if (idempotencyKey) await storeIdempotentAnswer(app.db, organizationId, idempotencyKey, 201, answer);
      return reply.status(201).send(answer);
    },
  );

  /**
   * The answer to replay for a key already used (within 24 hours) with the same request; a 422
   * for another request. A record without its answer (the process stopped between the commit and
   * storing it) is answered from the send itself.
   */
  async function replayOf(
    organizationId: number,
    key: string,
    requestHash: string,
  ): Promise<PublicSmsResponse | null> {
    const record = await findIdempotent(app.db, organizationId, key);
    if (!record) return null;
    assertSameRequest(record, requestHash);
    if (record.statusCode !== 0) return record.response as PublicSmsResponse;
    const pending = record.response as {
      campaign_id: number;
      credit_type: PublicCreditType;
      bad_phone_number_list: PublicSmsResponse["bad_phone_number_list"];
    };
    const sent = await findApiSend(new TenantScope(app.db, organizationId), pending.campaign_id);
    if (!sent) return null;
    return smsAnswer(sent, pending.credit_type, pending.bad_phone_number_list);
  }

  app.get(
    "/credit",
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: "Remaining credit (ThaiBulkSMS v2 compatible)",
        description:
          "We keep one balance: `standard` and `corporate` both report it (they are the same credits, not two pools to add up).",
        response: { 200: ZPublicCreditResponse, ...ERRORS },
      },
    },
    async (request) => {
      const balance = await balanceOf(app.db, callerFor(request).organizationId);
      return { remaining_credit: { standard: balance, corporate: balance } };
    },
  );
};

/** The ids of the messages a send created (its answer's, for a replay), for the request log. */
function messageIdsOf(sent: { messages: { messageId: number }[] } | PublicSmsResponse): number[] {
  return "messages" in sent
    ? sent.messages.map((m) => m.messageId)
    : sent.phone_number_list.map((p) => Number(p.message_id));
}

function smsAnswer(
  sent: { messages: { recipient: string; messageId: number; credits: number }[]; balance: number },
  creditType: PublicCreditType,
  bad: PublicSmsResponse["bad_phone_number_list"],
): PublicSmsResponse {
  return {
    remaining_credit: sent.balance,
    total_use_credit: sent.messages.reduce((sum, m) => sum + m.credits, 0),
    credit_type: creditType,
    phone_number_list: sent.messages.map((m) => ({
      number: m.recipient,
      message_id: String(m.messageId),
      used_credit: m.credits,
    })),
    bad_phone_number_list: bad,
  };
}
