// After `react-router build`: writes sitemap.xml (every prerendered page with its th/en/x-default
// alternates) and robots.txt into build/client, from the canonical links the pages carry, so the
// sitemap always matches what was prerendered and uses the same site URL (VITE_SITE_URL).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { clientDirFromArgs, elements, htmlPages } from "./html-pages.mjs";

const escapeXml = (s) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** A page's canonical address and its language alternates, or null (no canonical link, or noindex). */
export function seoOf(html) {
  const all = elements(html);
  const links = all.filter((el) => el.tag === "link");
  const canonical = links.find((el) => el.attrs.get("rel") === "canonical");
  const noindex = all.some(
    (el) =>
      el.tag === "meta" &&
      el.attrs.get("name") === "robots" &&
      /noindex/i.test(el.attrs.get("content") ?? ""),
  );
  if (!canonical || noindex) return null;
  return {
    loc: canonical.attrs.get("href"),
    // parse5 lower-cases attribute names: React writes hrefLang.
    alternates: links
      .filter((el) => el.attrs.get("rel") === "alternate" && el.attrs.get("hreflang"))
      .map((el) => ({ lang: el.attrs.get("hreflang"), href: el.attrs.get("href") })),
  };
}

/** Writes sitemap.xml and robots.txt into a build's client directory; answers the pages and origin. */
export function writeSeoFiles(clientDir) {
  const pages = htmlPages(clientDir)
    .map(({ file }) => seoOf(readFileSync(file, "utf8")))
    .filter((page) => page !== null);
  if (pages.length === 0) throw new Error(`no prerendered pages with a canonical link in ${clientDir}`);

  const lastmod = new Date().toISOString().slice(0, 10);
  const urls = pages
    .sort((a, b) => a.loc.localeCompare(b.loc))
    .map(
      (p) =>
        `  <url>\n    <loc>${escapeXml(p.loc)}</loc>\n    <lastmod>${lastmod}</lastmod>\n${p.alternates
          .map((a) => `    <xhtml:link rel="alternate" hreflang="${a.lang}" href="${escapeXml(a.href)}"/>`)
          .join("\n")}\n  </url>`,
    )
    .join("\n");
  writeFileSync(
    join(clientDir, "sitemap.xml"),
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls}\n</urlset>\n`,
  );

  const origin = new URL(pages[0].loc).origin;
  writeFileSync(
    join(clientDir, "robots.txt"),
    [
      "User-agent: *",
      "Allow: /",
      "Disallow: /api/",
      "Disallow: /dev/",
      "",
      `Sitemap: ${origin}/sitemap.xml`,
      "",
    ].join("\n"),
  );
  return { pages: pages.length, origin };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { pages, origin } = writeSeoFiles(clientDirFromArgs());
  console.log(`sitemap.xml: ${pages} pages; robots.txt for ${origin}`);
}
