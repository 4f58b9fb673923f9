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
// `node scripts/defer-hydration.mjs [--dir build/client]` rewrites every prerendered page that
// hydrates, except the SPA fallback (app pages render a loading state there until the app starts).
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const MODULE_SCRIPT = /<script type="module"(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/;
const PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const MARK = "/*deferred-hydration*/";

/**
 * Rewrites one page's HTML. Returns the HTML unchanged when it does not hydrate (no module script)
 * or was already rewritten. Throws when the module script has a shape this rewrite does not know,
 * so a React Router upgrade that changes it fails the build instead of shipping a broken page.
 */
export function deferHydration(html) {
  const script = MODULE_SCRIPT.exec(html);
  if (!html.includes("window.__reactRouterContext") || !script || script[1].includes(MARK)) return html;
  const preloads = [...html.matchAll(PRELOAD)].map((m) => m[1]);
  const imports = [];
  const rest = [];
  for (const line of script[1].split("\n")) {
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
  return html
    .replace(PRELOAD, "")
    .replace(MODULE_SCRIPT, (tag, code) => tag.replace(code, () => loader).replace(' async=""', ""));
}

function* htmlFiles(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== "assets") yield* htmlFiles(path);
    } else if (name === "index.html") yield path;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dirIndex = process.argv.indexOf("--dir");
  const clientDir =
    dirIndex > 0 ? process.argv[dirIndex + 1] : fileURLToPath(new URL("../build/client/", import.meta.url));
  let count = 0;
  for (const file of htmlFiles(clientDir)) {
    const html = readFileSync(file, "utf8");
    const out = deferHydration(html);
    if (out !== html) {
      writeFileSync(file, out);
      count++;
    }
  }
  console.log(`defer-hydration: ${count} prerendered pages hydrate after load`);
}
