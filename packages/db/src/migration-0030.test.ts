import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type DbHandle, rawQuery } from "./client.ts";
import { migrate, migrationsFolder } from "./migrate.ts";

/**
 * Migration 0030 (review D20): a request made when it had one evidence kind keeps its documents,
 * each now carrying that kind; a website request keeps its link.
 */
describe("migration 0030: sender evidence kinds", () => {
  let handle: DbHandle;
  let before: string;

  beforeAll(async () => {
    before = await mkdtemp(join(tmpdir(), "sms-migrations-"));
    await cp(migrationsFolder, before, { recursive: true });
    const journalPath = join(before, "meta", "_journal.json");
    const journal = JSON.parse(await readFile(journalPath, "utf8")) as { entries: { tag: string }[] };
    const at = journal.entries.findIndex((entry) => entry.tag === "0030_sender_evidence_kinds");
    expect(at).toBeGreaterThan(0);
    await writeFile(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
    handle = await createDb({ dataDir: "memory://" });
    if (handle.kind !== "pglite") throw new Error("expected PGlite");
    await migratePglite(handle.db as never, { migrationsFolder: before });
  });
  afterAll(async () => {
    await handle?.close();
    if (before) await rm(before, { recursive: true, force: true });
  });

  it("gives each document of an earlier request the request's kind and keeps a website's link", async () => {
    if (handle.kind !== "pglite") throw new Error("expected PGlite");
    await handle.pglite.exec(`
      insert into users (id, first_name, last_name, email, phone_number, password_hash)
      values (901, 'Old', 'Owner', 'old@example.com', '66812345678', 'x');
      insert into organizations (id, name, owner_id) values (901, 'Old Co', 901);
      insert into files (id, organization_id, kind, mime, extension, size_bytes, original_name, storage_key, sha256)
      values
        ('00000000-0000-4000-8000-000000000001', 901, 'sender_evidence', 'application/pdf', 'pdf', 10, 'a.pdf', 'k1', 'h1'),
        ('00000000-0000-4000-8000-000000000002', 901, 'sender_evidence', 'image/png', 'png', 10, 'b.png', 'k2', 'h2');
      insert into senders (id, organization_id, name, evidence_type, evidence_url)
      values (901, 901, 'OldCo', 'pp20', null), (902, 901, 'OldWeb', 'website', 'https://old.example.com');
      insert into sender_evidence_files (sender_id, file_id)
      values (901, '00000000-0000-4000-8000-000000000001'), (901, '00000000-0000-4000-8000-000000000002');
    `);

    await migrate(handle);

    const documents = await rawQuery<{ sender_id: number; file_id: string; kind: string | null }>(
      handle,
      "select sender_id, file_id, kind from sender_evidence_files where sender_id = 901 order by file_id",
    );
    expect(documents).toEqual([
      { sender_id: 901, file_id: "00000000-0000-4000-8000-000000000001", kind: "pp20" },
      { sender_id: 901, file_id: "00000000-0000-4000-8000-000000000002", kind: "pp20" },
    ]);
    const website = await rawQuery<{ evidence_url: string | null }>(
      handle,
      "select evidence_url from senders where id = 902",
    );
    expect(website).toEqual([{ evidence_url: "https://old.example.com" }]);
  });
});
