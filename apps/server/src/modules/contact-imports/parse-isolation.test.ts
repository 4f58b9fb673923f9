import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { schema } from "@sms/db";
import type { TContactImport } from "@sms/domain";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MessageKey, translate } from "../../i18n/index.ts";
import { FILE_BUDGET_PARAMS } from "../../platform/file-budgets.ts";
import { multipartBody } from "../../test/files.ts";
import { jobContextOf } from "../../test/jobs.ts";
import { createTenant, type TestTenant } from "../../test/tenants.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";
import { sharedStringsBomb } from "../../test/xlsx-bombs.ts";
import { parseImport } from "./parse-import.ts";

// Issue 23 point 1 (review S4-7): a file that would exhaust memory is refused by its budgets or
// kills only its worker; the import fails with a translated reason and is never read again.

let t: TestContext;
let dataDir: string;
let owner: TestTenant;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "sms-import-isolation-"));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  owner = await createTenant(t, { name: "Bomb Co" });
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function createGroup(): Promise<number> {
  const [group] = await t.db
    .insert(schema.contactGroups)
    .values({ organizationId: owner.organizationId, name: `Group ${Math.random()}` })
    .returning({ id: schema.contactGroups.id });
  if (!group) throw new Error("no group");
  return group.id;
}

async function upload(filename: string, data: Buffer): Promise<TContactImport> {
  const form = multipartBody([{ name: "file", filename, data }]);
  const res = await t.app.inject({
    method: "POST",
    url: `/api/v1/c/contact-groups/${await createGroup()}/contacts/import`,
    headers: { ...owner.headers, ...form.headers, "accept-language": "en" },
    payload: form.payload,
  });
  expect(res.statusCode, res.body).toBe(202);
  return res.json().data as TContactImport;
}

async function importAs(id: string, locale: "th" | "en"): Promise<TContactImport> {
  const res = await t.app.inject({
    method: "GET",
    url: `/api/v1/c/contact-imports/${id}`,
    headers: { ...owner.headers, "accept-language": locale },
  });
  return res.json().data as TContactImport;
}

const reason = (key: MessageKey, locale: "th" | "en") => translate(key, locale, FILE_BUDGET_PARAMS);

/** The job's storage, counting the reads of a file. */
function countingStorage(ctx: ReturnType<typeof jobContextOf>) {
  let opened = 0;
  const storage = {
    ...ctx.storage,
    get: (key: string) => {
      opened += 1;
      return ctx.storage.get(key);
    },
  };
  return { storage, opened: () => opened };
}

const CSV = Buffer.from("first_name,phone_number\nSomchai,0812345678\nSomsri,0898765432\n");

describe("contact import parsing in a worker, within budgets", () => {
  it("fails the review's 6 MB shared-strings bomb from its directory, with the reason in Thai and English", async () => {
    const started = await upload("bomb.xlsx", sharedStringsBomb({ strings: 500_000, length: 10_000 }));
    await t.jobs.drain();
    const failed = await importAs(started.id, "en");
    expect(failed).toMatchObject({ status: "failed", error: reason("files.budget.shared_strings", "en") });
    expect((await importAs(started.id, "th")).error).toBe(reason("files.budget.shared_strings", "th"));
    expect(reason("files.budget.shared_strings", "en")).toContain("2,000,000");
  });

  it("fails a bomb whose directory lies, stopped by the bytes really inflated", async () => {
    const bomb = sharedStringsBomb({ strings: 5_000_000, length: 1_000, declaredBytes: 1024 * 1024 });
    const started = await upload("liar.xlsx", bomb);
    await t.jobs.drain();
    expect(await importAs(started.id, "en")).toMatchObject({
      status: "failed",
      error: reason("files.budget.shared_strings", "en"),
    });
  });

  it("a worker out of memory fails the import with a translated reason; the job ends and is not retried", async () => {
    const started = await upload("fine.csv", CSV);
    const ctx = jobContextOf(t);
    // A heap cap too small for any parse: the worker dies, the job itself resolves (pg-boss only
    // retries a job that throws).
    await expect(parseImport(started.id, ctx, { heapMb: 4 })).resolves.toBeUndefined();
    expect(await importAs(started.id, "en")).toMatchObject({
      status: "failed",
      error: reason("files.error.crashed", "en"),
    });
    expect((await importAs(started.id, "th")).error).toBe(reason("files.error.crashed", "th"));
    const counting = countingStorage(ctx);
    await parseImport(started.id, { ...ctx, storage: counting.storage });
    expect(counting.opened()).toBe(0);
  });

  it("a parse lost mid-file (the process died) is not read again: the retry fails the import", async () => {
    const started = await upload("lost.csv", CSV);
    // As the lost run left it: reading had started, the import is still parsing.
    await t.db
      .update(schema.contactImports)
      .set({ parseStartedAt: sql`now()` })
      .where(eq(schema.contactImports.id, started.id));
    const ctx = jobContextOf(t);
    const counting = countingStorage(ctx);
    await parseImport(started.id, { ...ctx, storage: counting.storage });
    expect(counting.opened()).toBe(0);
    expect(await importAs(started.id, "en")).toMatchObject({
      status: "failed",
      error: reason("files.error.interrupted", "en"),
    });
  });

  it("a parse that ends leaves the import free to be read again (only a lost one blocks it)", async () => {
    const started = await upload("again.csv", CSV);
    await t.jobs.drain();
    const preview = await importAs(started.id, "en");
    expect(preview).toMatchObject({ status: "preview", total_rows: 2, valid_rows: 2 });
    const [row] = await t.db
      .select({ at: schema.contactImports.parseStartedAt })
      .from(schema.contactImports)
      .where(eq(schema.contactImports.id, started.id));
    expect(row?.at).toBeNull();
  });
});
