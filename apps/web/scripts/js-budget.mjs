// Gzipped JavaScript a prerendered page ships: external module scripts, modulepreloads and inline
// scripts. `node scripts/js-budget.mjs [--max-kb 100] [--app-max-kb 120] [--fallback-max-kb 160]`
// checks every prerendered page of the build: static marketing pages against --max-kb, the entry
// pages that hydrate into the app (/login, /register, /forgot) against --app-max-kb for what loads
// before the first paint, and the SPA fallback against --fallback-max-kb. Run by `npm test`.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { clientDirFromArgs, elements, htmlPages, isInlineScript } from "./html-pages.mjs";

const clientDir = clientDirFromArgs();

const gz = (buf) => gzipSync(buf, { level: 9 }).length;

/**
 * Bytes for one HTML document: { files: [{ src, gzip }], inline, total, deferred: { files, total } }
 * (gzip sizes in bytes). `total` is what loads before the first paint.
 */
export function pageJs(html, root = clientDir) {
  const all = elements(html);
  const srcs = new Set();
  for (const el of all) if (el.tag === "script" && el.attrs.get("src")) srcs.add(el.attrs.get("src"));
  for (const el of all) {
    if (el.tag === "link" && el.attrs.get("rel") === "modulepreload") srcs.add(el.attrs.get("href"));
  }
  const size = (src) => {
    const path = join(root, src.split("?")[0]);
    return { src, gzip: existsSync(path) ? gz(readFileSync(path)) : 0 };
  };
  const files = [...srcs].map(size);
  const scripts = all.filter(isInlineScript).map((el) => el.text);
  const inline = scripts.filter(Boolean).reduce((sum, code) => sum + gz(Buffer.from(code)), 0);
  // Modules a page loads only after the `load` event (scripts/defer-hydration.mjs): not on the
  // way to the first paint, but they are what hydration downloads, so they are reported too.
  const later = scripts
    .map((code) => /^\/\*deferred-hydration\*\/[\s\S]*?for\(const href of (\[[^\]]*\])/.exec(code))
    .find(Boolean);
  const deferredFiles = (later ? JSON.parse(later[1]) : []).filter((src) => !srcs.has(src)).map(size);
  return {
    files,
    inline,
    total: files.reduce((s, f) => s + f.gzip, 0) + inline,
    deferred: { files: deferredFiles, total: deferredFiles.reduce((s, f) => s + f.gzip, 0) },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const maxIndex = process.argv.indexOf("--max-kb");
  const maxKb = maxIndex > 0 ? Number(process.argv[maxIndex + 1]) : 100;
  const appIndex = process.argv.indexOf("--app-max-kb");
  const appMaxKb = appIndex > 0 ? Number(process.argv[appIndex + 1]) : 120;
  // The SPA fallback starts every app page that is not prerendered (a signed-in person's pages):
  // React, React Router and i18next with the route table. Not an entry page; its own ceiling keeps
  // it from growing (docs/decisions/0009-entry-pages-hydrate-after-load.md).
  const fallbackIndex = process.argv.indexOf("--fallback-max-kb");
  const fallbackMaxKb = fallbackIndex > 0 ? Number(process.argv[fallbackIndex + 1]) : 160;
  // What an entry page downloads to hydrate after its load event: a ceiling against regressions.
  const afterIndex = process.argv.indexOf("--after-load-max-kb");
  const afterLoadMaxKb = afterIndex > 0 ? Number(process.argv[afterIndex + 1]) : 240;
  let failed = false;
  for (const { file, path: page } of htmlPages(clientDir, { spaFallback: true })) {
    const html = readFileSync(file, "utf8");
    const { total, deferred } = pageJs(html);
    const kb = total / 1024;
    const later = deferred.total > 0 ? `, then ${(deferred.total / 1024).toFixed(1)} KB after load` : "";
    const app = elements(html).some(
      (el) => isInlineScript(el) && el.text.includes("window.__reactRouterContext"),
    );
    const fallback = file.endsWith("__spa-fallback.html");
    const over =
      kb > (fallback ? fallbackMaxKb : app ? appMaxKb : maxKb) || deferred.total / 1024 > afterLoadMaxKb;
    failed ||= over;
    console.log(
      `${over ? "OVER" : "ok  "} ${kb.toFixed(1).padStart(6)} KB  ${page}${app ? `  (hydrates${later})` : ""}`,
    );
  }
  if (failed) process.exit(1);
}
