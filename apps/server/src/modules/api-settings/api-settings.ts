import { type Db, schema } from "@sms/db";
import {
  API_SETTINGS_DEFAULTS,
  OTP_DEFAULT_MESSAGES,
  OTP_RESEND_MODES,
  type OtpLanguage,
  type OtpResendMode,
  type TApiSettings,
  type TUpdateApiSettingsBody,
} from "@sms/domain";
import { eq, sql } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import type { TenantScope } from "../../platform/tenant.ts";
import { findSendableSender } from "../senders/index.ts";

const s = schema.apiSettings;

/** The settings the public API acts on: the stored row or the defaults (no row = defaults). */
export interface EffectiveApiSettings {
  otp_sender: string | null;
  otp_language: OtpLanguage;
  otp_message_th: string | null;
  otp_message_en: string | null;
  otp_code_length: number;
  otp_valid_minutes: number;
  otp_resend: OtpResendMode;
  rate_limit_per_second: number;
  pump_prefix_max: number;
  pump_fresh_key_max: number;
  updated_at: Date | null;
}

const DEFAULT_SETTINGS: EffectiveApiSettings = {
  otp_sender: null,
  otp_language: API_SETTINGS_DEFAULTS.otp_language,
  otp_message_th: null,
  otp_message_en: null,
  otp_code_length: API_SETTINGS_DEFAULTS.otp_code_length,
  otp_valid_minutes: API_SETTINGS_DEFAULTS.otp_valid_minutes,
  otp_resend: API_SETTINGS_DEFAULTS.otp_resend,
  rate_limit_per_second: API_SETTINGS_DEFAULTS.rate_limit_per_second,
  pump_prefix_max: API_SETTINGS_DEFAULTS.pump_prefix_max,
  pump_fresh_key_max: API_SETTINGS_DEFAULTS.pump_fresh_key_max,
  updated_at: null,
};

/** The columns the effective settings are made of (api-keys' caller lookup reads them too). */
export type ApiSettingsRow = Pick<
  typeof s.$inferSelect,
  | "otpSender"
  | "otpLanguage"
  | "otpMessageTh"
  | "otpMessageEn"
  | "otpCodeLength"
  | "otpValidMinutes"
  | "otpResend"
  | "rateLimitPerSecond"
  | "pumpPrefixMax"
  | "pumpFreshKeyMax"
  | "updatedAt"
>;

function effective(row: ApiSettingsRow | undefined): EffectiveApiSettings {
  if (!row) return { ...DEFAULT_SETTINGS };
  return {
    otp_sender: row.otpSender,
    otp_language: row.otpLanguage === "en" ? "en" : "th",
    otp_message_th: row.otpMessageTh,
    otp_message_en: row.otpMessageEn,
    otp_code_length: row.otpCodeLength,
    otp_valid_minutes: row.otpValidMinutes,
    otp_resend: resendModeOf(row.otpResend),
    rate_limit_per_second: row.rateLimitPerSecond,
    pump_prefix_max: row.pumpPrefixMax,
    pump_fresh_key_max: row.pumpFreshKeyMax,
    updated_at: row.updatedAt,
  };
}

/** An organization's API settings, for the public API (no tenant guard there: the caller's key decided the organization). */
export async function readApiSettings(db: Db, organizationId: number): Promise<EffectiveApiSettings> {
  const [row] = await db.select().from(s).where(eq(s.organizationId, organizationId)).limit(1);
  return effective(row);
}

/**
 * The settings of a stored row (null: none, the defaults): the public API's authentication reads the
 * row with the caller's key (api-keys' `settings`), so the OTP API needs no query of its own (ADR 107).
 */
export function apiSettingsOf(row: ApiSettingsRow | null): EffectiveApiSettings {
  return effective(row ?? undefined);
}

const resendModeOf = (stored: string): OtpResendMode =>
  OTP_RESEND_MODES.find((mode) => mode === stored) ?? API_SETTINGS_DEFAULTS.otp_resend;

function present(settings: EffectiveApiSettings, defaultSender: string): TApiSettings {
  return {
    otp_sender: settings.otp_sender,
    otp_language: settings.otp_language,
    otp_message_th: settings.otp_message_th,
    otp_message_en: settings.otp_message_en,
    rate_limit_per_second: settings.rate_limit_per_second,
    pump_prefix_max: settings.pump_prefix_max,
    pump_fresh_key_max: settings.pump_fresh_key_max,
    default_sender: defaultSender,
    default_messages: { ...OTP_DEFAULT_MESSAGES },
    otp_code_length: settings.otp_code_length,
    otp_valid_minutes: settings.otp_valid_minutes,
    otp_resend: settings.otp_resend,
    updated_at: settings.updated_at?.toISOString() ?? null,
  };
}

/** GET /c/api-settings. The webhook secret is never answered. */
export async function getApiSettings(scope: TenantScope, defaultSender: string): Promise<TApiSettings> {
  return present(await readApiSettings(scope.db, scope.organizationId), defaultSender);
}

/**
 * PUT /c/api-settings: the whole settings, upserted. The OTP sender must be one this organization
 * may send with (the shared default or its own approved sender); the shared default is stored as
 * null so a renamed default follows. The webhook secret is left as it is.
 */
export async function updateApiSettings(
  scope: TenantScope,
  defaultSender: string,
  input: TUpdateApiSettingsBody,
): Promise<TApiSettings> {
  let otpSender: string | null = null;
  if (input.otp_sender !== null) {
    const invalid = new AppError("VALIDATION", {
      messageKey: "api_settings.sender_not_usable",
      params: { sender: input.otp_sender },
      details: [{ path: "otp_sender", message: "api_settings.sender_not_usable" }],
    });
    const sender = await findSendableSender(scope, input.otp_sender).catch((error: unknown) => {
      throw error instanceof AppError && error.status < 500 ? invalid : error;
    });
    otpSender = sender.shared ? null : sender.name;
  }
  const values = {
    otpSender,
    otpLanguage: input.otp_language,
    otpMessageTh: input.otp_message_th,
    otpMessageEn: input.otp_message_en,
    rateLimitPerSecond: input.rate_limit_per_second,
    pumpPrefixMax: input.pump_prefix_max,
    pumpFreshKeyMax: input.pump_fresh_key_max,
    otpCodeLength: input.otp_code_length,
    otpValidMinutes: input.otp_valid_minutes,
    otpResend: input.otp_resend,
  };
  await scope.db
    .insert(s)
    .values(scope.stamp(values))
    .onConflictDoUpdate({ target: s.organizationId, set: { ...values, updatedAt: sql`now()` } });
  return getApiSettings(scope, defaultSender);
}
