// After `react-router build`: the prerendered entry pages (/login, /register, /forgot in both
// languages) paint from their HTML alone, and React hydrates them once the page has loaded
// (docs/decisions/0009-entry-pages-hydrate-after-load.md).
//
// React Router puts a `modulepreload` link for every module of the route in <head> and starts a
// module script with static imports. Both fetch the whole app bundle at high priority before the
// first paint, so on a slow phone the page was blank for seconds. This rewrite removes the preloads
// and turns the static imports into dynamic ones started after the `load` event; the preloads are
// added back at that moment so the modules still download in parallel. Forms stay held until
// `data-hydrated` is set (root.tsx), so nothing is submitted before React handles it.
//
// `deferHydrationIn(clientDir)` rewrites every prerendered page that hydrates, except the SPA
// fallback (app pages render a loading state there until the app starts); React Router's `buildEnd`
// hook runs it (react-router.config.ts), and `node scripts/defer-hydration.mjs [--dir build/client]`
// still can by hand.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { applyEdits, clientDirFromArgs, elements, htmlPages, isInlineScript } from "./html-pages.mjs";

const MARK = "/*deferred-hydration*/";
const escapeAttr = (value) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

/**
 * Rewrites one page's HTML. Returns the HTML unchanged when it does not hydrate (no module script)
 * or was already rewritten. Throws when the module script has a shape this rewrite does not know,
 * so a React Router upgrade that changes it fails the build instead of shipping a broken page.
 */
export function deferHydration(html) {
  const all = elements(html);
  const inline = all.filter(isInlineScript);
  const script = inline.find((el) => el.attrs.get("type") === "module");
  const hydrates = inline.some((el) => el.text.includes("window.__reactRouterContext"));
  if (!hydrates || !script || script.text.includes(MARK)) return html;
  const preloadLinks = all.filter((el) => el.tag === "link" && el.attrs.get("rel") === "modulepreload");
  const preloads = preloadLinks.map((el) => el.attrs.get("href"));
  const imports = [];
  const rest = [];
  for (const line of script.text.split("\n")) {
    const sideEffect = /^import "([^"]+)";$/.exec(line.trim());
    const named = /^import \* as (\w+) from "([^"]+)";$/.exec(line.trim());
    if (sideEffect) imports.push({ name: null, src: sideEffect[1] });
    else if (named) imports.push({ name: named[1], src: named[2] });
    else if (/^\s*import\s/.test(line)) throw new Error(`defer-hydration: unknown import form: ${line}`);
    else rest.push(line);
  }
  const body = rest.join("\n").trim();
  if (imports.length === 0 || !/import\("[^"]+"\);?$/.test(body)) {
    throw new Error("defer-hydration: the module script does not end with the entry import");
  }
  const names = imports.map((i) => i.name ?? "").join(",");
  const loader = [
    MARK,
    `const hydrate=async()=>{`,
    `for(const href of ${JSON.stringify(preloads)}){const l=document.createElement("link");l.rel="modulepreload";l.href=href;document.head.append(l)}`,
    `const [${names}]=await Promise.all([${imports.map((i) => `import(${JSON.stringify(i.src)})`).join(",")}]);`,
    body,
    `};`,
    `const later=()=>setTimeout(hydrate,0);`,
    `document.readyState==="complete"?later():addEventListener("load",later,{once:true});`,
  ].join("\n");
  // The module script runs when parsed, not `async`: it only schedules the loader.
  const attrs = [...script.attrs]
    .filter(([name]) => name !== "async")
    .map(([name, value]) => ` ${name}="${escapeAttr(value)}"`)
    .join("");
  return applyEdits(html, [
    ...preloadLinks.map((el) => ({ start: el.start, end: el.end, text: "" })),
    { start: script.start, end: script.end, text: `<script${attrs}>${loader}</script>` },
  ]);
}

/** Rewrites every prerendered page of a build that hydrates (not the SPA fallback); answers how many. */
export function deferHydrationIn(clientDir) {
  let count = 0;
  for (const { file } of htmlPages(clientDir)) {
    const html = readFileSync(file, "utf8");
    const out = deferHydration(html);
    if (out !== html) {
      writeFileSync(file, out);
      count++;
    }
  }
  return count;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const count = deferHydrationIn(clientDirFromArgs());
  console.log(`defer-hydration: ${count} prerendered pages hydrate after load`);
}
