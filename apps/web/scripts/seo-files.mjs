// After `react-router build`: writes sitemap.xml (every prerendered page with its th/en/x-default
// alternates) and robots.txt into build/client, from the canonical links the pages carry, so the
// sitemap always matches what was prerendered and uses the same site URL (VITE_SITE_URL).
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const dirIndex = process.argv.indexOf("--dir");
const clientDir =
  dirIndex > 0 ? process.argv[dirIndex + 1] : fileURLToPath(new URL("../build/client/", import.meta.url));

function* htmlFiles(dir) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== "assets") yield* htmlFiles(path);
    } else if (name === "index.html") yield path;
  }
}

const attr = (tag, name) => new RegExp(`\\b${name}="([^"]*)"`, "i").exec(tag)?.[1];
const escapeXml = (s) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const pages = [];
for (const file of htmlFiles(clientDir)) {
  const html = readFileSync(file, "utf8");
  const links = [...html.matchAll(/<link\b[^>]*>/g)].map((m) => m[0]);
  const canonical = links.find((l) => attr(l, "rel") === "canonical");
  if (!canonical || /<meta[^>]+name="robots"[^>]+noindex/i.test(html)) continue;
  const alternates = links
    .filter((l) => attr(l, "rel") === "alternate" && attr(l, "hrefLang"))
    .map((l) => ({ lang: attr(l, "hrefLang"), href: attr(l, "href") }));
  pages.push({ loc: attr(canonical, "href"), alternates });
}
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
console.log(`sitemap.xml: ${pages.length} pages; robots.txt for ${origin}`);
