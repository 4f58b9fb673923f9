import { z } from "zod";
import { text } from "./text.ts";

/**
 * An organization's public-API settings (issue 14 points 3–4; GET/PUT /c/api-settings): the OTP
 * SMS (sender, language, texts) and the per-key rate limit and SMS-pumping thresholds. No stored
 * row means these defaults. Messages are i18n keys with their texts here, shared by the server's
 * errors and the web form.
 */
export const API_SETTINGS_MESSAGE_KEYS = {
  "api_settings.validation.sender_invalid": {
    en: "Please choose a sender name of at most 11 characters.",
    th: "กรุณาเลือกชื่อผู้ส่งที่ยาวไม่เกิน 11 ตัวอักษร",
  },
  "api_settings.validation.language_invalid": {
    en: "The OTP language must be Thai (th) or English (en).",
    th: "ภาษาของ OTP ต้องเป็นภาษาไทย (th) หรือภาษาอังกฤษ (en)",
  },
  "api_settings.validation.message_too_long": {
    en: "Please keep the OTP text within 300 characters.",
    th: "กรุณากรอกข้อความ OTP ไม่เกิน 300 ตัวอักษร",
  },
  "api_settings.validation.message_pin_required": {
    en: "The OTP text must contain {pin}, where the code goes.",
    th: "ข้อความ OTP ต้องมี {pin} ตรงตำแหน่งที่จะแสดงรหัส",
  },
  "api_settings.validation.rate_limit_invalid": {
    en: "The rate limit must be a whole number from 1 to 1,000 requests per second.",
    th: "จำนวนคำขอต่อวินาทีต้องเป็นจำนวนเต็มตั้งแต่ 1 ถึง 1,000",
  },
  "api_settings.validation.pump_invalid": {
    en: "The threshold must be a whole number from 0 (off) to 100,000.",
    th: "ค่าเกณฑ์ต้องเป็นจำนวนเต็มตั้งแต่ 0 (ปิด) ถึง 100,000",
  },
} as const satisfies Record<string, { en: string; th: string }>;

export type ApiSettingsMessageKey = keyof typeof API_SETTINGS_MESSAGE_KEYS;
const k = (key: ApiSettingsMessageKey) => ({ error: key });

export const OTP_LANGUAGES = ["th", "en"] as const;
export type OtpLanguage = (typeof OTP_LANGUAGES)[number];

/** How long an OTP code may be checked, in minutes (the `{minutes}` placeholder). */
export const OTP_VALID_MINUTES = 5;
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
  otp_valid_minutes: z.number().int(),
  /** When the settings were last saved; null = never (all defaults). */
  updated_at: z.string().nullable(),
});
export type TApiSettings = z.infer<typeof ZApiSettings>;

export const ZApiSettingsResponse = z.object({ data: ZApiSettings });
export type TApiSettingsResponse = z.infer<typeof ZApiSettingsResponse>;
