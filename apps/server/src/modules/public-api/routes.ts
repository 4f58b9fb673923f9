import {
  flagValue,
  normaliseRecipient,
  PUBLIC_SMS_MAX_NUMBERS,
  type PublicCreditType,
  type PublicSmsResponse,
  ZPublicApiError,
  ZPublicCreditResponse,
  ZPublicSmsRequest,
  ZPublicSmsResponse,
} from "@sms/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { translate } from "../../i18n/index.ts";
import { authenticateApiCaller } from "../api-keys/index.ts";
import { acceptApiSend, type SendDeps } from "../campaigns/index.ts";
import { balanceOf } from "../credits/index.ts";
import { PublicApiError, publicLocale, registerPublicErrors } from "./errors.ts";

const TAGS = ["Public SMS API (ThaiBulkSMS v2)"];
const SECURITY = [{ basicAuth: [] }];
const ERRORS = { 400: ZPublicApiError, 401: ZPublicApiError, 402: ZPublicApiError, 403: ZPublicApiError };

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
async function callerOf(request: FastifyRequest): Promise<number> {
  const credentials = basicCredentials(request.headers.authorization);
  if (!credentials) throw new PublicApiError("ERROR_UNAUTHORIZED", "public_api.unauthorized");
  const result = await authenticateApiCaller(request, { kind: "sms", ...credentials });
  if (result.ok) return result.organizationId;
  switch (result.failure) {
    case "invalid_credentials":
      throw new PublicApiError("ERROR_UNAUTHORIZED", "public_api.unauthorized");
    case "ip_not_allowed":
      throw new PublicApiError("ERROR_IP_NOT_ALLOWED", "public_api.ip_not_allowed", { ip: result.ip });
    case "suspended":
      throw new PublicApiError("ERROR_ACCOUNT_SUSPENDED", "public_api.suspended", {
        until: result.suspendedUntil.toISOString(),
      });
  }
}

const callers = new WeakMap<FastifyRequest, number>();

function organizationOf(request: FastifyRequest): number {
  const id = callers.get(request);
  if (id === undefined) throw new Error("public api route reached without a caller");
  return id;
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
  const deps: SendDeps = {
    get db() {
      return app.db;
    },
    get jobs() {
      return app.jobs;
    },
    get chunkSize() {
      return app.config.engine.chunkSize;
    },
    get linkOrigin() {
      return app.config.publicUrl;
    },
  };

  registerPublicErrors(app);
  // ThaiBulkSMS takes form bodies as well as JSON (this scope only).
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 65_536 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
  // Before the body is read: an unknown caller learns nothing about its request.
  app.addHook("onRequest", async (request) => {
    callers.set(request, await callerOf(request));
  });

  app.post(
    "/sms",
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: "Send SMS (ThaiBulkSMS v2 compatible)",
        description:
          "JSON or application/x-www-form-urlencoded. `msisdn` is a comma-separated list; invalid and repeated numbers are listed in `bad_phone_number_list` and not charged. `force` standard or corporate both draw on the one credit balance. `scheduled_delivery` is refused (400 ERROR_SCHEDULED_DELIVERY_NOT_SUPPORTED).",
        body: ZPublicSmsRequest,
        response: { 201: ZPublicSmsResponse, ...ERRORS },
      },
    },
    async (request, reply) => {
      const organizationId = organizationOf(request);
      const body = request.body;
      const locale = publicLocale(request);
      if (body.scheduled_delivery !== undefined && body.scheduled_delivery.trim() !== "") {
        throw new PublicApiError(
          "ERROR_SCHEDULED_DELIVERY_NOT_SUPPORTED",
          "public_api.scheduled_delivery_unsupported",
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
      const sent = await acceptApiSend(deps, {
        organizationId,
        numbers,
        message: body.message,
        sender: body.sender,
        trackLinks: flagValue(body.shorten_url),
        tag: body.tag,
        callbackUrl: body.callback_url || undefined,
      });
      const answer: PublicSmsResponse = {
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
      return reply.status(201).send(answer);
    },
  );

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
      const balance = await balanceOf(app.db.db, organizationOf(request));
      return { remaining_credit: { standard: balance, corporate: balance } };
    },
  );
};
