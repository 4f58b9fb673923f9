import { z } from "zod";
import type accountTexts from "../../locales/en/accounts.json";
import { hasMarkup, PERSON_NAME_MAX_LENGTH } from "../rules/person-name.ts";
import { hasMinPhoneLength, normaliseRecipient } from "../rules/phone.ts";
import { ZOtpCode, ZPassword, ZPasswordToCheck, ZPhoneNumber } from "../rules/validation.ts";
import { text } from "./text.ts";

/**
 * Request/response contracts of the accounts API (register, login, tokens, forgot password, me).
 * Validation messages are i18n keys; their texts are in locales/<lang>/accounts.json (and
 * validation.json of the rules), the catalogue the web and the server both load (ADR 104).
 */

export type AccountMessageKey = keyof typeof accountTexts;
const k = (key: AccountMessageKey) => key;

const ZName = text({ error: k("validation.required") })
  .trim()
  .min(1, { error: k("validation.required") })
  .max(PERSON_NAME_MAX_LENGTH, { error: k("validation.name_too_long") })
  .refine((v) => !hasMarkup(v), { error: k("validation.name_markup") });

export const ZEmail = text({ error: k("validation.required") })
  .trim()
  // An empty field is a missing one, like every other required field (review D1).
  .min(1, { error: k("validation.required") })
  .max(254, { error: k("validation.email_invalid") })
  .pipe(z.email({ error: k("validation.email_invalid") }));

/** A Thai mobile phone number in any typed form (0…, +66…, 66…); the server stores the 66 form. */
export const ZMobileNumber = ZPhoneNumber.refine(
  // Too short is already reported by ZPhoneNumber; one message per field is enough.
  (v) => !hasMinPhoneLength(v) || normaliseRecipient(v) !== null,
  { error: "validation.phone_invalid" },
);

/** Login and forgot-password accept an e-mail address or a Thai mobile phone number. */
const ZUsername = text({ error: k("validation.username_invalid") })
  .trim()
  .min(3, { error: k("validation.username_invalid") })
  .max(254, { error: k("validation.username_invalid") });

const ZRefCode = text({ error: k("validation.ref_code_invalid") })
  .trim()
  .regex(/^[A-Za-z0-9]{4,6}$/, { error: k("validation.ref_code_invalid") });

const ZOpaqueToken = text({ error: k("validation.token_invalid") })
  .min(16, { error: k("validation.token_invalid") })
  .max(200, { error: k("validation.token_invalid") });

const confirmationMatches = (v: { password: string; password_confirmation: string }) =>
  v.password === v.password_confirmation;
const confirmationIssue = {
  error: k("validation.password_confirmation_mismatch"),
  path: ["password_confirmation"],
};

export const ZVerifyType = z.enum(["phone", "email"], { error: k("validation.verify_type_invalid") });
export type TVerifyType = z.infer<typeof ZVerifyType>;

// ---- requests ----

export const ZRegisterRequest = z
  .object({
    first_name: ZName,
    last_name: ZName,
    email: ZEmail,
    phone_number: ZMobileNumber,
    password: ZPassword,
    password_confirmation: text({ error: k("validation.password_confirmation_mismatch") }),
    accept_terms: z.literal(true, { error: k("validation.terms_required") }),
  })
  .refine(confirmationMatches, confirmationIssue);
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

export const ZLoginRequest = z.object({ username: ZUsername, password: ZPasswordToCheck });
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZRefreshTokenRequest = z.object({ refresh_token: ZOpaqueToken });
export type TRefreshTokenRequest = z.infer<typeof ZRefreshTokenRequest>;

export const ZForgotPasswordRequest = z.object({ username: ZUsername });
export type TForgotPasswordRequest = z.infer<typeof ZForgotPasswordRequest>;

export const ZForgotPasswordVerifyRequest = z.object({ token: ZOpaqueToken, code: ZOtpCode });
export type TForgotPasswordVerifyRequest = z.infer<typeof ZForgotPasswordVerifyRequest>;

export const ZResetPasswordRequest = z
  .object({
    reset_token: ZOpaqueToken,
    password: ZPassword,
    password_confirmation: text({ error: k("validation.password_confirmation_mismatch") }),
  })
  .refine(confirmationMatches, confirmationIssue);
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

export const ZRequestVerifyQuery = z.object({ type: ZVerifyType });
export type TRequestVerifyQuery = z.infer<typeof ZRequestVerifyQuery>;

export const ZVerifyRequest = z.object({ type: ZVerifyType, code: ZOtpCode, ref_code: ZRefCode });
export type TVerifyRequest = z.infer<typeof ZVerifyRequest>;

export const ZChangePhoneRequest = z.object({ phone_number: ZMobileNumber });
export type TChangePhoneRequest = z.infer<typeof ZChangePhoneRequest>;

export const ZChangeEmailRequest = z.object({ email: ZEmail });
export type TChangeEmailRequest = z.infer<typeof ZChangeEmailRequest>;

export const ZAcceptTncRequest = z.object({
  version: text({ error: k("validation.required") }).min(1, { error: k("validation.required") }),
});
export type TAcceptTncRequest = z.infer<typeof ZAcceptTncRequest>;

export const ZUpdateMeRequest = z.object({ first_name: ZName, last_name: ZName });
export type TUpdateMeRequest = z.infer<typeof ZUpdateMeRequest>;

export const ZChangePasswordRequest = z
  .object({
    current_password: ZPasswordToCheck,
    password: ZPassword,
    password_confirmation: text({ error: k("validation.password_confirmation_mismatch") }),
  })
  .refine(confirmationMatches, confirmationIssue);
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

// ---- responses ----

/** Spec §3 Token payload. */
export const ZTokenPair = z.object({ token: z.string(), refresh_token: z.string() });
export type TTokenPair = z.infer<typeof ZTokenPair>;

export const ZTokenResponse = z.object({ data: ZTokenPair });
export type TTokenResponse = z.infer<typeof ZTokenResponse>;

/** A one-time code was (or, for an unknown account, seemed to be) sent. */
export const ZOtpTicket = z.object({
  ref_code: z.string(),
  /** Seconds until the UI should offer "send again". */
  resend_after: z.number().int(),
  /** Seconds the code stays valid. */
  expires_in: z.number().int(),
});
export type TOtpTicket = z.infer<typeof ZOtpTicket>;

export const ZOtpTicketResponse = z.object({ data: ZOtpTicket });
export type TOtpTicketResponse = z.infer<typeof ZOtpTicketResponse>;

export const ZRegisterResponse = z.object({
  data: z.object({ token_register: ZTokenPair, phone_verification: ZOtpTicket }),
});
export type TRegisterResponse = z.infer<typeof ZRegisterResponse>;

export const ZForgotPasswordResponse = z.object({ data: ZOtpTicket.extend({ token: z.string() }) });
export type TForgotPasswordResponse = z.infer<typeof ZForgotPasswordResponse>;

export const ZForgotPasswordVerifyResponse = z.object({
  data: z.object({ reset_token: z.string(), expires_in: z.number().int() }),
});
export type TForgotPasswordVerifyResponse = z.infer<typeof ZForgotPasswordVerifyResponse>;

export const ZMessageResponse = z.object({ data: z.object({ message: z.string() }) });
export type TMessageResponse = z.infer<typeof ZMessageResponse>;

export const ZTncLog = z.object({ version: z.string(), accepted_at: z.string() });
export type TTncLog = z.infer<typeof ZTncLog>;

/** Spec §3 "Me". Times are ISO-8601 UTC strings; phone numbers are in the 66 form. */
export const ZMe = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  roles: z.array(z.number().int()),
  default_organization_id: z.number().int().nullable(),
  default_organization: z
    .object({
      id: z.number().int(),
      name: z.string(),
      credits: z.number().int(),
      credit_expired_on: z.string().nullable(),
      credit_trial_redeemed_at: z.string().nullable(),
      /** Staff's suspension while it lasts (spec §9 terms), so the customer sees why; else null. */
      suspension: z.object({ until: z.string(), reason: z.string() }).nullable(),
    })
    .nullable(),
  tnc_log: ZTncLog.nullable(),
  tnc_version: z.string().nullable(),
  tnc_accepted_at: z.string().nullable(),
  phone_number_verified_at: z.string().nullable(),
  email_verified_at: z.string().nullable(),
});
export type TMe = z.infer<typeof ZMe>;

export const ZMeResponse = z.object({ data: ZMe });
export type TMeResponse = z.infer<typeof ZMeResponse>;

export const ZVerifyResponse = z.object({
  data: z.object({
    type: ZVerifyType,
    /** The now verified phone (66 form) or e-mail; after a change request, the new one. */
    value: z.string(),
    verified_at: z.string(),
    message: z.string(),
  }),
});
export type TVerifyResponse = z.infer<typeof ZVerifyResponse>;

export const ZTncResponse = z.object({ data: ZTncLog });
export type TTncResponse = z.infer<typeof ZTncResponse>;

/** Error codes of the accounts API that the web app handles specially. */
export const ACCOUNT_ERROR_CODES = {
  invalidCredentials: "INVALID_CREDENTIALS",
  locked: "LOCKED",
  sessionReplaced: "SESSION_REPLACED",
  otpInvalid: "OTP_INVALID",
  otpExpired: "OTP_EXPIRED",
  rateLimited: "RATE_LIMITED",
} as const;
