import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs build script without type declarations
import { applyEdits, elements, htmlPages, isInlineScript } from "./html-pages.mjs";
// @ts-expect-error: as above
import { seoOf } from "./seo-files.mjs";

interface Element {
  tag: string;
  attrs: Map<string, string>;
  text: string;
  start: number;
  end: number;
}

const PAGE = [
  '<!DOCTYPE html><html lang="th"><head><meta charSet="utf-8"/>',
  '<link rel="canonical" href="https://x.test/en/login"/>',
  '<link rel="alternate" hrefLang="th" href="https://x.test/login"/>',
  '<link rel="modulepreload" href="/assets/a.js"/></head>',
  '<body><p title="a &amp; b">5 &lt; 6</p><template><script>inside()</script></template>',
  '<script>window.__reactRouterContext = {"a":"</p>"};</script>',
  '<script type="module" src="/assets/e.js"></script></body></html>',
].join("");

describe("the HTML walker of the post-build steps", () => {
  it("reads elements as a parser does, with their offsets in the source", () => {
    const all: Element[] = elements(PAGE);
    const p = all.find((el) => el.tag === "p");
    expect(p?.attrs.get("title")).toBe("a & b");
    expect(p?.text).toBe("5 < 6");
    // A script's text is raw: the "</p>" inside it is not an element.
    const inline = all.filter(isInlineScript);
    expect(inline.map((el) => el.text)).toEqual(["inside()", 'window.__reactRouterContext = {"a":"</p>"};']);
    expect(all.filter((el) => el.tag === "p")).toHaveLength(1);
    const link = all.find((el) => el.attrs.get("rel") === "alternate");
    expect(link?.attrs.get("hreflang")).toBe("th");
    expect(PAGE.slice(link?.start, link?.end)).toBe(
      '<link rel="alternate" hrefLang="th" href="https://x.test/login"/>',
    );
  });

  it("edits only the ranges it is given and keeps every other byte", () => {
    const all: Element[] = elements(PAGE);
    const preload = all.find((el) => el.attrs.get("rel") === "modulepreload");
    const p = all.find((el) => el.tag === "p");
    if (!preload || !p) throw new Error("fixture");
    const out = applyEdits(PAGE, [
      { start: p.start, end: p.end, text: "<p>new</p>" },
      { start: preload.start, end: preload.end, text: "" },
    ]);
    expect(out).toBe(
      PAGE.replace('<link rel="modulepreload" href="/assets/a.js"/>', "").replace(
        '<p title="a &amp; b">5 &lt; 6</p>',
        "<p>new</p>",
      ),
    );
  });

  it("reads a page's canonical address and alternates for the sitemap, and skips noindex pages", () => {
    expect(seoOf(PAGE)).toEqual({
      loc: "https://x.test/en/login",
      alternates: [{ lang: "th", href: "https://x.test/login" }],
    });
    expect(seoOf(PAGE.replace("<head>", '<head><meta name="robots" content="noindex"/>'))).toBeNull();
    expect(seoOf("<html><head></head><body></body></html>")).toBeNull();
  });

  it("lists the prerendered pages by address, the SPA fallback only when asked", async () => {
    const dir = await mkdtemp(join(tmpdir(), "html-pages-"));
    try {
      for (const sub of ["", "en/login", "assets/x"]) await mkdir(join(dir, sub), { recursive: true });
      await writeFile(join(dir, "index.html"), "");
      await writeFile(join(dir, "en/login/index.html"), "");
      await writeFile(join(dir, "assets/x/index.html"), "");
      await writeFile(join(dir, "__spa-fallback.html"), "");
      const paths = (options?: object) => htmlPages(dir, options).map((page: { path: string }) => page.path);
      // In the order of their file names, as the sitemap lists them.
      expect(paths()).toEqual(["/en/login", "/"]);
      expect(paths({ spaFallback: true })).toEqual(["/__spa-fallback.html", "/en/login", "/"]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
