import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type DbHandle, rawQuery } from "./client.ts";
import { migrate, migrationsFolder } from "./migrate.ts";

/**
 * Migration 0032 (ADR 93, 94): a schedule made before the opt-out footer keeps sending without it
 * (its owner saw it priced so), a new one carries it; every way a number reaches the suppression
 * list is an opt-out in its consent history, and a changed reason is another.
 */
describe("migration 0032: opt-out links and consent history", () => {
  let handle: DbHandle;
  let before: string;

  beforeAll(async () => {
    before = await mkdtemp(join(tmpdir(), "sms-migrations-"));
    await cp(migrationsFolder, before, { recursive: true });
    const journalPath = join(before, "meta", "_journal.json");
    const journal = JSON.parse(await readFile(journalPath, "utf8")) as { entries: { tag: string }[] };
    const at = journal.entries.findIndex((entry) => entry.tag === "0032_opt_out_consents");
    expect(at).toBeGreaterThan(0);
    await writeFile(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
    handle = await createDb({ dataDir: "memory://" });
    if (handle.kind !== "pglite") throw new Error("expected PGlite");
    await migratePglite(handle.db as never, { migrationsFolder: before });
    await handle.pglite.exec(`
      insert into users (id, first_name, last_name, email, phone_number, password_hash)
      values (901, 'Old', 'Owner', 'old@example.com', '66812345678', 'x');
      insert into organizations (id, name, owner_id) values (901, 'Old Co', 901);
      insert into campaign_schedules (organization_id, kind, purpose, name, sender_name, text, run_at)
      values (901, 'campaign', 'marketing', 'Weekly', 'OldCo', 'Sale', now());
    `);
    await migrate(handle);
  });
  afterAll(async () => {
    await handle?.close();
    if (before) await rm(before, { recursive: true, force: true });
  });

  it("keeps an earlier schedule without the footer and gives a new one the footer", async () => {
    if (handle.kind !== "pglite") throw new Error("expected PGlite");
    await handle.pglite.exec(`
      insert into campaign_schedules (organization_id, kind, purpose, name, sender_name, text, run_at)
      values (901, 'campaign', 'marketing', 'New', 'OldCo', 'Sale', now());
    `);
    const rows = await rawQuery<{ name: string; opt_out_link: boolean }>(
      handle,
      "select name, opt_out_link from campaign_schedules order by id",
    );
    expect(rows).toEqual([
      { name: "Weekly", opt_out_link: false },
      { name: "New", opt_out_link: true },
    ]);
  });

  it("records every number added to the suppression list, and a changed reason, as opt-outs", async () => {
    if (handle.kind !== "pglite") throw new Error("expected PGlite");
    await handle.pglite.exec(`
      insert into suppressions (organization_id, msisdn, reason, code)
      values (901, '66811111111', 'gateway_report', '3/305'), (901, '66822222222', 'link', null);
      insert into suppressions (organization_id, msisdn, reason) values (901, '66811111111', 'stop_reply')
      on conflict (organization_id, msisdn) do update set reason = 'stop_reply', code = null;
      insert into suppressions (organization_id, msisdn, reason) values (901, '66822222222', 'link')
      on conflict (organization_id, msisdn) do update set reason = excluded.reason;
      insert into suppressions (organization_id, msisdn, reason) values (901, '66822222222', 'manual')
      on conflict do nothing;
    `);
    const history = await rawQuery<{
      msisdn: string;
      kind: string;
      source: string;
      statement: string | null;
    }>(
      handle,
      "select msisdn, kind, source, statement from contact_consents where organization_id = 901 order by msisdn, id",
    );
    expect(history).toEqual([
      { msisdn: "66811111111", kind: "opt_out", source: "gateway_report", statement: "3/305" },
      { msisdn: "66811111111", kind: "opt_out", source: "stop_reply", statement: null },
      { msisdn: "66822222222", kind: "opt_out", source: "link", statement: null },
    ]);
  });
});
