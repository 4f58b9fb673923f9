import { type Locale, TRIAL_RECIPIENTS_PER_DAY } from "@sms/domain";
import { DOMAIN_CATALOGUE_VARIABLES, type DomainMessageKey } from "@sms/domain/catalogue";
import domainEn from "@sms/domain/catalogue-en";
import domainTh from "@sms/domain/catalogue-th";
import i18next from "i18next";
import Negotiator from "negotiator";
import accountsEn from "./locales/en/accounts.json" with { type: "json" };
import adminEn from "./locales/en/admin.json" with { type: "json" };
import apiKeysEn from "./locales/en/api-keys.json" with { type: "json" };
import apiOtpEn from "./locales/en/api-otp.json" with { type: "json" };
import billingEn from "./locales/en/billing.json" with { type: "json" };
import campaignsEn from "./locales/en/campaigns.json" with { type: "json" };
import contactImportsEn from "./locales/en/contact-imports.json" with { type: "json" };
import contactsEn from "./locales/en/contacts.json" with { type: "json" };
import coreEn from "./locales/en/core.json" with { type: "json" };
import filesEn from "./locales/en/files.json" with { type: "json" };
import inboxEn from "./locales/en/inbox.json" with { type: "json" };
import marketingEn from "./locales/en/marketing.json" with { type: "json" };
import messageExportsEn from "./locales/en/message-exports.json" with { type: "json" };
import optOutsEn from "./locales/en/opt-outs.json" with { type: "json" };
import ordersEn from "./locales/en/orders.json" with { type: "json" };
import organizationsEn from "./locales/en/organizations.json" with { type: "json" };
import publicApiEn from "./locales/en/public-api.json" with { type: "json" };
import refundsEn from "./locales/en/refunds.json" with { type: "json" };
import schedulesEn from "./locales/en/schedules.json" with { type: "json" };
import sendersEn from "./locales/en/senders.json" with { type: "json" };
import settingsEn from "./locales/en/settings.json" with { type: "json" };
import smscConnectionsEn from "./locales/en/smsc-connections.json" with { type: "json" };
import suppressionsEn from "./locales/en/suppressions.json" with { type: "json" };
import webhooksEn from "./locales/en/webhooks.json" with { type: "json" };
import accountsTh from "./locales/th/accounts.json" with { type: "json" };
import adminTh from "./locales/th/admin.json" with { type: "json" };
import apiKeysTh from "./locales/th/api-keys.json" with { type: "json" };
import apiOtpTh from "./locales/th/api-otp.json" with { type: "json" };
import billingTh from "./locales/th/billing.json" with { type: "json" };
import campaignsTh from "./locales/th/campaigns.json" with { type: "json" };
import contactImportsTh from "./locales/th/contact-imports.json" with { type: "json" };
import contactsTh from "./locales/th/contacts.json" with { type: "json" };
import coreTh from "./locales/th/core.json" with { type: "json" };
import filesTh from "./locales/th/files.json" with { type: "json" };
import inboxTh from "./locales/th/inbox.json" with { type: "json" };
import marketingTh from "./locales/th/marketing.json" with { type: "json" };
import messageExportsTh from "./locales/th/message-exports.json" with { type: "json" };
import optOutsTh from "./locales/th/opt-outs.json" with { type: "json" };
import ordersTh from "./locales/th/orders.json" with { type: "json" };
import organizationsTh from "./locales/th/organizations.json" with { type: "json" };
import publicApiTh from "./locales/th/public-api.json" with { type: "json" };
import refundsTh from "./locales/th/refunds.json" with { type: "json" };
import schedulesTh from "./locales/th/schedules.json" with { type: "json" };
import sendersTh from "./locales/th/senders.json" with { type: "json" };
import settingsTh from "./locales/th/settings.json" with { type: "json" };
import smscConnectionsTh from "./locales/th/smsc-connections.json" with { type: "json" };
import suppressionsTh from "./locales/th/suppressions.json" with { type: "json" };
import webhooksTh from "./locales/th/webhooks.json" with { type: "json" };

/**
 * The server's own texts: i18next JSON catalogues, one file an area and language
 * (`locales/<lang>/<area>.json`, flat keys), the format the web's catalogues have (ADR 88).
 */
const SERVER_TEXTS = {
  th: [
    coreTh,
    accountsTh,
    adminTh,
    apiKeysTh,
    apiOtpTh,
    billingTh,
    campaignsTh,
    contactImportsTh,
    contactsTh,
    filesTh,
    inboxTh,
    marketingTh,
    messageExportsTh,
    optOutsTh,
    ordersTh,
    organizationsTh,
    publicApiTh,
    refundsTh,
    schedulesTh,
    sendersTh,
    settingsTh,
    smscConnectionsTh,
    suppressionsTh,
    webhooksTh,
  ],
  en: [
    coreEn,
    accountsEn,
    adminEn,
    apiKeysEn,
    apiOtpEn,
    billingEn,
    campaignsEn,
    contactImportsEn,
    contactsEn,
    filesEn,
    inboxEn,
    marketingEn,
    messageExportsEn,
    optOutsEn,
    ordersEn,
    organizationsEn,
    publicApiEn,
    refundsEn,
    schedulesEn,
    sendersEn,
    settingsEn,
    smscConnectionsEn,
    suppressionsEn,
    webhooksEn,
  ],
};

type ServerKey =
  | keyof typeof coreEn
  | keyof typeof accountsEn
  | keyof typeof adminEn
  | keyof typeof apiKeysEn
  | keyof typeof apiOtpEn
  | keyof typeof billingEn
  | keyof typeof campaignsEn
  | keyof typeof contactImportsEn
  | keyof typeof contactsEn
  | keyof typeof filesEn
  | keyof typeof inboxEn
  | keyof typeof marketingEn
  | keyof typeof messageExportsEn
  | keyof typeof optOutsEn
  | keyof typeof ordersEn
  | keyof typeof organizationsEn
  | keyof typeof publicApiEn
  | keyof typeof refundsEn
  | keyof typeof schedulesEn
  | keyof typeof sendersEn
  | keyof typeof settingsEn
  | keyof typeof smscConnectionsEn
  | keyof typeof suppressionsEn
  | keyof typeof webhooksEn;

/**
 * The domain's texts (the zod contracts' messages, packages/domain/locales, ADR 104) and the
 * server's own, in one namespace: the server has one lookup for both.
 */
const textsIn = (lang: Locale): Record<string, string> =>
  Object.assign({}, lang === "th" ? domainTh : domainEn, ...SERVER_TEXTS[lang]);

const resources = { th: textsIn("th"), en: textsIn("en") };

/**
 * Values every text may name (`{{trial_recipients_per_day}}`), so a catalogue states a limit the
 * code keeps rather than a copy of it.
 */
export const CATALOGUE_VARIABLES = {
  ...DOMAIN_CATALOGUE_VARIABLES,
  trial_recipients_per_day: TRIAL_RECIPIENTS_PER_DAY,
};

/**
 * The lookup, as on the web: one i18next instance over the catalogues, flat keys (no key or
 * namespace separator: a key is the whole dotted name), no HTML escaping (a text goes into JSON,
 * mail and SMS, never into markup unescaped), a missing parameter as the empty string, no nesting.
 */
const i18n = i18next.createInstance();
void i18n.init({
  resources: { th: { server: resources.th }, en: { server: resources.en } },
  lng: "th",
  fallbackLng: false,
  ns: ["server"],
  defaultNS: "server",
  keySeparator: false,
  nsSeparator: false,
  interpolation: {
    escapeValue: false,
    defaultVariables: CATALOGUE_VARIABLES,
  },
  missingInterpolationHandler: () => "",
  initAsync: false,
  returnNull: false,
});

/** Every key of the server's catalogues and the domain's texts: a typo in a key is a type error. */
export type MessageKey = ServerKey | DomainMessageKey;

/** What follows `prefix` in the keys under it: `KeySuffix<"organizations.role.">` is the roles. */
export type KeySuffix<P extends string> = MessageKey extends infer K
  ? K extends `${P}${infer Rest}`
    ? Rest
    : never
  : never;

const FALLBACK_KEY = "errors.general";

/** Texts without parameters, rendered once. */
const rendered = { th: new Map<MessageKey, string>(), en: new Map<MessageKey, string>() };

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
  return Object.hasOwn(resources.th, key) && Object.hasOwn(resources.en, key);
}

export function messageKeys(): MessageKey[] {
  return Object.keys(resources.en) as MessageKey[];
}

export function translate(
  key: MessageKey,
  locale: Locale,
  params: Record<string, string | number> = {},
): string {
  // A key from outside the types (a stored one, a caller's cast) may still be missing.
  if (!hasMessage(key)) {
    if (missingHandler === "throw") throw new Error(`Missing server message: ${key}`);
    missingHandler(key);
    return translate(FALLBACK_KEY, locale, params);
  }
  // A text without parameters is the same every time: i18next renders it once (a list page
  // translates a reason per row; i18next's t() costs ~10x a map lookup, bench/i18n.ts).
  const plain = Object.keys(params).length === 0;
  const known = plain ? rendered[locale].get(key) : undefined;
  if (known !== undefined) return known;
  // `replace` keeps the parameters apart from i18next's options (a parameter named `count`,
  // `lng` or `ns` is a text's value, not a plural or a language).
  const text = i18n.t(key, { lng: locale, replace: params, nest: false });
  if (plain) rendered[locale].set(key, text);
  return text;
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
