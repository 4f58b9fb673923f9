import { z } from "zod";
import type settingsTexts from "../../locales/en/settings.json";
import { ZOrganizationIdParams } from "./organizations.ts";

/**
 * An organization's alerts (spec §1 and §3 Settings, issue 15 point 4; GET/PUT
 * /c/organizations/{id}/settings): a low-credit alert (threshold, channel, on/off) and an expiry alert
 * (days before the credit expiry, channel, on/off). Messages are i18n keys with their texts in
 * locales/<lang>/settings.json, shared by the server and the web.
 */

export type SettingsMessageKey = keyof typeof settingsTexts;
const k = (key: SettingsMessageKey) => ({ error: key });

/** Where an alert goes. */
export const ALERT_CHANNELS = ["email", "sms", "both"] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];

export const ALERT_THRESHOLD_RANGE = { min: 1, max: 10_000_000 } as const;
export const ALERT_EXPIRY_DAYS_RANGE = { min: 1, max: 90 } as const;

/** What an organization without saved settings has: both alerts off, with sensible values ready. */
export const ALERT_SETTINGS_DEFAULTS = {
  low_credit_enabled: false,
  low_credit_threshold: 1_000,
  low_credit_channel: "email" as AlertChannel,
  expiry_enabled: false,
  expiry_days: 7,
  expiry_channel: "email" as AlertChannel,
} as const;

/** Whether a channel sends an e-mail / an SMS. */
export const alertSendsEmail = (channel: AlertChannel) => channel !== "sms";
export const alertSendsSms = (channel: AlertChannel) => channel !== "email";

const wholeIn = (range: { min: number; max: number }, key: SettingsMessageKey) =>
  z.coerce.number(k(key)).int(k(key)).min(range.min, k(key)).max(range.max, k(key));

/** PUT /c/organizations/{id}/settings: both alerts, whole. */
export const ZUpdateSettingsRequest = z.object({
  low_credit_enabled: z.boolean(k("settings.validation.enabled_invalid")),
  low_credit_threshold: wholeIn(ALERT_THRESHOLD_RANGE, "settings.validation.threshold_invalid"),
  low_credit_channel: z.enum(ALERT_CHANNELS, k("settings.validation.channel_invalid")),
  expiry_enabled: z.boolean(k("settings.validation.enabled_invalid")),
  expiry_days: wholeIn(ALERT_EXPIRY_DAYS_RANGE, "settings.validation.days_invalid"),
  expiry_channel: z.enum(ALERT_CHANNELS, k("settings.validation.channel_invalid")),
});
export type TUpdateSettingsRequest = z.input<typeof ZUpdateSettingsRequest>;
export type TUpdateSettingsBody = z.output<typeof ZUpdateSettingsRequest>;

export const ZSettingsParams = ZOrganizationIdParams;
export type TSettingsParams = z.input<typeof ZSettingsParams>;

/** The settings with what the page shows beside them: the balance, the expiry and the last alerts. */
export const ZSettings = z.object({
  low_credit_enabled: z.boolean(),
  low_credit_threshold: z.number().int(),
  low_credit_channel: z.enum(ALERT_CHANNELS),
  expiry_enabled: z.boolean(),
  expiry_days: z.number().int(),
  expiry_channel: z.enum(ALERT_CHANNELS),
  /** The language the alerts are written in: the language of whoever saved the settings last. */
  locale: z.enum(["th", "en"]),
  /** When the low-credit alert was sent for the current crossing; null = armed. */
  low_credit_alerted_at: z.string().nullable(),
  /** The credit expiry the expiry alert was sent for; null = not sent for any yet. */
  expiry_alerted_for: z.string().nullable(),
  /** The organization's balance and credit expiry now. */
  credits: z.number().int(),
  credit_expired_on: z.string().nullable(),
  /** When the settings were last saved; null = never (defaults, both alerts off). */
  updated_at: z.string().nullable(),
});
export type TSettings = z.infer<typeof ZSettings>;

export const ZSettingsResponse = z.object({ data: ZSettings });
export type TSettingsResponse = z.infer<typeof ZSettingsResponse>;
