// The import boundaries (ADR 80), written into biome.json's `overrides` from the folder layout:
// `ls apps/web/app/features/` and `ls apps/server/src/`, and how deep their files lie. Nobody edits
// those overrides by hand; a new web feature, server module or server folder is covered by running
//   node scripts/boundaries.mjs           (writes biome.json)
//   node scripts/boundaries.mjs --check   (fails when biome.json is not what the layout gives: npm test)
// (--root=DIR: another tree than this one; the tests use it.)
// The rules, each stated once below:
//   web:    no server code (@sms/server, @sms/db); another feature only through its index
//           (`~/features/<name>`, or its index.server / index.lazy); inside a feature, relative
//           imports, never its own index; features/messages is the send kernel (ADR 72).
//   server: another module only through its `index.ts`; the layers under the modules (every folder
//           of src/ but modules/ and test/, and every file of src/ but app.ts, main.ts and the
//           tests: platform/, jobs/, plugins/, gateway/, …, config.ts, errors.ts) import no module
//           at all; app.ts, main.ts and the tests enter a module by its index.
//           (bench/ and apps/server/scripts/ measure and render module internals: not covered.)
//   both:   no import cycles (Biome's noImportCycles, on resolved files, type-only imports too).
//   e2e:    journeys take `test` from e2e/support/test.ts (it closes the contexts a test opens).
// Biome applies the options of the last override that matches a file, so each generated override
// carries the whole list of patterns for its files; the overrides are per feature and per depth
// because a relative specifier means another feature only at a known depth (`../x` from
// features/a/x.ts, `../../x` from features/a/components/x.tsx).
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const FEATURES = "apps/web/app/features";
const SERVER = "apps/server/src";
const MODULES = `${SERVER}/modules`;
/** What may enter a module by its index: the composition root, the modules, the tests and their helpers. */
const SERVER_TOP_FOLDERS = new Set(["modules", "test"]);
const SERVER_TOP_FILES = /^(app|main)\.ts$|\.(test|chaos)\.ts$/;
/** ADR 72: the send kernel and the features it builds on. */
const KERNEL = "messages";
const KERNEL_BELOW = ["account", "schedules", "templates"];

const MSG = {
  server: "The web app must not import server code (@sms/server, @sms/db): share it through @sms/domain.",
  featureDoor:
    "Import a feature only through its index, `~/features/<name>` (route loaders: `~/features/<name>/index.server`; code loaded on demand: `index.lazy`); inside a feature, use relative imports.",
  sibling:
    "This relative path leaves the feature: import another feature only through its index, `~/features/<name>`; inside a feature, stay below its folder.",
  ownIndex: "Inside a feature, import its own files by relative paths, not through its index.",
  kernel: `features/${KERNEL} is the send kernel (ADR 72): the sending features build on it, so it imports no feature but ${KERNEL_BELOW.join(", ")}.`,
  belowKernel: `The send kernel (features/${KERNEL}, ADR 72) builds on this feature; importing it back would make a circle.`,
  moduleDoor:
    "A server module is entered only through its index.ts (`../<module>/index.ts`); move shared plumbing to src/platform.",
  journeyTest:
    "Journeys take `test` from ./support/test: it closes the browser contexts a test opens itself (Playwright closes only its own fixtures').",
  layer:
    "This layer lies under the modules (ADR 81): it imports no module. Hand it what it needs from app.ts, or move the code into a module.",
};

/** Depth of each source file below `dir` (1 = directly in it), as a set. */
function depths(dir, depth = 1, found = new Set()) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) depths(join(dir, entry.name), depth + 1, found);
    else if (SOURCE.test(entry.name)) found.add(depth);
  }
  return found;
}

const folders = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();

/** What the rules depend on, read from the tree under `root`. */
export function readLayout(root) {
  const features = folders(join(root, FEATURES));
  const featureDepth = Math.max(1, ...features.flatMap((f) => [...depths(join(root, FEATURES, f))]));
  const modules = folders(join(root, MODULES));
  const moduleDepth = Math.max(1, ...modules.flatMap((m) => [...depths(join(root, MODULES, m))]));
  const layers = folders(join(root, SERVER)).filter((f) => !SERVER_TOP_FOLDERS.has(f));
  const layerFiles = readdirSync(join(root, SERVER), { withFileTypes: true })
    .filter((e) => e.isFile() && SOURCE.test(e.name) && !SERVER_TOP_FILES.test(e.name))
    .map((e) => e.name)
    .sort();
  return { features, featureDepth, moduleDepth, layers, layerFiles };
}

const restrict = (patterns) => ({
  linter: { rules: { style: { noRestrictedImports: { level: "error", options: { patterns } } } } },
});
const up = (n) => "../".repeat(n);
/** Files exactly `depth` levels below `dir`. */
const atDepth = (dir, depth) => `${dir}/${"*/".repeat(depth - 1)}*`;

/** biome.json's `overrides`, from the layout. */
export function overrides({ features, featureDepth, moduleDepth, layers, layerFiles }) {
  const webBase = [
    { group: ["@sms/server", "@sms/server/**", "@sms/db", "@sms/db/**"], message: MSG.server },
    {
      group: ["**/features/*/**", "!~/features/*/index.server", "!~/features/*/index.lazy"],
      message: MSG.featureDoor,
    },
  ];
  const result = [{ includes: ["apps/web/**"], ...restrict(webBase) }];
  for (const feature of features) {
    const own = [{ group: [`~/features/${feature}`], message: MSG.ownIndex }];
    if (feature === KERNEL)
      own.push({
        group: ["~/features/*", ...KERNEL_BELOW.map((f) => `!~/features/${f}`)],
        message: MSG.kernel,
      });
    if (KERNEL_BELOW.includes(feature))
      own.push({ group: [`~/features/${KERNEL}`], message: MSG.belowKernel });
    for (let depth = 1; depth <= featureDepth; depth++) {
      // `up(depth)` is features/: a name there is another feature; one more `../` leaves features/.
      const sibling = {
        group: [`${up(depth)}*`, `${up(depth)}*/**`, `!${up(depth + 1)}**`],
        message: MSG.sibling,
      };
      result.push({
        includes: [atDepth(`${FEATURES}/${feature}`, depth)],
        ...restrict([...webBase, ...own, sibling]),
      });
    }
  }
  // Spelled through modules/ from anywhere (`../../modules/x/y.ts` from a module, the review's hole).
  const moduleDoor = { group: ["**/modules/*/**", "!**/modules/*/index.ts"], message: MSG.moduleDoor };
  result.push({
    includes: [`${SERVER}/*`, `${SERVER}/test/**`],
    ...restrict([moduleDoor]),
  });
  result.push({
    includes: [`${MODULES}/*`],
    ...restrict([moduleDoor, { group: ["./*/**", "!./*/index.ts"], message: MSG.moduleDoor }]),
  });
  for (let depth = 1; depth <= moduleDepth; depth++) {
    const sibling = {
      group: [`${up(depth)}*/**`, `!${up(depth)}*/index.ts`, `!${up(depth + 1)}**`],
      message: MSG.moduleDoor,
    };
    result.push({ includes: [atDepth(MODULES, depth + 1)], ...restrict([moduleDoor, sibling]) });
  }
  const layer = { group: ["**/modules", "**/modules/**"], message: MSG.layer };
  result.push({
    includes: [...layers.map((l) => `${SERVER}/${l}/**`), ...layerFiles.map((f) => `${SERVER}/${f}`)],
    ...restrict([layer]),
  });
  // A layer's tests may drive it with a module's real jobs or routes, through the module's index.
  result.push({ includes: layers.map((l) => `${SERVER}/${l}/**/*.test.ts`), ...restrict([moduleDoor]) });
  result.push({
    includes: ["e2e/**", "!e2e/support/test.ts"],
    linter: {
      rules: {
        style: {
          noRestrictedImports: {
            level: "error",
            options: { paths: { "@playwright/test": { importNames: ["test"], message: MSG.journeyTest } } },
          },
        },
      },
    },
  });
  return result;
}

/** biome.json as the layout under `root` gives it (the rest of the file kept as it is). */
export function generate(root) {
  const config = JSON.parse(readFileSync(join(root, "biome.json"), "utf8"));
  config.linter.rules.suspicious = {
    ...config.linter.rules.suspicious,
    noImportCycles: { level: "error", options: { ignoreTypes: false } },
  };
  config.overrides = overrides(readLayout(root));
  return config;
}

/** Null when biome.json says what the layout gives, else why not. */
export function stale(root) {
  const current = JSON.parse(readFileSync(join(root, "biome.json"), "utf8"));
  const wanted = generate(root);
  if (JSON.stringify(current) === JSON.stringify(wanted)) return null;
  const have = new Set((current.overrides ?? []).map((o) => JSON.stringify(o.includes)));
  const missing = wanted.overrides
    .filter((o) => !have.has(JSON.stringify(o.includes)))
    .map((o) => o.includes);
  return `biome.json's import boundaries are not what the folder layout gives${
    missing.length ? ` (not covered: ${missing.map((m) => m.join(" ")).join(", ")})` : ""
  }: run \`node scripts/boundaries.mjs\` and commit biome.json.`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const rootArg = process.argv.find((a) => a.startsWith("--root="));
  const root = rootArg ? rootArg.slice("--root=".length) : fileURLToPath(new URL("..", import.meta.url));
  if (!existsSync(join(root, FEATURES))) throw new Error(`no ${FEATURES}`);
  if (process.argv.includes("--check")) {
    const why = stale(root);
    if (why) {
      console.error(why);
      process.exit(1);
    }
    console.log("biome.json's import boundaries match the folder layout.");
  } else {
    writeFileSync(join(root, "biome.json"), `${JSON.stringify(generate(root), null, 2)}\n`);
    execFileSync("npx", ["biome", "format", "--write", "biome.json"], { cwd: root, stdio: "inherit" });
  }
}
