import {
  ACCOUNT_MESSAGE_KEYS,
  type Locale,
  MARKETING_MESSAGE_KEYS,
  VALIDATION_MESSAGE_KEYS,
} from "@sms/domain";
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

/** Picks th or en from Accept-Language; Thai is the default and fallback (spec §1). */
export function localeFromHeader(header: string | undefined): Locale {
  if (!header) return "th";
  const ranked = header
    .split(",")
    .map((part) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.find((p) => p.trim().startsWith("q="));
      return { tag: tag.toLowerCase(), q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter((x) => x.tag && !Number.isNaN(x.q))
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    if (tag.startsWith("th")) return "th";
    if (tag.startsWith("en")) return "en";
  }
  return "th";
}
