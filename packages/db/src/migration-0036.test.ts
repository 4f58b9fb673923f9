import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { THAI_PUBLIC_HOLIDAY_YEARS, thaiPublicHolidays } from "@sms/domain";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type DbHandle, rawQuery } from "./client.ts";
import { migrate, migrationsFolder } from "./migrate.ts";
import { seed } from "./seed.ts";

/**
 * Migration 0036 (ADR 76's addendum, issue 27 point 1): Thailand's official holidays of 2026 and
 * 2027 are there from the first start, named in Thai, with no staff action; every later start (the
 * migrations and the seed run again) is idempotent and never overwrites what staff did: a day they
 * had added keeps its name, a day they removed stays removed, a name they changed stays changed.
 */
describe("migration 0036: the official holidays from the first start, staff edits kept", () => {
  let handle: DbHandle;
  let before: string;
  const holidays = () =>
    rawQuery<{ date: string; name: string }>(
      handle,
      `select date::text as date, name from holidays order by date`,
    );
  const official = () =>
    THAI_PUBLIC_HOLIDAY_YEARS.flatMap((year) =>
      (thaiPublicHolidays(year) ?? []).map((h) => ({ date: h.date, name: h.name.th })),
    );
  const start = async () => {
    await migrate(handle);
    await seed(handle.db, { adminEmail: "admin@example.com", adminPassword: "secret123" });
  };

  beforeAll(async () => {
    before = await mkdtemp(join(tmpdir(), "sms-migrations-"));
    await cp(migrationsFolder, before, { recursive: true });
    const journalPath = join(before, "meta", "_journal.json");
    const journal = JSON.parse(await readFile(journalPath, "utf8")) as { entries: { tag: string }[] };
    const at = journal.entries.findIndex((entry) => entry.tag === "0036_import_consent_and_holidays");
    expect(at).toBeGreaterThan(0);
    await writeFile(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
    handle = await createDb({ dataDir: "memory://" });
    if (handle.kind !== "pglite") throw new Error("expected PGlite");
    await migratePglite(handle.db as never, { migrationsFolder: before });
    // An installation whose staff had typed two days before the upgrade, one of them official.
    await handle.pglite.exec(`
      insert into holidays (date, name) values ('2026-12-05', 'วันพ่อ (staff)'), ('2026-12-29', 'Bridge day');
    `);
    await start();
  });
  afterAll(async () => {
    await handle?.close();
    if (before) await rm(before, { recursive: true, force: true });
  });

  it("ships 2026 and 2027 named in Thai, keeping a day staff had added with their name", async () => {
    expect(THAI_PUBLIC_HOLIDAY_YEARS).toEqual([2026, 2027]);
    const expected = [
      ...official().map((h) => (h.date === "2026-12-05" ? { ...h, name: "วันพ่อ (staff)" } : h)),
      { date: "2026-12-29", name: "Bridge day" },
    ].sort((a, b) => a.date.localeCompare(b.date));
    expect(await holidays()).toEqual(expected);
  });

  it("is idempotent on every later start and never brings back or renames what staff changed", async () => {
    if (handle.kind !== "pglite") throw new Error("expected PGlite");
    await handle.pglite.exec(`
      delete from holidays where date = '2026-04-06';
      update holidays set name = 'วันแรงงาน (ชดเชยตามประกาศบริษัท)' where date = '2027-05-03';
    `);
    const edited = await holidays();
    await start();
    await start();
    expect(await holidays()).toEqual(edited);
    expect(edited.find((h) => h.date === "2026-04-06")).toBeUndefined();
    expect(edited.find((h) => h.date === "2027-05-03")?.name).toBe("วันแรงงาน (ชดเชยตามประกาศบริษัท)");
  });
});
