import type { Locale } from "@sms/domain";
import { core } from "./core.ts";

export type Catalog = Record<string, { th: string; en: string }>;

/** Server-side messages by key; each module adds its own catalog file here. */
const catalog: Catalog = { ...core };

export function registerMessages(messages: Catalog): void {
  Object.assign(catalog, messages);
}

export function translate(key: string, locale: Locale, params: Record<string, string | number> = {}): string {
  const entry = catalog[key];
  const text = entry ? entry[locale] : key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ""));
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
