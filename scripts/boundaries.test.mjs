// ADR 80: each import boundary refuses a deliberate violation. Biome lints probe files laid out as
// the repository is (the real folder layout, plus a feature and a module that do not exist yet, as a
// developer would add them), under the overrides that scripts/boundaries.mjs generates.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generate, overrides, readLayout, stale } from "./boundaries.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const biome = join(root, "node_modules/.bin/biome");
const W = "apps/web/app/features";
const S = "apps/server/src";

/**
 * [file, specifier, what refuses it (a words of its message, or the rule) or null for allowed, the
 * name imported (q unless given)].
 */
const PROBES = [
  [`${W}/account/components/p1.tsx`, "../../admin/components/x", "leaves the feature"],
  [`${W}/account/p2.ts`, "../admin/api/x", "leaves the feature"],
  // The review's drift: settings was missing from the older features' hand-written lists.
  [`${W}/account/components/p3.tsx`, "../../settings/components/alert-settings-form", "leaves the feature"],
  [`${W}/account/components/p4.tsx`, "~/features/admin/components/x", "only through its index"],
  [`${W}/account/components/p5.tsx`, "~/features/admin", null],
  [`${W}/account/components/p6.tsx`, "@sms/server/src/app.ts", "must not import server code"],
  [`${W}/account/components/p7.tsx`, "~/features/account", "not through its index"],
  [`${W}/messages/components/p8.tsx`, "~/features/campaigns", "send kernel"],
  [`${W}/account/components/p9.tsx`, "~/features/messages", "send kernel"],
  [`${W}/zz-new/components/p10.tsx`, "../../admin/components/x", "leaves the feature"],
  [`${W}/account/components/p11.test.tsx`, "../../../../test/render", null],
  [`${W}/account/components/p12.tsx`, "../api/x", null],
  ["apps/web/app/routes/p13.tsx", "~/features/admin/components/x", "only through its index"],
  [`${S}/modules/campaigns/p14.ts`, "../engine/dispatch-chunk.ts", "only through its index.ts"],
  [`${S}/modules/campaigns/p15.ts`, "../../modules/engine/dispatch-chunk.ts", "only through its index.ts"],
  [`${S}/modules/campaigns/p16.ts`, "../engine/index.ts", null],
  [`${S}/modules/campaigns/p17.ts`, "../../platform/tenant.ts", null],
  [`${S}/platform/p18.ts`, "../modules/engine/index.ts", "imports no module"],
  [`${S}/jobs/p19.ts`, "../modules/engine/index.ts", "imports no module"],
  [`${S}/plugins/p20.ts`, "../modules/auth/index.ts", "imports no module"],
  [`${S}/plugins/p21.ts`, "../../src/modules/auth/index.ts", "imports no module"],
  [`${S}/p22.ts`, "./modules/engine/jobs.ts", "only through its index.ts"],
  [`${S}/p23.ts`, "./modules/index.ts", null],
  [`${S}/config.ts`, "./modules/engine/index.ts", "imports no module"],
  [`${S}/modules/p24.ts`, "./engine/jobs.ts", "only through its index.ts"],
  [`${S}/modules/zz-new/p25.ts`, "../engine/jobs.ts", "only through its index.ts"],
  [`${S}/jobs/p26.test.ts`, "../modules/otp/index.ts", null],
  [`${S}/jobs/p27.test.ts`, "../modules/otp/jobs.ts", "only through its index.ts"],
  // Journeys take `test` from support/test.ts, which closes the contexts a test opens.
  ["e2e/p28.spec.ts", "@playwright/test", "./support/test", "test"],
  ["e2e/support/p29.ts", "@playwright/test", "./support/test", "test"],
  ["e2e/p30.spec.ts", "@playwright/test", null, "expect"],
  ["e2e/support/test.ts", "@playwright/test", null, "test"],
];

let dir;
/** path → the diagnostics Biome reported for it. */
const found = new Map();

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "boundaries-"));
  const layout = readLayout(root);
  const config = generate(root);
  config.vcs = { enabled: false };
  config.overrides = overrides({ ...layout, features: [...layout.features, "zz-new"] });
  writeFileSync(join(dir, "biome.json"), JSON.stringify(config));
  const write = (path, text) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  for (const [path, specifier, , name = "q"] of PROBES)
    write(path, `import { ${name} } from "${specifier}";\nexport const r = ${name};\n`);
  // Two circles, one of them through a type-only import.
  write(`${S}/modules/zz-new/a.ts`, 'import { b } from "./b.ts";\nexport const a = () => b();\n');
  write(`${S}/modules/zz-new/b.ts`, 'import { a } from "./a.ts";\nexport const b = () => a();\n');
  write(`${W}/zz-new/lib/c.ts`, 'import type { D } from "./d";\nexport type C = { d?: D };\n');
  write(`${W}/zz-new/lib/d.ts`, 'import type { C } from "./c";\nexport type D = { c?: C };\n');
  const run = spawnSync(biome, ["lint", "--reporter=json", "--max-diagnostics=none", "."], {
    cwd: dir,
    encoding: "utf8",
  });
  const report = JSON.parse(run.stdout);
  for (const d of report.diagnostics) {
    const list = found.get(d.location.path) ?? [];
    list.push(d);
    found.set(d.location.path, list);
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("generated import boundaries (biome.json)", () => {
  it.each(PROBES)("%s: import %s", (path, specifier, refusal) => {
    const diagnostics = (found.get(path) ?? []).filter(
      (d) => d.category === "lint/style/noRestrictedImports",
    );
    if (refusal === null) expect(diagnostics, `${specifier} should be allowed`).toEqual([]);
    else {
      expect(diagnostics, `${specifier} should be refused`).toHaveLength(1);
      expect(diagnostics[0].message).toContain(refusal);
    }
  });

  it("refuses import cycles, type-only ones too", () => {
    for (const path of [
      `${S}/modules/zz-new/a.ts`,
      `${S}/modules/zz-new/b.ts`,
      `${W}/zz-new/lib/c.ts`,
      `${W}/zz-new/lib/d.ts`,
    ])
      expect(
        (found.get(path) ?? []).map((d) => d.category),
        path,
      ).toContain("lint/suspicious/noImportCycles");
  });
});

describe("the drift check", () => {
  it("passes on the repository as committed", () => {
    expect(stale(root)).toBeNull();
  });

  it("fails when a web feature or a server folder is added and biome.json is not regenerated", () => {
    const tree = mkdtempSync(join(tmpdir(), "boundaries-layout-"));
    try {
      for (const path of [
        `${W}/a/components/x.tsx`,
        `${W}/b/index.ts`,
        `${S}/modules/m/index.ts`,
        `${S}/platform/x.ts`,
      ]) {
        mkdirSync(dirname(join(tree, path)), { recursive: true });
        writeFileSync(join(tree, path), "");
      }
      writeFileSync(join(tree, "biome.json"), readFileSync(join(root, "biome.json")));
      writeFileSync(join(tree, "biome.json"), JSON.stringify(generate(tree)));
      expect(stale(tree)).toBeNull();
      const check = () =>
        spawnSync("node", [join(root, "scripts/boundaries.mjs"), "--check", `--root=${tree}`]);
      expect(check().status).toBe(0);

      mkdirSync(join(tree, W, "c"));
      writeFileSync(join(tree, W, "c/index.ts"), "");
      expect(stale(tree)).toContain(`${W}/c/*`);

      writeFileSync(join(tree, "biome.json"), JSON.stringify(generate(tree)));
      mkdirSync(join(tree, S, "cache"));
      expect(stale(tree)).toContain(`${S}/cache/**`);
      writeFileSync(join(tree, "biome.json"), JSON.stringify(generate(tree)));
      writeFileSync(join(tree, S, "clock.ts"), "");
      expect(stale(tree)).toContain(`${S}/clock.ts`);
      expect(check().status).toBe(1);
      expect(check().stderr.toString()).toContain("run `node scripts/boundaries.mjs`");
    } finally {
      rmSync(tree, { recursive: true, force: true });
    }
  });
});
