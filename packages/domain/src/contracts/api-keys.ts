import { z } from "zod";
import type apiKeyTexts from "../../locales/en/api-keys.json";
import { parseIpEntry } from "../rules/ip-address.ts";
import { defineSort, listQuery, listResponse } from "./lists.ts";
import { text } from "./text.ts";

/**
 * API credentials and the IP whitelist (spec §1, §3 IP whitelist entry, §7 /c/organizations/{id}/api-key
 * and /c/whitelist-ips; issue 14 points 1–2; docs/decisions/0020-api-credentials.md). Messages are
 * i18n keys with their texts in locales/<lang>/api-keys.json, shared by the server and the web.
 */

export type ApiKeyMessageKey = keyof typeof apiKeyTexts;
const k = (key: ApiKeyMessageKey) => ({ error: key });

/** The two credential pairs of an organization, as ThaiBulkSMS has: one for SMS, one for OTP. */
export const API_KEY_KINDS = ["sms", "otp"] as const;
export type ApiKeyKind = (typeof API_KEY_KINDS)[number];
/** Recognisable public key prefixes: `sk_` (SMS key) and `ok_` (OTP key). */
export const API_KEY_PREFIX: Record<ApiKeyKind, string> = { sms: "sk_", otp: "ok_" };

/** PUT /c/organizations/{id}/api-key: which pair(s) to create or refresh. Required, never defaulted. */
export const ZRefreshApiKeysRequest = z.object({
  kind: z.enum(["sms", "otp", "both"], k("api_keys.validation.kind_invalid")),
});
export type TRefreshApiKeysRequest = z.infer<typeof ZRefreshApiKeysRequest>;

/** One pair as shown: the key (public) and whether a secret exists; the secret itself never. */
export const ZApiKeyState = z.object({
  key: z.string().nullable(),
  has_secret: z.boolean(),
  /** When the current pair was created (or last refreshed). */
  created_at: z.string().nullable(),
});
export type TApiKeyState = z.infer<typeof ZApiKeyState>;

export const ZApiKeys = z.object({ sms: ZApiKeyState, otp: ZApiKeyState });
export type TApiKeys = z.infer<typeof ZApiKeys>;

export const ZApiKeysResponse = z.object({ data: ZApiKeys });
export type TApiKeysResponse = z.infer<typeof ZApiKeysResponse>;

/** A pair just issued: the only answer that ever carries the secret. */
export const ZIssuedApiKey = z.object({
  kind: z.enum(API_KEY_KINDS),
  key: z.string(),
  secret: z.string(),
  created_at: z.string(),
});
export type TIssuedApiKey = z.infer<typeof ZIssuedApiKey>;

export const ZRefreshApiKeysResponse = z.object({
  data: z.object({ keys: ZApiKeys, issued: z.array(ZIssuedApiKey) }),
});
export type TRefreshApiKeysResponse = z.infer<typeof ZRefreshApiKeysResponse>;

export const ZOrganizationApiKeyParams = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
});

export const WHITELIST_NAME_MAX_LENGTH = 100;
/** Entries per organization: every public API call checks them all. */
export const WHITELIST_MAX_ENTRIES = 100;

const ZWhitelistName = text(k("whitelist.validation.name_required"))
  .trim()
  .min(1, { error: "whitelist.validation.name_required" satisfies ApiKeyMessageKey, abort: true })
  .max(WHITELIST_NAME_MAX_LENGTH, k("whitelist.validation.name_too_long"));

const ENTRY_ERROR_KEY = {
  invalid: "whitelist.validation.address_invalid",
  prefix_invalid: "whitelist.validation.prefix_invalid",
  host_bits_set: "whitelist.validation.host_bits_set",
} as const satisfies Record<string, ApiKeyMessageKey>;

/** An address or CIDR range, answered in its canonical text (rules/ip-address.ts). */
export const ZWhitelistAddress = text(k("whitelist.validation.address_required"))
  .trim()
  .min(1, { error: "whitelist.validation.address_required" satisfies ApiKeyMessageKey, abort: true })
  .max(100, k("whitelist.validation.address_invalid"))
  .transform((value, ctx) => {
    const result = parseIpEntry(value);
    if (result.ok) return result.range.text;
    ctx.addIssue({ code: "custom", message: ENTRY_ERROR_KEY[result.error] });
    return z.NEVER;
  });

/** POST /c/whitelist-ips. */
export const ZCreateWhitelistIpRequest = z.object({ name: ZWhitelistName, ip_address: ZWhitelistAddress });
export type TCreateWhitelistIpRequest = z.input<typeof ZCreateWhitelistIpRequest>;
export type TCreateWhitelistIpBody = z.output<typeof ZCreateWhitelistIpRequest>;

/** PATCH /c/whitelist-ips/{id}: the name, the address, or both. */
export const ZUpdateWhitelistIpRequest = z
  .object({ name: ZWhitelistName.optional(), ip_address: ZWhitelistAddress.optional() })
  .refine(
    (body) => body.name !== undefined || body.ip_address !== undefined,
    k("whitelist.validation.nothing_to_update"),
  );
export type TUpdateWhitelistIpRequest = z.input<typeof ZUpdateWhitelistIpRequest>;
export type TUpdateWhitelistIpBody = z.output<typeof ZUpdateWhitelistIpRequest>;

export const ZWhitelistIp = z.object({
  id: z.number().int(),
  name: z.string(),
  ip_address: z.string(),
  created_at: z.string(),
});
export type TWhitelistIp = z.infer<typeof ZWhitelistIp>;

export const ZWhitelistIpResponse = z.object({ data: ZWhitelistIp });
export type TWhitelistIpResponse = z.infer<typeof ZWhitelistIpResponse>;
export const ZWhitelistIpsResponse = listResponse(ZWhitelistIp);
export type TWhitelistIpsResponse = z.infer<typeof ZWhitelistIpsResponse>;
/**
 * GET /c/whitelist-ips/caller (review D45): the address this request came from, in the whitelist's
 * canonical form (an IPv4-mapped IPv6 address as IPv4), so the page can offer to add it. Null when
 * the server cannot tell (no usable address).
 */
export const ZCallerAddressResponse = z.object({ data: z.object({ ip_address: z.string().nullable() }) });
export type TCallerAddressResponse = z.infer<typeof ZCallerAddressResponse>;

export const ZDeleteWhitelistIpResponse = z.object({ data: z.object({ id: z.number().int() }) });

/** Newest first by default (spec §3 created date); also by name. */
export const WHITELIST_SORT = defineSort(["created_at", "name"], { key: "created_at", reverse: true });

/** GET /c/whitelist-ips: `search` matches the name or the address. */
export const ZWhitelistIpsQuery = listQuery({ sort: WHITELIST_SORT });
export type TWhitelistIpsQuery = z.output<typeof ZWhitelistIpsQuery>;
export type TWhitelistIpsQueryInput = z.input<typeof ZWhitelistIpsQuery>;

export const ZWhitelistIpIdParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
export type TWhitelistIpIdParams = z.input<typeof ZWhitelistIpIdParams>;
