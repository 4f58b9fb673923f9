/**
 * Renders every message the product shows, in Thai and English, to one JSON file, so a change of
 * catalogue format or lookup can be proved to change no text (ADR 88):
 *
 *   npx tsx apps/server/scripts/render-messages.ts before.json   # on the old code
 *   npx tsx apps/server/scripts/render-messages.ts after.json    # on the new code
 *   cmp before.json after.json
 *
 * Each server key is rendered with its parameters filled (text and number values), with none (a
 * missing parameter) and with values that look like markup or parameters themselves; each web key
 * through i18next as the web initialises it, with plural counts; each domain text as the web reads it
 * (ADR 104: the `domain` namespace of packages/domain/locales, with the catalogue's variables).
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { DOMAIN_CATALOGUE_VARIABLES } from "@sms/domain/catalogue";
import domainEn from "@sms/domain/catalogue-en";
import domainTh from "@sms/domain/catalogue-th";
import i18next, { type Resource, type ResourceLanguage } from "i18next";
import * as i18n from "../src/i18n/index.ts";

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));
const LOCALES = ["th", "en"] as const;
const paramsIn = (text: string) => [...text.matchAll(/\{\{\s*([^}]+?)\s*\}\}/g)].map((m) => m[1] ?? "");

type Values = (name: string) => string | number;
const SAMPLES: Record<string, Values> = {
  text: (name) => `«${name}»`,
  number: () => 1234.5,
  tricky: (name) => `<b>&amp;"'${name}'</b> {{other}} $t(errors.general)`,
};

/** Every parameter name a catalogue source names (`{{name}}`), but the catalogue's own constants. */
function parameterNames(): string[] {
  const names = new Set<string>();
  for (const dir of ["apps/server/src/i18n", "packages/domain/src", "packages/domain/locales"]) {
    for (const file of readdirSync(join(repoRoot, dir), { recursive: true }).map(String)) {
      if (!/\.(ts|json)$/.test(file) || file.endsWith(".test.ts")) continue;
      for (const name of paramsIn(readFileSync(join(repoRoot, dir, file), "utf8"))) names.add(name);
    }
  }
  const constants = (i18n as { CATALOGUE_VARIABLES?: object }).CATALOGUE_VARIABLES ?? {};
  return [...names].filter((name) => /^\w+$/.test(name) && !Object.hasOwn(constants, name)).sort();
}

function serverTexts(): Record<string, string> {
  i18n.onMissingMessage("throw");
  const all = parameterNames();
  const out: Record<string, string> = {};
  for (const key of [...i18n.messageKeys()].sort()) {
    for (const locale of LOCALES) {
      out[`${locale}|${key}|none`] = i18n.translate(key, locale);
      // Which parameters the text has: each name's value is a marker of its own.
      const probe = i18n.translate(key, locale, Object.fromEntries(all.map((n) => [n, `\u27e6${n}\u27e7`])));
      const names = all.filter((n) => probe.includes(`\u27e6${n}\u27e7`));
      if (names.length === 0) continue;
      out[`${locale}|${key}|names`] = names.join(",");
      for (const [sample, value] of Object.entries(SAMPLES)) {
        const params = Object.fromEntries(names.map((name) => [name, value(name)]));
        out[`${locale}|${key}|${sample}`] = i18n.translate(key, locale, params);
      }
    }
  }
  return out;
}

/**
 * The domain's catalogue files under the names of the TypeScript constants they replaced (ADR 104),
 * so the output keeps ADR 88's form and a run before the move compares with a run after it.
 */
const DOMAIN_SECTIONS: Record<string, string[]> = {
  ACCOUNT_MESSAGE_KEYS: ["accounts"],
  ADMIN_MESSAGE_KEYS: ["admin"],
  ANALYTICS_MESSAGE_KEYS: ["analytics"],
  API_KEY_MESSAGE_KEYS: ["api-keys"],
  API_LOG_MESSAGE_KEYS: ["api-logs"],
  API_SETTINGS_MESSAGE_KEYS: ["api-settings"],
  CAMPAIGN_MESSAGE_KEYS: ["campaigns"],
  CONTACT_IMPORT_MESSAGE_KEYS: ["contact-imports"],
  CONTACT_MESSAGE_KEYS: ["contacts"],
  CRON_MESSAGE_KEYS: ["cron"],
  INBOX_MESSAGE_KEYS: ["inbox"],
  LIST_MESSAGE_KEYS: ["lists"],
  MARKETING_MESSAGE_KEYS: ["marketing"],
  ORDER_MESSAGE_KEYS: ["orders"],
  ORGANIZATION_MESSAGE_KEYS: ["organizations"],
  OTP_GUARD_MESSAGE_KEYS: ["otp-guard"],
  REPORT_FILTER_MESSAGE_KEYS: ["report-filters"],
  SCHEDULE_MESSAGE_KEYS: ["cron", "schedules"],
  SENDER_MESSAGE_KEYS: ["senders"],
  SETTINGS_MESSAGE_KEYS: ["settings"],
  SMSC_CONNECTION_MESSAGE_KEYS: ["smsc-connections"],
  SMSC_ROUTE_MESSAGE_KEYS: ["smsc-routes"],
  SUPPRESSION_MESSAGE_KEYS: ["suppressions"],
  TEMPLATE_MESSAGE_KEYS: ["templates"],
  UPLOAD_MESSAGE_KEYS: ["files"],
  VALIDATION_MESSAGE_KEYS: ["validation"],
};

/**
 * The domain's texts as the web reads them: its `domain` namespace through i18next set up as
 * apps/web/app/lib/i18n.ts sets it up (with the catalogue's variables), a key in a language, no
 * parameters.
 */
async function domainTexts(): Promise<Record<string, string>> {
  const keysOf = (file: string): string[] =>
    Object.keys(
      JSON.parse(readFileSync(join(repoRoot, "packages/domain/locales/en", `${file}.json`), "utf8")),
    );
  const web = i18next.createInstance();
  await web.init({
    resources: { th: { domain: domainTh }, en: { domain: domainEn } },
    lng: "th",
    fallbackLng: "th",
    supportedLngs: [...LOCALES],
    ns: ["domain"],
    defaultNS: "domain",
    interpolation: { escapeValue: false, defaultVariables: DOMAIN_CATALOGUE_VARIABLES },
    initAsync: false,
    returnNull: false,
  });
  const out: Record<string, string> = {};
  for (const [name, files] of Object.entries(DOMAIN_SECTIONS).sort(([a], [b]) => a.localeCompare(b))) {
    for (const key of files.flatMap(keysOf)) {
      for (const locale of LOCALES)
        out[`${locale}|${name}|${key}`] = String(web.getFixedT(locale, "domain")(key));
    }
  }
  return out;
}

function flatKeys(value: unknown, prefix = ""): string[] {
  if (typeof value === "string") return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
    flatKeys(v, prefix ? `${prefix}.${k}` : k),
  );
}

/** Every web catalogue key, through i18next set up as apps/web/app/lib/i18n.ts sets it up. */
async function webTexts(): Promise<Record<string, string>> {
  const dir = (lang: string) => join(repoRoot, "apps/web/app/locales", lang);
  const resources: Record<string, ResourceLanguage> = {};
  for (const lang of LOCALES) {
    resources[lang] = Object.fromEntries(
      readdirSync(dir(lang))
        .filter((f) => f.endsWith(".json"))
        .map((f) => [f.replace(/\.json$/, ""), JSON.parse(readFileSync(join(dir(lang), f), "utf8"))]),
    );
  }
  const web = i18next.createInstance();
  await web.init({
    resources: resources as Resource,
    lng: "th",
    fallbackLng: "th",
    supportedLngs: [...LOCALES],
    defaultNS: "common",
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  const out: Record<string, string> = {};
  for (const lang of LOCALES) {
    const t = web.getFixedT(lang);
    for (const [ns, catalog] of Object.entries(resources.en ?? {}).sort(([a], [b]) => a.localeCompare(b))) {
      const keys = [
        ...new Set(flatKeys(catalog).map((k) => k.replace(/_(zero|one|two|few|many|other)$/, ""))),
      ];
      for (const key of keys.sort()) {
        const id = `${lang}|${ns}:${key}`;
        const names = paramsIn(JSON.stringify(catalog)).filter((n) => n !== "count");
        const params = Object.fromEntries(names.map((n) => [n, `«${n}»`]));
        const rendered = t(key, { ns, ...params, returnObjects: false }) as unknown;
        out[id] = String(rendered);
        for (const count of [0, 1, 2, 21]) {
          const plural = t(key, { ns, ...params, count }) as unknown;
          if (plural !== rendered) out[`${id}|count=${count}`] = String(plural);
        }
      }
    }
  }
  return out;
}

const file = process.argv[2] ?? "rendered-messages.json";
const rendered = { server: serverTexts(), domain: await domainTexts(), web: await webTexts() };
writeFileSync(file, `${JSON.stringify(rendered, null, 1)}\n`);
console.log(
  `${file}: ${Object.keys(rendered.server).length} server, ${Object.keys(rendered.domain).length} domain, ${Object.keys(rendered.web).length} web texts`,
);
