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
import { apiSettingsOf, type EffectiveApiSettings } from "../api-settings/index.ts";
import {
  checkOtpRequests,
  guardOtpRequest,
  type OtpGuardRequest,
  recordOtpBlocks,
} from "../otp-guard/index.ts";
import { sendDeps } from "../sending/index.ts";
import { otpErrors, recordOtpSender, registerOtpErrors } from "./otp-errors.ts";
import {
  type OtpAdmissionCheck,
  type OtpAdmissionRequest,
  OtpQuotaExceeded,
  OtpRequestBatcher,
  otpQuotaCheck,
  type RequestOtpDeps,
  requestOtp,
} from "./otp-requests.ts";
import { OtpVerifyBatcher } from "./otp-verify.ts";
import { guardPumping, guardPumpingBatch, keyRateLimiter, type SafetyCaller } from "./safety.ts";

const TAGS = ["Public OTP API (ThaiBulkSMS v2)"];
const ERRORS = {
  400: ZPublicOtpError,
  401: ZPublicOtpError,
  402: ZPublicOtpError,
  403: ZPublicOtpError,
  429: ZPublicOtpError,
};

/**
 * The organization whose OTP key and secret the body carries, with its API settings (read by the same
 * query); otherwise the 401/403 answers.
 */
async function callerOf(
  request: FastifyRequest,
  key: string,
  secret: string,
): Promise<SafetyCaller & { settings: EffectiveApiSettings }> {
  const result = await authenticateApiCaller(request, { kind: "otp", key, secret });
  const owner = result.ok ? result : result.keyOwner;
  if (owner) noteApiCaller(request, { ...owner, apiKey: key });
  if (result.ok) return { ...result, settings: apiSettingsOf(result.settings) };
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

  /**
   * THE checks of a code request before it is accepted, in order, in its batch's transaction with
   * its organization's balance locked (OtpRequestBatcher): the OTP fraud guard (deny list, held
   * prefixes, limits per organization and prefix; ADR 98, counted in the batch since ADR 107), the
   * number's quota of codes, then the SMS-pumping guard. A check refuses a request alone; nothing of
   * it is stored or charged, and the guards' refusals are recorded for the OTP report in the same
   * transaction.
   */
  const guarded = (r: OtpAdmissionRequest): OtpGuardRequest => ({
    organizationId: r.organizationId,
    msisdn: r.msisdn,
    sender: r.code.sender,
    settings: (r.caller as SafetyCaller).limits,
  });
  const admissionChecks: OtpAdmissionCheck[] = [
    (tx, requests) => checkOtpRequests(tx, requests.map(guarded)),
    otpQuotaCheck,
    async (tx, requests) => {
      const verdicts = await guardPumpingBatch(
        tx,
        requests.map((r) => ({ organizationId: r.organizationId, numbers: [r.msisdn], guard: r.caller })),
      );
      await recordOtpBlocks(
        tx,
        requests.flatMap((r, i) =>
          verdicts[i] ? [{ request: guarded(r), reason: "pumping" as const }] : [],
        ),
      );
      return verdicts;
    },
  ];
  const batcher = new OtpRequestBatcher(deps, admissionChecks);
  // Checks arriving together go in one statement (ADR 107).
  const verifier = new OtpVerifyBatcher(app.db, app.config.apiKeyPepper);

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
          "optional `lang` (th|en) instead of the organization's OTP language. A code of the organization's " +
          "length (4-8 digits, 6 by default) valid for its minutes (1-10, 5 by default) goes out in the " +
          "organization's OTP text and is charged like any SMS. At most 5 codes per number within 10 minutes " +
          "(429 with Retry-After). By default every request is a new code with its own token and refno; with " +
          "the organization's resend setting, a request while the number's code is still valid answers the same " +
          "token and refno and sends the same code again (same_code) or a new one (new_code).",
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
      const { settings } = caller;
      const sender = settings.otp_sender ?? app.config.otpSender;
      recordOtpSender(request, sender);
      try {
        // A free-trial organization's codes go one by one, through the trial's limits (ADR 32),
        // behind the OTP fraud guard (ADR 98); the others' guard runs in their batch (ADR 107).
        const issued = caller.trialOnly
          ? await guardOtpRequest(
              app.db,
              { organizationId, msisdn: number, sender, settings: caller.limits },
              () =>
                requestOtp(deps, {
                  organizationId,
                  msisdn: number,
                  language: lang,
                  settings,
                  onAccepted: (tx, _campaign, numbers) => guardPumping(tx, caller, numbers),
                }),
            )
          : await batcher.request({ organizationId, msisdn: number, language: lang, settings, caller });
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
          'pins for a token and the code fails for good. Wrong pin: 400 "Code is invalid."; past its minutes: 400 "Token is ' +
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
      const result = await verifier.verify({ organizationId, token, pin: pin.trim() });
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
