import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { askedLocale } from "../i18n/index.ts";
import { registerLocale } from "./locale.ts";

/** ADR 88: Accept-Language is parsed by negotiator, in one place, once a request. */
describe("askedLocale", () => {
  it.each<[string | undefined, "th" | "en" | undefined]>([
    // A browser's usual headers: a region subtag is its language.
    ["th-TH,th;q=0.9,en-US;q=0.8,en;q=0.7", "th"],
    ["en-US,en;q=0.9,th;q=0.8", "en"],
    ["th-TH", "th"],
    ["EN-gb", "en"],
    ["TH", "th"],
    // q-values rank, whatever the order; equal ones keep the header's order.
    ["en;q=0.5, th;q=0.8", "th"],
    ["th;q=0.1, en", "en"],
    ["th-TH, en", "th"],
    ["en, th-TH", "en"],
    ["fr-FR, de;q=0.9, en;q=0.2, th;q=0.1", "en"],
    // q=0 is a refusal, not the lowest wish.
    ["en;q=0", undefined],
    ["en;q=0, th;q=0.3", "th"],
    // An unreadable q-value leaves its language out.
    ["en-US;q=abc, th", "th"],
    // A wildcard or a language of no catalogue of ours names neither.
    ["*", undefined],
    ["fr, *;q=0.5", undefined],
    ["thx, eng", undefined],
    // No header, an empty one, garbage.
    [undefined, undefined],
    ["", undefined],
    [",,,", undefined],
    [";q=1", undefined],
    ["garbage;;;==,,q", undefined],
    ["\u0000\u00ff\ufffd", undefined],
    ['"th"', undefined],
    ["th;q=1;foo=bar=baz, en", "th"],
  ])("%j → %s", (header, expected) => {
    expect(askedLocale(header)).toBe(expected);
  });

  it("never throws on arbitrary bytes", () => {
    for (let i = 0; i < 500; i++) {
      const header = Array.from({ length: (i % 40) + 1 }, (_, j) =>
        String.fromCharCode((i * 31 + j * 17) % 256),
      ).join("");
      const locale = askedLocale(header);
      expect([undefined, "th", "en"]).toContain(locale);
    }
  });
});

describe("the request's locales", () => {
  const app = Fastify();
  registerLocale(app);
  app.get("/", async (request) => ({ portal: request.locale, asked: request.askedLocale ?? null }));
  beforeAll(() => app.ready());
  afterAll(() => app.close());

  const get = async (header?: string) =>
    (
      await app.inject({ url: "/", headers: header === undefined ? {} : { "accept-language": header } })
    ).json();

  it("the portal defaults to Thai; what was asked stays unknown for the public API's English", async () => {
    expect(await get()).toEqual({ portal: "th", asked: null });
    expect(await get("*")).toEqual({ portal: "th", asked: null });
    expect(await get("fr")).toEqual({ portal: "th", asked: null });
    expect(await get("nonsense;q=x")).toEqual({ portal: "th", asked: null });
  });

  it("both follow a header that asks for one of ours", async () => {
    expect(await get("th-TH")).toEqual({ portal: "th", asked: "th" });
    expect(await get("en-US,en;q=0.9")).toEqual({ portal: "en", asked: "en" });
    expect(await get("fr, th;q=0.5")).toEqual({ portal: "th", asked: "th" });
  });
});
