// The one HTML walker of the post-build steps (defer-hydration, seo-files, js-budget): which
// prerendered pages there are, and their elements as an HTML parser (parse5) reads them, with the
// offsets of each in the source so that a step edits exactly those bytes and leaves the rest of the
// page as React Router wrote it (docs/decisions/0090-web-internals-openapi-and-pollers.md).
import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "parse5";

/** build/client next to this script, or the directory given after `--dir`. */
export function clientDirFromArgs(argv = process.argv) {
  const dirIndex = argv.indexOf("--dir");
  return dirIndex > 0 ? argv[dirIndex + 1] : fileURLToPath(new URL("../build/client/", import.meta.url));
}

/**
 * The prerendered pages of a build, sorted: every `index.html` outside `assets/`, and with
 * `spaFallback` the SPA fallback (`__spa-fallback.html`) too. Each as { file, path }, `path`
 * the URL path it is served at ("/en/login"; the fallback's is "/__spa-fallback.html").
 */
export function htmlPages(clientDir, { spaFallback = false } = {}) {
  const pages = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir).sort()) {
      const file = join(dir, name);
      if (statSync(file).isDirectory()) {
        if (name !== "assets") walk(file);
      } else if (name === "index.html" || (spaFallback && name === "__spa-fallback.html")) {
        const rel = relative(clientDir, file).split("\\").join("/");
        pages.push({ file, path: `/${rel.replace(/\/?index\.html$/, "")}` });
      }
    }
  };
  walk(clientDir);
  return pages;
}

/**
 * Every element of a page in document order: { tag, attrs (name → value), text, start, end,
 * textStart, textEnd }. `text` is a script's or style's source (raw text), else the element's
 * own text nodes; `start`/`end` are the element's offsets in `html`, `textStart`/`textEnd` those
 * of its content (null for a void element).
 */
export function elements(html) {
  const out = [];
  const visit = (node) => {
    if (node.tagName && node.sourceCodeLocation) {
      const loc = node.sourceCodeLocation;
      const text = (node.tagName === "template" ? [] : node.childNodes)
        .filter((child) => child.nodeName === "#text")
        .map((child) => child.value)
        .join("");
      out.push({
        tag: node.tagName,
        attrs: new Map(node.attrs.map((a) => [a.name, a.value])),
        text,
        start: loc.startOffset,
        end: loc.endOffset,
        textStart: loc.startTag && loc.endTag ? loc.startTag.endOffset : null,
        textEnd: loc.endTag ? loc.endTag.startOffset : null,
        startTagEnd: loc.startTag?.endOffset ?? loc.endOffset,
      });
    }
    for (const child of node.content?.childNodes ?? []) visit(child);
    for (const child of node.childNodes ?? []) visit(child);
  };
  visit(parse(html, { sourceCodeLocationInfo: true }));
  return out;
}

/** An inline script (no `src`). */
export const isInlineScript = (el) => el.tag === "script" && !el.attrs.has("src");

/**
 * Applies edits { start, end, text } (offsets in `html`, not overlapping) and answers the new
 * HTML: each range is replaced by its text, everything else is kept byte for byte.
 */
export function applyEdits(html, edits) {
  let out = html;
  for (const edit of [...edits].sort((a, b) => b.start - a.start)) {
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  }
  return out;
}
