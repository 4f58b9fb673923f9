// Gzipped JavaScript a prerendered page ships: external module scripts, modulepreloads and inline
// scripts. `node scripts/js-budget.mjs [--max-kb 100] [--app-max-kb 120]` checks every prerendered
// page of the build: static marketing pages against --max-kb, pages that hydrate into the app (the
// entry pages /login, /register, /forgot and the SPA fallback every other app page starts from)
// against --app-max-kb.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const dirIndex = process.argv.indexOf("--dir");
const clientDir =
  dirIndex > 0 ? process.argv[dirIndex + 1] : fileURLToPath(new URL("../build/client/", import.meta.url));

const gz = (buf) => gzipSync(buf, { level: 9 }).length;

/** Bytes for one HTML document: { files: [{ src, gzip }], inline, total } (gzip sizes in bytes). */
export function pageJs(html, root = clientDir) {
  const srcs = new Set();
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) srcs.add(m[1]);
  for (const m of html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) srcs.add(m[1]);
  const files = [...srcs].map((src) => {
    const path = join(root, src.split("?")[0]);
    return { src, gzip: existsSync(path) ? gz(readFileSync(path)) : 0 };
  });
  const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1])
    .filter(Boolean)
    .reduce((sum, code) => sum + gz(Buffer.from(code)), 0);
  return { files, inline, total: files.reduce((s, f) => s + f.gzip, 0) + inline };
}

function* htmlFiles(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== "assets") yield* htmlFiles(path);
    } else if (name === "index.html" || name === "__spa-fallback.html") yield path;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const maxIndex = process.argv.indexOf("--max-kb");
  const maxKb = maxIndex > 0 ? Number(process.argv[maxIndex + 1]) : 100;
  const appIndex = process.argv.indexOf("--app-max-kb");
  const appMaxKb = appIndex > 0 ? Number(process.argv[appIndex + 1]) : 120;
  let failed = false;
  for (const file of htmlFiles(clientDir)) {
    const html = readFileSync(file, "utf8");
    const { total } = pageJs(html);
    const kb = total / 1024;
    const app = html.includes("window.__reactRouterContext");
    const page = `/${relative(clientDir, file).replace(/\/?index\.html$/, "")}`;
    const over = kb > (app ? appMaxKb : maxKb);
    failed ||= over;
    console.log(
      `${over ? "OVER" : "ok  "} ${kb.toFixed(1).padStart(6)} KB  ${page}${app ? "  (hydrates)" : ""}`,
    );
  }
  if (failed) process.exit(1);
}
