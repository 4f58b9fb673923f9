import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeEach, describe, expect, it } from "vitest";
import { AppError, ERROR_STATUS, type ErrorCode } from "../errors.ts";
import {
  CATALOGUE_VARIABLES,
  hasMessage,
  messageKeys,
  onMissingMessage,
  storedKey,
  translate,
} from "./index.ts";

const serverSrc = fileURLToPath(new URL("../", import.meta.url));
const domainSrc = fileURLToPath(new URL("../../../../packages/domain/src/", import.meta.url));

/** Production source files (tests and test helpers are not shipped messages). */
function sources(dir: string): { file: string; text: string }[] {
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && !f.startsWith("test/"))
    .map((f) => ({ file: f, text: readFileSync(join(dir, f), "utf8") }));
}

const KEY = String.raw`[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+`;
const namespaces = new Set(messageKeys().map((k) => k.split(".")[0]));

/** Every quoted string that looks like a message key of a namespace the catalog knows. */
function keysIn(text: string): string[] {
  const code = text
    .split("\n")
    .filter((line) => !/^\s*(import|export .* from)\b/.test(line))
    .join("\n");
  return [...code.matchAll(new RegExp(`["'](${KEY})["']`, "g"))]
    .map((m) => m[1] ?? "")
    .filter((key) => namespaces.has(key.split(".")[0] ?? ""));
}

describe("server message catalog", () => {
  // Apps built in test mode make a missing key throw; production logs it (see plugins/errors.ts).
  beforeEach(() => onMissingMessage("throw"));

  it("has a Thai and an English text for every key", () => {
    for (const key of messageKeys()) {
      expect(translate(key, "th").trim(), key).not.toBe("");
      expect(translate(key, "en").trim(), key).not.toBe("");
    }
  });

  it("knows every key the server source uses (AppError, details, translate calls)", () => {
    const used = sources(serverSrc).flatMap(({ file, text }) => keysIn(text).map((key) => ({ file, key })));
    expect(used.length).toBeGreaterThan(30);
    expect(used.filter(({ key }) => !hasMessage(key))).toEqual([]);
  });

  it("knows every key a translate call builds from a template", () => {
    for (const { file, text } of sources(serverSrc)) {
      for (const match of text.matchAll(/translate\(\s*`([^`]+)`/g)) {
        const pattern = new RegExp(
          `^${(match[1] ?? "").replace(/\./g, "\\.").replace(/\$\{[^}]+\}/g, "[a-z0-9_]+")}$`,
        );
        expect(
          messageKeys().some((key) => pattern.test(key)),
          `${file}: ${match[1]}`,
        ).toBe(true);
      }
    }
  });

  it("knows the default message of every error code", () => {
    for (const code of Object.keys(ERROR_STATUS) as ErrorCode[]) {
      expect(hasMessage(new AppError(code).messageKey), code).toBe(true);
    }
  });

  it("knows every validation key of the shared zod contracts and rules", () => {
    const used = sources(domainSrc).flatMap(({ file, text }) =>
      [...text.matchAll(new RegExp(`error:\\s*(?:[a-zA-Z]+\\()?"(${KEY})"`, "g"))].map((m) => ({
        file,
        key: m[1] ?? "",
      })),
    );
    expect(used.length).toBeGreaterThan(20);
    expect(used.filter(({ key }) => !hasMessage(key))).toEqual([]);
  });

  it("has the same keys in the Thai and English catalogue files, each key in one file", () => {
    // The server's own catalogues and the domain's (ADR 104): one namespace, so one owner a key.
    const owner = new Map<string, string>();
    for (const root of [join(serverSrc, "i18n/locales"), join(domainSrc, "../locales")]) {
      const dir = (lang: string) => join(root, lang);
      const files = readdirSync(dir("en")).filter((f) => f.endsWith(".json"));
      expect(readdirSync(dir("th")).filter((f) => f.endsWith(".json"))).toEqual(files);
      for (const file of files) {
        const keys = (lang: string) => Object.keys(JSON.parse(readFileSync(join(dir(lang), file), "utf8")));
        expect(keys("th"), file).toEqual(keys("en"));
        for (const key of keys("en")) {
          expect(owner.get(key), `${key} in ${root}/${file}`).toBeUndefined();
          owner.set(key, `${root}/${file}`);
        }
      }
    }
    expect(owner.size).toBeGreaterThan(450);
    // Every key of the lookup is in one of these files.
    expect(messageKeys().filter((key) => !owner.has(key))).toEqual([]);
  });

  it("fills the catalogue's own variables and a text's parameters, and leaves a missing one empty", () => {
    expect(translate("schedules.run.trial_recipient_limit", "en")).toContain(
      `at most ${CATALOGUE_VARIABLES.trial_recipients_per_day} different numbers`,
    );
    // The domain's limits (ADR 104), a formatted one among them.
    expect(translate("validation.smsc_tps_invalid", "en")).toBe(
      "Please enter a speed above 0 and at most 10,000 messages per second.",
    );
    expect(translate("validation.suspension_days_invalid", "th")).toBe(
      `กรุณาเลือกระหว่าง 1 ถึง ${CATALOGUE_VARIABLES.max_suspension_days} วัน`,
    );
    // Every name in a domain text is a catalogue variable but the two parameters its callers pass.
    const domainDir = join(domainSrc, "../locales");
    const named = new Set<string>();
    for (const lang of ["th", "en"])
      for (const file of readdirSync(join(domainDir, lang)))
        for (const m of readFileSync(join(domainDir, lang, file), "utf8").matchAll(/\{\{(\w+)\}\}/g))
          named.add(m[1] ?? "");
    expect([...named].filter((name) => !Object.hasOwn(CATALOGUE_VARIABLES, name)).sort()).toEqual([
      "length",
      "limit",
    ]);
    expect(translate("errors.heavy_work_busy", "en", { seconds: 30 })).toBe(
      "The server is busy preparing other files. Please try again in 30 seconds.",
    );
    expect(translate("errors.heavy_work_busy", "en")).toBe(
      "The server is busy preparing other files. Please try again in  seconds.",
    );
    // A value is put in as it is: no HTML escaping, no nesting, no second interpolation.
    expect(
      translate("errors.heavy_work_busy", "th", { seconds: "<b>{{seconds}} $t(errors.general)" }),
    ).toContain("<b>{{seconds}} $t(errors.general)");
  });

  it("refuses a key outside the catalog at compile time", () => {
    // @ts-expect-error a typo in a key is a type error (the typecheck fails if this line compiles)
    expect(() => translate("nowhere.missing_key", "en")).toThrow(/nowhere\.missing_key/);
    // @ts-expect-error the same for an error's message
    expect(new AppError("VALIDATION", { messageKey: "nowhere.missing_key" }).messageKey).toBe(
      "nowhere.missing_key",
    );
  });

  it("checks a stored key when it is read: loud in tests, the general message in production", () => {
    expect(storedKey("campaigns.file.unreadable")).toBe("campaigns.file.unreadable");
    expect(() => storedKey("nowhere.missing_key")).toThrow(/nowhere\.missing_key/);
    const missing: string[] = [];
    onMissingMessage((key) => missing.push(key));
    expect(translate(storedKey("nowhere.missing_key"), "en")).toBe(translate("errors.general", "en"));
    expect(translate(storedKey("nowhere.missing_key"), "th")).toBe(translate("errors.general", "th"));
    expect(missing).toEqual(["nowhere.missing_key", "nowhere.missing_key"]);
  });
});
