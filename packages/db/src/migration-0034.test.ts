import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type DbHandle, rawQuery } from "./client.ts";
import { migrate, migrationsFolder } from "./migrate.ts";

/**
 * Migration 0034 (ADR 87): a sender request's documents have a position, the customer's order. A
 * request made before keeps the order its documents were shown in then, their upload order.
 */
describe("migration 0034: the sender evidence documents' order", () => {
  let handle: DbHandle;
  let before: string;

  beforeAll(async () => {
    before = await mkdtemp(join(tmpdir(), "sms-migrations-"));
    await cp(migrationsFolder, before, { recursive: true });
    const journalPath = join(before, "meta", "_journal.json");
    const journal = JSON.parse(await readFile(journalPath, "utf8")) as { entries: { tag: string }[] };
    const at = journal.entries.findIndex((entry) => entry.tag === "0034_sender_evidence_position");
    expect(at).toBeGreaterThan(0);
    await writeFile(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
    handle = await createDb({ dataDir: "memory://" });
    if (handle.kind !== "pglite") throw new Error("expected PGlite");
    await migratePglite(handle.db as never, { migrationsFolder: before });
    const file = (id: string, minutes: number) =>
      `('${id}', 901, 'sender_evidence', 'application/pdf', 'pdf', 1, 'key-${id}', '${id}.pdf', now() - interval '${minutes} minutes', 'sha-${id}')`;
    await handle.pglite.exec(`
      insert into users (id, first_name, last_name, email, phone_number, password_hash)
      values (901, 'Old', 'Owner', 'old@example.com', '66812345678', 'x');
      insert into organizations (id, name, owner_id) values (901, 'Old Co', 901);
      insert into senders (id, organization_id, name) values (901, 901, 'OldCo'), (902, 901, 'OldTwo');
      insert into files (id, organization_id, kind, mime, extension, size_bytes, storage_key, original_name, created_at, sha256)
      values ${[
        file("00000000-0000-0000-0000-00000000000c", 30),
        file("00000000-0000-0000-0000-00000000000a", 10),
        file("00000000-0000-0000-0000-00000000000b", 20),
        file("00000000-0000-0000-0000-00000000000d", 5),
      ].join(", ")};
      insert into sender_evidence_files (sender_id, file_id, kind) values
        (901, '00000000-0000-0000-0000-00000000000a', 'pp20'),
        (901, '00000000-0000-0000-0000-00000000000b', 'pp20'),
        (901, '00000000-0000-0000-0000-00000000000c', 'pp20'),
        (902, '00000000-0000-0000-0000-00000000000d', 'pp20');
    `);
    await migrate(handle);
  });
  afterAll(async () => {
    await handle?.close();
    if (before) await rm(before, { recursive: true, force: true });
  });

  it("numbers each earlier request's documents from 0 in upload order", async () => {
    const rows = await rawQuery<{ sender_id: number; original_name: string; position: number }>(
      handle,
      `select e.sender_id, f.original_name, e.position from sender_evidence_files e
         join files f on f.id = e.file_id order by e.sender_id, e.position`,
    );
    expect(rows).toEqual([
      { sender_id: 901, original_name: "00000000-0000-0000-0000-00000000000c.pdf", position: 0 },
      { sender_id: 901, original_name: "00000000-0000-0000-0000-00000000000b.pdf", position: 1 },
      { sender_id: 901, original_name: "00000000-0000-0000-0000-00000000000a.pdf", position: 2 },
      { sender_id: 902, original_name: "00000000-0000-0000-0000-00000000000d.pdf", position: 0 },
    ]);
  });
});
