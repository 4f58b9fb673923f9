import {
  ACCOUNT_MESSAGE_KEYS,
  type Locale,
  MARKETING_MESSAGE_KEYS,
  VALIDATION_MESSAGE_KEYS,
} from "@sms/domain";
import Negotiator from "negotiator";
import { accounts } from "./accounts.ts";
import { admin } from "./admin.ts";
import { apiKeys } from "./api-keys.ts";
import { apiOtp } from "./api-otp.ts";
import { billing } from "./billing.ts";
import { campaigns } from "./campaigns.ts";
import type { Catalog } from "./catalog.ts";
import { contactImports } from "./contact-imports.ts";
import { contacts } from "./contacts.ts";
import { core } from "./core.ts";
import { files } from "./files.ts";
import { lists } from "./lists.ts";
import { marketing } from "./marketing.ts";
import { messageExports } from "./message-exports.ts";
import { optOuts } from "./opt-outs.ts";
import { orders } from "./orders.ts";
import { organizations } from "./organizations.ts";
import { publicApi } from "./public-api.ts";
import { refunds } from "./refunds.ts";
import { schedules } from "./schedules.ts";
import { senders } from "./senders.ts";
import { settings } from "./settings.ts";
import { smscConnections } from "./smsc-connections.ts";
import { suppressions } from "./suppressions.ts";
import { templates } from "./templates.ts";
import { webhooks } from "./webhooks.ts";

/**
 * Every server message, registered here and only here: the server's own catalog files and the
 * message texts the domain shares with the web (zod contract keys). catalog.test.ts checks that
 * every key the server source and the contracts use is in it.
 */
const catalog = {
  ...core,
  ...VALIDATION_MESSAGE_KEYS,
  ...ACCOUNT_MESSAGE_KEYS,
  ...accounts,
  ...MARKETING_MESSAGE_KEYS,
  ...marketing,
  ...files,
  ...lists,
  ...billing,
  ...orders,
  ...organizations,
  ...admin,
  ...contacts,
  ...contactImports,
  ...senders,
  ...suppressions,
  ...templates,
  ...campaigns,
  ...refunds,
  ...schedules,
  ...apiKeys,
  ...publicApi,
  ...apiOtp,
  ...webhooks,
  ...messageExports,
  ...optOuts,
  ...settings,
  ...smscConnections,
} satisfies Catalog;

/** Every key of the server's catalog: a typo in a key is a type error. */
export type MessageKey = keyof typeof catalog;

/** What follows `prefix` in the keys under it: `KeySuffix<"organizations.role.">` is the roles. */
export type KeySuffix<P extends string> = MessageKey extends infer K
  ? K extends `${P}${infer Rest}`
    ? Rest
    : never
  : never;

const FALLBACK_KEY = "errors.general";

let missingHandler: ((key: string) => void) | "throw" = (key) =>
  console.error(JSON.stringify({ level: 50, msg: "missing message", key }));

/**
 * What a missing key does: "throw" (apps built for tests, so a missing key fails a test) or a
 * reporter (production logs it); either way a reader never sees the raw key.
 */
export function onMissingMessage(handler: ((key: string) => void) | "throw"): void {
  missingHandler = handler;
}

export function hasMessage(key: string): key is MessageKey {
  return Object.hasOwn(catalog, key);
}

export function messageKeys(): MessageKey[] {
  return Object.keys(catalog) as MessageKey[];
}

export function translate(
  key: MessageKey,
  locale: Locale,
  params: Record<string, string | number> = {},
): string {
  // A key from outside the types (a stored one, a caller's cast) may still be missing.
  let entry: { th: string; en: string } | undefined = hasMessage(key) ? catalog[key] : undefined;
  if (!entry) {
    if (missingHandler === "throw") throw new Error(`Missing server message: ${key}`);
    missingHandler(key);
    entry = catalog[FALLBACK_KEY];
  }
  const text = entry?.[locale] ?? "";
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ""));
}

/**
 * A key that comes from storage or another process (an import's stored error, a run's reason, a
 * worker's refusal), which the types cannot see: checked when it is read, and the general message
 * (reported as missing) when it is not a key.
 */
export function storedKey(key: string): MessageKey {
  if (hasMessage(key)) return key;
  if (missingHandler === "throw") throw new Error(`Missing server message: ${key}`);
  missingHandler(key);
  return FALLBACK_KEY;
}

/**
 * The language an Accept-Language header asks for among ours (th, en), or undefined when it asks
 * for neither. negotiator parses the header and ranks its languages (by q, then in the header's
 * order; q=0 and unreadable q-values are left out); the first whose primary subtag is th or en wins,
 * so `th-TH` is Thai. The only parser of the header (ADR 88): plugins/locale.ts calls it once per
 * request and each caller picks its own default (the portal Thai, spec §1; the public API English).
 */
export function askedLocale(header: string | undefined): Locale | undefined {
  // negotiator reads a missing header as "*" (anything), which names no language of ours either.
  let ranked: string[];
  try {
    ranked = new Negotiator({ headers: { "accept-language": header ?? "" } }).languages();
  } catch {
    return undefined;
  }
  for (const tag of ranked) {
    const primary = tag.split("-", 1)[0]?.toLowerCase();
    if (primary === "th" || primary === "en") return primary;
  }
  return undefined;
}
