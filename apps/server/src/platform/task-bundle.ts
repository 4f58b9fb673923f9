import { createHash } from "node:crypto";
import { lstatSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { isBuiltin } from "node:module";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build, type Plugin } from "esbuild";

/**
 * A heavy-work task module as one plain JavaScript file (ADR 123), which a worker thread imports
 * without tsx. Loading a task's TypeScript through tsx cost each worker about 0.4 s of CPU beyond the
 * modules themselves (tsx's loader thread and a transform round trip per file), and every task and
 * every spare starts a worker: 214 of them in one run of the server's tests, a tenant's every upload
 * and export in production.
 *
 * Our sources (the server's and the workspace packages', `@sms/*`) are bundled; every other package
 * stays an import, by the absolute path esbuild resolved from the importing source (so the file can
 * live in the temporary directory, and packages load as they would under tsx). `import.meta.url` in
 * a bundled source stays that source's own URL: fonts and `createRequire` find what they did.
 *
 * One bundle per module and process, built on the first task (about 50 ms, in esbuild's own
 * process, not on this thread) and named by its contents, so processes that built the same one
 * share the file.
 */

const built = new Map<string, Promise<URL>>();

export function taskBundle(module: URL): Promise<URL> {
  let bundle = built.get(module.href);
  if (!bundle) {
    bundle = bundleTask(module);
    // A failed build (a syntax error being edited) is tried again by the next task.
    bundle.catch(() => built.delete(module.href));
    built.set(module.href, bundle);
  }
  return bundle;
}

const OWN_SOURCE = /\.(?:ts|mts|tsx)$/;
const SKIP = Symbol("resolved by esbuild");

/** Bare imports of other packages stay imports, by absolute URL; `@sms/*` and relative ones are bundled. */
const packagesByPath: Plugin = {
  name: "packages-by-path",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === SKIP || args.path.startsWith("@sms/")) return undefined;
      if (isBuiltin(args.path)) return { path: args.path, external: true };
      const resolved = await b.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        importer: args.importer,
        pluginData: SKIP,
      });
      if (resolved.errors.length > 0) return { errors: resolved.errors };
      return { path: pathToFileURL(resolved.path).href, external: true };
    });
    b.onLoad({ filter: OWN_SOURCE }, (args) => {
      if (args.path.includes("/node_modules/")) return undefined;
      const source = readFileSync(args.path, "utf8");
      const own = JSON.stringify(pathToFileURL(args.path).href);
      return {
        contents: source.replaceAll("import.meta.url", own),
        loader: args.path.endsWith("x") ? "tsx" : "ts",
      };
    });
  },
};

async function bundleTask(module: URL): Promise<URL> {
  const entry = fileURLToPath(module);
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: "esm",
    platform: "node",
    target: "node20",
    logLevel: "silent",
    plugins: [packagesByPath],
  });
  const output = result.outputFiles[0];
  if (!output) throw new Error(`esbuild wrote nothing for ${entry}`);
  const hash = createHash("sha256").update(output.contents).digest("hex").slice(0, 16);
  const dir = bundleDir();
  const file = join(dir, `${basename(entry).replace(OWN_SOURCE, "")}-${hash}.mjs`);
  // Written beside, then renamed: a process importing the same name never reads half a file.
  const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  writeFileSync(partial, output.contents);
  renameSync(partial, file);
  return pathToFileURL(file);
}

/**
 * The user's own directory for bundles (as tsx keeps its cache): a worker runs what is in it, so
 * one that another user made or can write to is refused.
 */
export function bundleDir(root = tmpdir()): string {
  const uid = process.getuid?.();
  const dir = join(root, `sms-task-bundles-${uid ?? "user"}`);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stat = lstatSync(dir);
  if (uid !== undefined && (!stat.isDirectory() || stat.uid !== uid || (stat.mode & 0o022) !== 0))
    throw new Error(`${dir} is not this user's own directory: heavy work will not run code from it`);
  return dir;
}
