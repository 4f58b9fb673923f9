import { z } from "zod";
import type smppTexts from "../../locales/en/smpp.json";

/**
 * Customers' SMPP access (issue 27 point 5, docs/decisions/0102-smpp-server.md): the
 * organization's SMPP credentials (system_id and password, shown once) and the window, TPS and id
 * format staff set per organization. Messages are i18n keys with their texts in locales/<lang>/smpp.json.
 */
export type SmppMessageKey = keyof typeof smppTexts;
const k = (key: SmppMessageKey) => ({ error: key });

export const SMPP_ID_FORMATS = ["decimal", "hex"] as const;
export type SmppIdFormat = (typeof SMPP_ID_FORMATS)[number];

/** An organization without settings of its own binds with these. */
export const SMPP_DEFAULTS = { window: 10, tps: 50, idFormat: "decimal" as SmppIdFormat };

export const ZSmppSettings = z.object({
  window: z
    .number(k("smpp.validation.window_range"))
    .int(k("smpp.validation.window_range"))
    .min(1, k("smpp.validation.window_range"))
    .max(1000, k("smpp.validation.window_range")),
  tps: z
    .number(k("smpp.validation.tps_range"))
    .int(k("smpp.validation.tps_range"))
    .min(1, k("smpp.validation.tps_range"))
    .max(5000, k("smpp.validation.tps_range")),
  id_format: z.enum(SMPP_ID_FORMATS, k("smpp.validation.id_format_invalid")),
});
export type TSmppSettings = z.infer<typeof ZSmppSettings>;

/** The organization's SMPP account as shown: the system_id (public) and its settings; never the password. */
export const ZSmppAccount = z.object({
  system_id: z.string().nullable(),
  created_at: z.string().nullable(),
  settings: ZSmppSettings,
  /** Where to connect; null when this installation runs no SMPP server. */
  server: z.object({ host: z.string(), port: z.number() }).nullable(),
});
export type TSmppAccount = z.infer<typeof ZSmppAccount>;

export const ZSmppAccountResponse = z.object({ data: ZSmppAccount });
export type TSmppAccountResponse = z.infer<typeof ZSmppAccountResponse>;

/** Credentials just issued: the only answer that ever carries the password. */
export const ZIssuedSmppAccountResponse = z.object({
  data: z.object({ account: ZSmppAccount, system_id: z.string(), password: z.string() }),
});
export type TIssuedSmppAccountResponse = z.infer<typeof ZIssuedSmppAccountResponse>;

export const ZSmppSettingsResponse = z.object({ data: ZSmppSettings });
