import {
  normaliseRecipient,
  PUBLIC_OTP_MESSAGES,
  ZPublicOtpError,
  ZPublicOtpRequest,
  ZPublicOtpRequestResponse,
  ZPublicOtpVerifyRequest,
  ZPublicOtpVerifyResponse,
} from "@sms/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { authenticateApiCaller } from "../api-keys/index.ts";
import { logApiCalls, noteApiCaller, noteApiMessages } from "../api-logs/index.ts";
import { readApiSettings } from "../api-settings/index.ts";
import { sendDeps } from "../sending/index.ts";
import { otpErrors, recordOtpSender, registerOtpErrors } from "./otp-errors.ts";
import { OtpQuotaExceeded, type RequestOtpDeps, requestOtp, verifyOtp } from "./otp-requests.ts";
import { guardPumping, keyRateLimiter, type SafetyCaller } from "./safety.ts";

const TAGS = ["Public OTP API (ThaiBulkSMS v2)"];
const ERRORS = {
  400: ZPublicOtpError,
  401: ZPublicOtpError,
  402: ZPublicOtpError,
  403: ZPublicOtpError,
  429: ZPublicOtpError,
};

/** The organization whose OTP key and secret the body carries; otherwise the 401/403 answers. */
async function callerOf(request: FastifyRequest, key: string, secret: string): Promise<SafetyCaller> {
  const result = await authenticateApiCaller(request, { kind: "otp", key, secret });
  const owner = result.ok ? result : result.keyOwner;
  if (owner) noteApiCaller(request, { ...owner, apiKey: key });
  if (result.ok) return result;
  switch (result.failure) {
    case "invalid_credentials":
      throw otpErrors.unauthorized();
    case "ip_not_allowed":
      throw otpErrors.ipNotAllowed(result.ip);
    case "suspended":
      throw otpErrors.suspended(result.suspendedUntil);
    case "owner_unverified":
      throw otpErrors.ownerUnverified();
  }
}

/**
 * The ThaiBulkSMS-compatible OTP API, under /api/v2/otp (issue 14 point 3; DESIGN §7): a sibling
 * of the SMS API's plugin, so its Basic-auth hook does not apply; the OTP key and secret come in
 * the body, as ThaiBulkSMS's client sends them. Every error has ThaiBulkSMS OTP's envelope
 * (otp-errors.ts).
 */
export const publicOtpRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: RequestOtpDeps = Object.assign(sendDeps(app), {
    secret: app.config.apiKeyPepper,
    defaultSender: app.config.otpSender,
  });

  const limitPerKey = keyRateLimiter(app);
  registerOtpErrors(app);
  logApiCalls(app);
  // ThaiBulkSMS takes form bodies as well as JSON (this scope only).
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 16_384 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  app.post(
    "/request",
    {
      schema: {
        tags: TAGS,
        summary: "Send a one-time code to a number (ThaiBulkSMS v2 compatible)",
        description:
          "JSON or application/x-www-form-urlencoded `{key, secret, msisdn}` with the organization's OTP key; " +
          "optional `lang` (th|en) instead of the organization's OTP language. A 6-digit code valid for 5 minutes " +
          "goes out in the organization's OTP text and is charged like any SMS. At most 5 codes per number within " +
          "10 minutes (429 with Retry-After).",
        body: ZPublicOtpRequest,
        response: { 200: ZPublicOtpRequestResponse, ...ERRORS },
      },
    },
    async (request, reply) => {
      const { key, secret, msisdn, lang } = request.body;
      const caller = await callerOf(request, key, secret);
      const { organizationId } = caller;
      // The key's rate limit before anything is stored or charged (429, Retry-After); the pumping
      // guard in the send's transaction.
      await limitPerKey(request, reply, caller);
      const number = normaliseRecipient(msisdn);
      if (number === null) throw otpErrors.invalidMsisdn();
      const settings = await readApiSettings(app.db, organizationId);
      recordOtpSender(request, settings.otp_sender ?? app.config.otpSender);
      try {
        const issued = await requestOtp(deps, {
          organizationId,
          msisdn: number,
          language: lang,
          settings,
          onAccepted: (tx, _campaign, numbers) => guardPumping(tx, caller, numbers),
        });
        if (issued.messageId !== null) noteApiMessages(request, [issued.messageId]);
        return { status: "success" as const, token: issued.token, refno: issued.refno };
      } catch (error) {
        if (error instanceof OtpQuotaExceeded) throw otpErrors.tooManyRequests(error.retryAfterSeconds);
        throw error;
      }
    },
  );

  app.post(
    "/verify",
    {
      schema: {
        tags: TAGS,
        summary: "Check a one-time code (ThaiBulkSMS v2 compatible)",
        description:
          "`{key, secret, token, pin}`. A code is good once: after a success its token is invalid. Five wrong " +
          'pins and the code fails for good. Wrong pin: 400 "Code is invalid."; past 5 minutes: 400 "Token is ' +
          'expire."; unknown or used token: 400 "Token is invalid.".',
        body: ZPublicOtpVerifyRequest,
        response: { 200: ZPublicOtpVerifyResponse, ...ERRORS },
      },
    },
    async (request, reply) => {
      const { key, secret, token, pin } = request.body;
      const caller = await callerOf(request, key, secret);
      const { organizationId } = caller;
      await limitPerKey(request, reply, caller);
      const result = await verifyOtp(app.db, app.config.apiKeyPepper, {
        organizationId,
        token,
        pin: pin.trim(),
      });
      if (result.ok) return { status: "success" as const, message: PUBLIC_OTP_MESSAGES.correct };
      switch (result.failure) {
        case "code_invalid":
          throw otpErrors.codeInvalid();
        case "expired":
          throw otpErrors.tokenExpired();
        case "token_invalid":
          throw otpErrors.tokenInvalid();
        case "too_many_attempts":
          throw otpErrors.tooManyAttempts();
      }
    },
  );
};
