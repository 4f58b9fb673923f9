import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { GLOSSARY } from "./glossary.ts";

type Lang = "th" | "en";
interface Text {
  file: string;
  lang: Lang;
  text: string;
}

const root = fileURLToPath(new URL("../../../", import.meta.url));
const at = (path: string) => join(root, path);

/** Source files that ship (tests, test helpers and fixtures are not what a customer reads). */
function sourceFiles(dir: string): string[] {
  return readdirSync(at(dir), { recursive: true })
    .map(String)
    .filter((f) => /\.(ts|tsx)$/.test(f) && !/\.test\.tsx?$/.test(f) && !/(^|\/)(test|fixtures)\//.test(f))
    .map((f) => join(dir, f));
}

/** Every string value of a locale JSON file. */
function jsonValues(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (value && typeof value === "object") return Object.values(value).flatMap(jsonValues);
  return [];
}

const LITERAL = String.raw`"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|\x60(?:[^\x60\\]|\\.)*\x60`;
const unquote = (literal: string) => literal.slice(1, -1).replace(/\\(.)/g, "$1");
const THAI = /[\u0E00-\u0E7F]/;

/** `th: "…"` and `en: "…"` pairs: the domain's localised labels and texts. */
function localisedLiterals(file: string, source: string): Text[] {
  return [...source.matchAll(new RegExp(String.raw`\b(th|en):\s*(${LITERAL})`, "g"))].map((m) => ({
    file,
    lang: m[1] as Lang,
    text: unquote(m[2] ?? ""),
  }));
}

/** Every literal with Thai letters (Thai is only ever text a person reads). */
function thaiLiterals(file: string, source: string): Text[] {
  return [...source.matchAll(new RegExp(LITERAL, "g"))]
    .map((m) => unquote(m[0]))
    .filter((text) => THAI.test(text))
    .map((text) => ({ file, lang: "th" as const, text }));
}

/** The public pages' English prose: literals without Thai that hold a space. */
function englishProse(file: string, source: string): Text[] {
  return [...source.matchAll(new RegExp(LITERAL, "g"))]
    .map((m) => unquote(m[0]))
    .filter((text) => !THAI.test(text) && / /.test(text))
    .map((text) => ({ file, lang: "en" as const, text }));
}

function catalogueTexts(): Text[] {
  const texts: Text[] = [];
  for (const lang of ["th", "en"] as const) {
    // The web's catalogues, the server's (which hold every e-mail) and the domain's, one format
    // (ADR 88, ADR 104).
    for (const dir of [
      `apps/web/app/locales/${lang}`,
      `apps/server/src/i18n/locales/${lang}`,
      `packages/domain/locales/${lang}`,
    ]) {
      for (const name of readdirSync(at(dir)).filter((f) => f.endsWith(".json"))) {
        const file = `${dir}/${name}`;
        for (const text of jsonValues(JSON.parse(readFileSync(at(file), "utf8"))))
          texts.push({ file, lang, text });
      }
    }
  }
  for (const file of [
    ...sourceFiles("apps/server/src"),
    ...sourceFiles("packages/domain/src"),
    ...sourceFiles("apps/web/app"),
  ]) {
    if (file.endsWith("glossary.ts")) continue;
    const source = readFileSync(at(file), "utf8");
    texts.push(...localisedLiterals(file, source), ...thaiLiterals(file, source));
    if (/features\/marketing\/content\/|routes\/_marketing\//.test(file))
      texts.push(...englishProse(file, source));
  }
  return texts;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The avoided variants a text uses, with its params, markup and kept exceptions taken out. */
function variantsIn(text: string, lang: Lang): { variant: string; use: string }[] {
  const found: { variant: string; use: string }[] = [];
  for (const entry of GLOSSARY) {
    let clean = text.replace(/\{\{[^}]*\}\}/g, " ").replace(/<\/?[a-zA-Z][^>]*>/g, " ");
    for (const keep of entry.keep ?? [])
      if (!keep.whole || text.trim() === keep.text) clean = clean.split(keep.text).join(" ");
    for (const variant of entry.avoid[lang]) {
      const hit =
        lang === "th"
          ? clean.includes(variant)
          : new RegExp(`(?<![\\w-])${escapeRegExp(variant).replace(/ /g, "\\s+")}(?![\\w-])`, "i").test(
              clean,
            );
      if (hit) found.push({ variant, use: entry[lang] });
    }
  }
  return found;
}

describe("glossary (issue 24 point 6)", () => {
  const texts = catalogueTexts();

  it("finds an avoided variant in either language, and leaves the kept ones", () => {
    expect(variantsIn("เลือกกลุ่มผู้ติดต่อ", "th")).toContainEqual({
      variant: "กลุ่มผู้ติดต่อ",
      use: "กลุ่มรายชื่อ",
    });
    expect(variantsIn("Please Log  in again", "en").map((v) => v.variant)).toContain("log in");
    expect(variantsIn("Your Purchase orders", "en").map((v) => v.variant)).toContain("purchase orders");
    expect(variantsIn("Delivered to network", "en").map((v) => v.variant)).toEqual(["delivered to network"]);
    // Params, markup and the spec's own words are not the product's wording.
    expect(variantsIn("<login>Sign in</login> as {{email}}", "en")).toEqual([]);
    expect(variantsIn("Password changed. Please login again", "en")).toEqual([]);
    expect(variantsIn("Sender names (Sender ID)", "en")).toEqual([]);
    expect(variantsIn("Register and choose a sender name", "en")).toEqual([]);
    // One word for a phone number (issue 24): a header name a file may carry is kept only whole.
    expect(variantsIn("กรุณายืนยันเบอร์โทรศัพท์", "th").map((v) => v.variant)).toContain("เบอร์โทรศัพท์");
    expect(variantsIn("A Thai mobile number", "en").map((v) => v.variant)).toEqual(["mobile number"]);
    expect(variantsIn("เบอร์โทร", "th")).toEqual([]);
    expect(variantsIn("คอลัมน์เบอร์โทร", "th").map((v) => v.variant)).toContain("เบอร์โทร");
  });

  it("reads the catalogues it guards", () => {
    const files = new Set(texts.map((t) => t.file));
    expect([...files].filter((f) => f.startsWith("apps/web/app/locales/th/")).length).toBeGreaterThan(20);
    expect([...files].filter((f) => f.startsWith("apps/web/app/locales/en/")).length).toBeGreaterThan(20);
    for (const file of [
      "apps/server/src/i18n/locales/th/orders.json",
      "apps/server/src/i18n/locales/en/accounts.json",
      "packages/domain/locales/th/validation.json",
      "packages/domain/locales/en/smsc-routes.json",
      "packages/domain/src/rules/delivery-status.ts",
      "apps/web/app/features/marketing/content/terms.ts",
    ]) {
      expect(files.has(file), file).toBe(true);
    }
  });

  it("uses each concept's term somewhere in each language", () => {
    for (const entry of GLOSSARY) {
      for (const lang of ["th", "en"] as const) {
        const term = entry[lang].toLowerCase();
        expect(
          texts.some((t) => t.lang === lang && t.text.toLowerCase().includes(term)),
          `${lang}: ${entry[lang]}`,
        ).toBe(true);
      }
    }
  });

  it("never names a concept by an avoided variant", () => {
    const misuses = texts.flatMap((t) =>
      variantsIn(t.text, t.lang).map(({ variant, use }) => ({
        file: relative(root, at(t.file)),
        variant,
        use,
        text: t.text.slice(0, 120),
      })),
    );
    expect(misuses).toEqual([]);
  });
});
