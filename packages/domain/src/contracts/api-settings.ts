import { z } from "zod";
import type apiSettingsTexts from "../../locales/en/api-settings.json";
import { text } from "./text.ts";

/**
 * An organization's public-API settings (issue 14 points 3–4; GET/PUT /c/api-settings): the OTP
 * SMS (sender, language, texts) and the per-key rate limit and SMS-pumping thresholds. No stored
 * row means these defaults. Messages are i18n keys with their texts in
 * locales/<lang>/api-settings.json, shared by the server and the web.
 */

export type ApiSettingsMessageKey = keyof typeof apiSettingsTexts;
const k = (key: ApiSettingsMessageKey) => ({ error: key });

export const OTP_LANGUAGES = ["th", "en"] as const;
export type OtpLanguage = (typeof OTP_LANGUAGES)[number];

/** How long an OTP code may be checked by default, in minutes (the `{minutes}` placeholder). */
export const OTP_VALID_MINUTES = 5;
/** The digits of a code by default. */
export const OTP_DEFAULT_CODE_LENGTH = 6;
/** What an organization may choose (issue 28 point 4). */
export const OTP_CODE_LENGTH_RANGE = { min: 4, max: 8 } as const;
export const OTP_VALID_MINUTES_RANGE = { min: 1, max: 10 } as const;
/**
 * A request for a number whose code is still valid (pending, unexpired):
 * - `new`: a new code with its own token and refno (the default, as ThaiBulkSMS does);
 * - `same_code`: the same code again, with its token, refno and validity;
 * - `new_code`: a new code under the same token and refno, valid from now.
 * Every send counts against the number's 5 sends per 10 minutes; wrong checks add up per token.
 */
export const OTP_RESEND_MODES = ["new", "same_code", "new_code"] as const;
export type OtpResendMode = (typeof OTP_RESEND_MODES)[number];
export const OTP_MESSAGE_MAX_LENGTH = 300;
/** The placeholders of an OTP text; `{pin}` is required. */
export const OTP_PLACEHOLDERS = ["{pin}", "{refno}", "{minutes}"] as const;

/** The built-in OTP texts, used when the organization has not written its own. */
export const OTP_DEFAULT_MESSAGES: Record<OtpLanguage, string> = {
  th: "รหัส OTP ของคุณคือ {pin} (รหัสอ้างอิง {refno}) ใช้ได้ภายใน {minutes} นาที ห้ามบอกรหัสนี้กับผู้อื่น",
  en: "Your OTP is {pin} (Ref: {refno}). It is valid for {minutes} minutes. Do not share it.",
};

export const API_SETTINGS_DEFAULTS = {
  otp_language: "th" as OtpLanguage,
  otp_code_length: OTP_DEFAULT_CODE_LENGTH,
  otp_valid_minutes: OTP_VALID_MINUTES,
  otp_resend: "new" as OtpResendMode,
  rate_limit_per_second: 50,
  pump_prefix_max: 200,
  pump_fresh_key_max: 300,
} as const;

export const API_RATE_LIMIT_RANGE = { min: 1, max: 1_000 } as const;
export const API_PUMP_RANGE = { min: 0, max: 100_000 } as const;

/** The OTP text with its placeholders filled (every occurrence); other braces stay as written. */
export function fillOtpMessage(
  template: string,
  values: { pin: string; refno: string; minutes: number | string },
): string {
  return template
    .replaceAll("{pin}", values.pin)
    .replaceAll("{refno}", values.refno)
    .replaceAll("{minutes}", String(values.minutes));
}

/** The text an organization's OTP goes out with in a language: its own, or the built-in one. */
export function otpMessageTemplate(
  settings: { otp_message_th: string | null; otp_message_en: string | null },
  language: OtpLanguage,
): string {
  const own = language === "th" ? settings.otp_message_th : settings.otp_message_en;
  return own ?? OTP_DEFAULT_MESSAGES[language];
}

/** null, empty or blank = the built-in text; otherwise at most 300 characters with `{pin}`. */
const ZOtpMessage = z.preprocess(
  (v) => (v === undefined || (typeof v === "string" && v.trim() === "") ? null : v),
  text(k("api_settings.validation.message_too_long"))
    .trim()
    .max(OTP_MESSAGE_MAX_LENGTH, k("api_settings.validation.message_too_long"))
    .refine((message) => message.includes("{pin}"), k("api_settings.validation.message_pin_required"))
    .nullable(),
);

const wholeIn = (range: { min: number; max: number }, key: ApiSettingsMessageKey) =>
  z.coerce.number(k(key)).int(k(key)).min(range.min, k(key)).max(range.max, k(key));

/**
 * PUT /c/api-settings: the whole settings. `otp_sender` null or empty = the shared default
 * sender; otherwise one of the organization's approved senders (checked by the server).
 */
export const ZUpdateApiSettingsRequest = z.object({
  otp_sender: z.preprocess(
    (v) => (v === undefined || (typeof v === "string" && v.trim() === "") ? null : v),
    text(k("api_settings.validation.sender_invalid"))
      .trim()
      .max(11, k("api_settings.validation.sender_invalid"))
      .nullable(),
  ),
  otp_language: z.enum(OTP_LANGUAGES, k("api_settings.validation.language_invalid")),
  otp_message_th: ZOtpMessage,
  otp_message_en: ZOtpMessage,
  rate_limit_per_second: wholeIn(API_RATE_LIMIT_RANGE, "api_settings.validation.rate_limit_invalid"),
  pump_prefix_max: wholeIn(API_PUMP_RANGE, "api_settings.validation.pump_invalid"),
  pump_fresh_key_max: wholeIn(API_PUMP_RANGE, "api_settings.validation.pump_invalid"),
  /** Absent = the default (a client saving the settings without them keeps today's codes). */
  otp_code_length: wholeIn(OTP_CODE_LENGTH_RANGE, "api_settings.validation.code_length_invalid").default(
    OTP_DEFAULT_CODE_LENGTH,
  ),
  otp_valid_minutes: wholeIn(
    OTP_VALID_MINUTES_RANGE,
    "api_settings.validation.valid_minutes_invalid",
  ).default(OTP_VALID_MINUTES),
  otp_resend: z.enum(OTP_RESEND_MODES, k("api_settings.validation.resend_invalid")).default("new"),
});
export type TUpdateApiSettingsRequest = z.input<typeof ZUpdateApiSettingsRequest>;
export type TUpdateApiSettingsBody = z.output<typeof ZUpdateApiSettingsRequest>;

/** The settings as stored (null = default), with the defaults the UI shows beside them. */
export const ZApiSettings = z.object({
  otp_sender: z.string().nullable(),
  otp_language: z.enum(OTP_LANGUAGES),
  otp_message_th: z.string().nullable(),
  otp_message_en: z.string().nullable(),
  rate_limit_per_second: z.number().int(),
  pump_prefix_max: z.number().int(),
  pump_fresh_key_max: z.number().int(),
  /** The shared sender used when `otp_sender` is null. */
  default_sender: z.string(),
  /** The built-in texts used when a language's own text is null. */
  default_messages: z.object({ th: z.string(), en: z.string() }),
  /** The code's digits (4–8), its validity (1–10 minutes) and what a repeated request sends. */
  otp_code_length: z.number().int(),
  otp_valid_minutes: z.number().int(),
  otp_resend: z.enum(OTP_RESEND_MODES),
  /** When the settings were last saved; null = never (all defaults). */
  updated_at: z.string().nullable(),
});
export type TApiSettings = z.infer<typeof ZApiSettings>;

export const ZApiSettingsResponse = z.object({ data: ZApiSettings });
export type TApiSettingsResponse = z.infer<typeof ZApiSettingsResponse>;
