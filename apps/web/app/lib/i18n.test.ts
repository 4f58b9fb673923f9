import { describe, expect, it } from "vitest";
import { dataKey, ensureLanguage, i18next, loadLanguage, namespaces, resources } from "./i18n";

type Catalog = Record<string, unknown>;

/** Every leaf as its list of keys: { a: { b: "x" } } → [["a", "b"]]; keys may themselves hold dots. */
function leafPaths(catalog: unknown, prefix: string[] = []): string[][] {
  if (catalog === null || typeof catalog !== "object" || Array.isArray(catalog)) return [prefix];
  return Object.entries(catalog as Catalog).flatMap(([key, value]) => leafPaths(value, [...prefix, key]));
}

/** Readable and unambiguous: a nested key and a dotted key never collide. */
const keyPaths = (catalog: unknown) => leafPaths(catalog).map((path) => path.join(" > "));

function leaf(catalog: unknown, path: string[]): unknown {
  return path.reduce<unknown>((node, key) => (node as Catalog | undefined)?.[key], catalog);
}

/** Keys present on one side only, so a failure names exactly what to add. */
function parity(th: unknown, en: unknown): { missingInEn: string[]; missingInTh: string[] } {
  const thKeys = new Set(keyPaths(th));
  const enKeys = new Set(keyPaths(en));
  return {
    missingInEn: [...thKeys].filter((key) => !enKeys.has(key)).sort(),
    missingInTh: [...enKeys].filter((key) => !thKeys.has(key)).sort(),
  };
}

const variables = (text: unknown) => [...String(text).matchAll(/{{\s*(\w+)[^}]*}}/g)].map((m) => m[1]).sort();

const th = (resources.th ?? {}) as Catalog;
const en = (resources.en ?? {}) as Catalog;
const allNamespaces = [...new Set([...Object.keys(th), ...Object.keys(en)])].sort();

describe("i18n catalogs", () => {
  it("checks a key against the catalogues when it compiles (app/i18next.d.ts)", () => {
    const t = i18next.getFixedT("en", "common");
    expect(t("app.name")).not.toBe("app.name");
    // @ts-expect-error a key that is in no catalogue does not compile (the typecheck fails if it does)
    expect(t("app.no_such_key")).toBe("app.no_such_key");
    // @ts-expect-error nor a key of another namespace without its prefix
    expect(t("login.title")).toBe("login.title");
    // A key made from data is named as such, and resolves at run time.
    expect(t(dataKey("pages.dashboard"))).not.toBe("pages.dashboard");
    // The domain's texts are a namespace too (ADR 104): flat dotted keys, typed the same way.
    const domain = i18next.getFixedT("en", "domain");
    expect(domain("validation.phone_invalid")).toBe("Phone Number is invalid!");
    // @ts-expect-error a key in no domain catalogue does not compile either
    expect(domain("validation.no_such_key")).toBe("validation.no_such_key");
  });

  it("loads the th and en catalogs", () => {
    expect(allNamespaces).toContain("common");
    expect(allNamespaces).toContain("ui");
  });

  it("lists every namespace of the catalog folder, loaded in both languages for tests", () => {
    expect(namespaces).toContain("auth");
    expect(Object.keys(th).sort()).toEqual([...namespaces].sort());
    const files = import.meta.glob("../locales/*/*.json");
    for (const lang of ["th", "en"]) {
      const names = Object.keys(files).flatMap(
        (f) => new RegExp(`/${lang}/([\\w-]+)\\.json$`).exec(f)?.[1] ?? [],
      );
      expect([...names, "domain"].sort(), lang).toEqual([...namespaces].sort());
    }
  });

  it("loads a language once, however often it is asked for", () => {
    expect(loadLanguage("en")).toBe(loadLanguage("en"));
    expect(loadLanguage("th")).not.toBe(loadLanguage("en"));
  });

  it("switches to a loaded language without suspending", () => {
    ensureLanguage("en");
    expect(i18next.language).toBe("en");
    expect(i18next.t("app.name", { ns: "common" })).toBe(leaf(en.common, ["app", "name"]));
    ensureLanguage("th");
    expect(i18next.language).toBe("th");
  });

  it("has every namespace in both languages", () => {
    expect(Object.keys(th).sort()).toEqual(Object.keys(en).sort());
  });

  describe.each(allNamespaces)("namespace %s", (ns) => {
    it("has identical key sets in th and en", () => {
      expect(parity(th[ns], en[ns])).toEqual({ missingInEn: [], missingInTh: [] });
    });

    it("has non-empty texts with the same interpolation variables", () => {
      for (const segments of leafPaths(th[ns])) {
        const path = segments.join(" > ");
        const thText = leaf(th[ns], segments);
        const enText = leaf(en[ns], segments);
        expect(typeof thText === "string" && thText.trim() !== "", `th ${ns}:${path}`).toBe(true);
        if (enText === undefined) continue;
        expect(typeof enText === "string" && enText.trim() !== "", `en ${ns}:${path}`).toBe(true);
        expect(variables(enText), `variables of ${ns}:${path}`).toEqual(variables(thText));
      }
    });
  });

  it("reports a key missing on either side, nested ones included", () => {
    expect(parity({ a: "x", b: { c: "y", d: "z" } }, { a: "x", b: { c: "y" }, e: "w" })).toEqual({
      missingInEn: ["b > d"],
      missingInTh: ["e"],
    });
    expect(parity({ "a.b": "x" }, { a: { b: "x" } })).toEqual({
      missingInEn: ["a.b"],
      missingInTh: ["a > b"],
    });
    expect(parity({ a: { b: "x" } }, { a: "x" })).toEqual({ missingInEn: ["a > b"], missingInTh: ["a"] });
  });
});
