import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import en from "./catalogue-en.ts";
import th from "./catalogue-th.ts";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const locales = join(root, "packages/domain/locales");

/** Shipped source files (tests are not where texts live). */
function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true })
    .map(String)
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => join(dir, f));
}

describe("the domain's catalogues (ADR 104)", () => {
  it("hold every area's texts once, with the same keys in Thai and English", () => {
    const files = readdirSync(join(locales, "en"));
    expect(readdirSync(join(locales, "th"))).toEqual(files);
    const keys = files.flatMap((file) =>
      Object.keys(JSON.parse(readFileSync(join(locales, "en", file), "utf8"))),
    );
    expect(new Set(keys).size).toBe(keys.length);
    expect(Object.keys(en).sort()).toEqual([...keys].sort());
    expect(Object.keys(th).sort()).toEqual([...keys].sort());
  });

  it("are the only place a contract's texts are written (no `*_MESSAGE_KEYS` objects in code)", () => {
    const declared = [
      ...sources("packages/domain/src"),
      ...sources("apps/server/src"),
      ...sources("apps/web/app"),
    ].filter((file) => /\b[A-Z][A-Z_]*_MESSAGE_KEYS\s*=\s*\{/.test(readFileSync(join(root, file), "utf8")));
    // A new message is a line in locales/en/<area>.json and locales/th/<area>.json.
    expect(declared).toEqual([]);
  });
});
