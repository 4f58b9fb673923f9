import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { bundleDir, taskBundle } from "./task-bundle.ts";
import { WorkerPool } from "./worker-pool.ts";

const fixture = new URL("./worker-pool.fixture.ts", import.meta.url);

describe("taskBundle", () => {
  it("makes a task module one JavaScript file: our sources inside, packages by absolute path", async () => {
    const bundle = await taskBundle(fixture);
    expect(bundle.pathname).toMatch(/\/sms-task-bundles-\d+\/worker-pool\.fixture-[0-9a-f]{16}\.mjs$/);
    const code = readFileSync(bundle, "utf8");
    // The workspace package's source is inside; papaparse is imported where esbuild found it.
    expect(code).toContain("function normaliseRecipient(");
    expect(code).toMatch(/from "file:\/\/\/[^"]+\/node_modules\/papaparse\/[^"]+\.js"/);
    expect(code).not.toMatch(/(?:from |import\()"\.{1,2}\//);
    expect(code).not.toMatch(/(?:from |import\()"[^"]*\.ts"/);
    // Built once per process; the same contents give the same file.
    expect(await taskBundle(fixture)).toBe(bundle);
  });

  it("runs in a worker without tsx, and import.meta.url is still the source's own URL", async () => {
    const pool = new WorkerPool({ concurrency: 1, perKey: 1, maxQueued: 10, heapMb: 64, spares: false });
    const result = await pool.run<{ url: string; phone: string; csv: string[][]; stack: string }>({
      module: fixture,
      input: { mode: "bundle" },
    });
    expect(result.url).toBe(fixture.href);
    expect(result.phone).toBe("66812345678");
    expect(result.csv).toEqual([["a", "b"]]);
    expect(result.stack).toContain("worker-pool.fixture-");
    await pool.close();
  });

  it("refuses a module that does not build, and builds it once it is fixed", async () => {
    const dir = mkdtempSync(join(tmpdir(), "task-bundle-test-"));
    const file = join(dir, "broken.task.ts");
    writeFileSync(file, "export default async function (: number) {}\n");
    const module = pathToFileURL(file);
    await expect(taskBundle(module)).rejects.toThrow(/Expected|Unexpected/);
    writeFileSync(file, "export default async function (input: number) { return input * 2; }\n");
    const pool = new WorkerPool({ concurrency: 1, perKey: 1, maxQueued: 10, heapMb: 64, spares: false });
    await expect(pool.run({ module, input: 21 })).resolves.toBe(42);
    expect(fileURLToPath(await taskBundle(module))).toContain("broken.task-");
    await pool.close();
  });

  // A worker runs what is in the directory: one others may write to is refused.
  it.runIf(process.getuid !== undefined)("refuses a bundle directory that others can write to", () => {
    const root = mkdtempSync(join(tmpdir(), "task-bundle-root-"));
    expect(bundleDir(root)).toBe(join(root, `sms-task-bundles-${process.getuid?.()}`));
    const open = mkdtempSync(join(tmpdir(), "task-bundle-root-"));
    mkdirSync(join(open, `sms-task-bundles-${process.getuid?.()}`));
    chmodSync(join(open, `sms-task-bundles-${process.getuid?.()}`), 0o777);
    expect(() => bundleDir(open)).toThrow(/not this user's own directory/);
  });
});
