import { readFileSync } from "node:fs";
import { createDb, type DbHandle, rawQuery } from "@sms/db";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  borrowTestDb,
  closeSpareTestDbs,
  fingerprintOf,
  openedTestDbs,
  spareTestDbs,
} from "./pglite-lender.ts";
import { createTenant } from "./tenants.ts";
import { createTestApp } from "./test-app.ts";

/** Every table's rows and every sequence's state, as one hash per table. */
async function contents(handle: DbHandle): Promise<Record<string, string>> {
  const tables = await rawQuery<{ name: string }>(
    handle,
    `select format('%I.%I', n.nspname, c.relname) as name from pg_class c
     join pg_namespace n on n.oid = c.relnamespace
     where c.relkind = 'r' and n.nspname in ('public', 'pgboss', 'drizzle') order by 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await rawQuery<{ h: string }>(
      handle,
      `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from ${name} t`,
    );
    out[name] = row?.h ?? "";
  }
  const sequences = await rawQuery<{ name: string; last: string | null }>(
    handle,
    "select format('%I.%I', schemaname, sequencename) as name, last_value::text as last from pg_sequences",
  );
  for (const s of sequences) out[`seq ${s.name}`] = String(s.last);
  return out;
}

const source = inject("testDb");
// The server project leaves this file out when the suite runs on PostgreSQL (vitest.config.ts).
if (source?.kind !== "pglite") throw new Error("the lender's tests run on PGlite only");
const file = source.snapshot;
const snapshot = () => new Blob([readFileSync(file)]);

describe("test databases lent again (ADR 122)", () => {
  let fresh: Record<string, string>;

  beforeAll(async () => {
    const db = await createDb({ dataDir: "memory://", loadDataDir: snapshot() });
    fresh = await contents(db);
    await db.close();
  });
  afterAll(closeSpareTestDbs);

  it("comes back as the snapshot left it: rows, sequences and settings", async () => {
    const first = await borrowTestDb(snapshot);
    const opened = openedTestDbs();
    await rawQuery(first, "insert into holidays (date, name) values ('2031-01-02', 'probe')");
    await rawQuery(first, "delete from packages");
    await rawQuery(first, "update users set first_name = 'changed'");
    await rawQuery(first, "select nextval('organizations_id_seq'), nextval('organizations_id_seq')");
    await rawQuery(first, "set statement_timeout = '1234ms'");
    expect(await contents(first)).not.toEqual(fresh);
    await first.close();

    const again = await borrowTestDb(snapshot);
    expect(openedTestDbs()).toBe(opened);
    expect(await contents(again)).toEqual(fresh);
    const [timeout] = await rawQuery<{ statement_timeout: string }>(again, "show statement_timeout");
    expect(timeout?.statement_timeout).toBe("0");
    await again.close();
  });

  it("comes back clean after a whole app used it: tenants, jobs, queues", async () => {
    const t = await createTestApp();
    const opened = openedTestDbs();
    await createTenant(t);
    await createTenant(t);
    await t.jobs.drain();
    expect(await contents(t.dbHandle)).not.toEqual(fresh);
    await t.close();

    const again = await borrowTestDb(snapshot);
    expect(openedTestDbs()).toBe(opened);
    expect(await contents(again)).toEqual(fresh);
    await again.close();
  });

  it("a handle given back answers nothing more", async () => {
    const db = await borrowTestDb(snapshot);
    await db.close();
    await expect(rawQuery(db, "select 1")).rejects.toThrow(/closed/);
    expect(db.kind === "pglite" && db.pglite.closed).toBe(true);
    // The database itself is still lent to the next borrower.
    const next = await borrowTestDb(snapshot);
    expect(await rawQuery(next, "select 1 as one")).toEqual([{ one: 1 }]);
    await next.close();
  });

  it("what a borrower still listened to is unlistened when it is given back", async () => {
    const db = await borrowTestDb(snapshot);
    if (db.kind !== "pglite") throw new Error("expected PGlite");
    const heard: string[] = [];
    await db.pglite.listen("lender_probe", (payload) => heard.push(payload));
    await rawQuery(db, "select pg_notify('lender_probe', 'first')");
    await expect.poll(() => heard).toEqual(["first"]);
    await db.close();

    const next = await borrowTestDb(snapshot);
    await rawQuery(next, "select pg_notify('lender_probe', 'second')");
    // A notice to a channel nobody listens to goes nowhere; one more round trip lets any come in.
    await rawQuery(next, "select 1");
    expect(heard).toEqual(["first"]);
    await next.close();
  });

  it("a database whose schema changed is closed: no borrower gets it again", async () => {
    // Other files of this worker may have left spares: the test holds for any number of them.
    const db = await borrowTestDb(snapshot);
    const spares = spareTestDbs();
    await rawQuery(db, "create table lender_probe (id int)");
    await db.close();
    expect(spareTestDbs()).toBe(spares);

    // Every spare, then one opened from the snapshot: none has the table.
    const opened = openedTestDbs();
    const next = await Promise.all(Array.from({ length: spares + 1 }, () => borrowTestDb(snapshot)));
    expect(openedTestDbs()).toBe(opened + 1);
    for (const other of next)
      expect(await rawQuery(other, "select to_regclass('lender_probe') as t")).toEqual([{ t: null }]);
    for (const other of next) await other.close();
  });

  it.each([
    ["a column added", "alter table packages add column probe int"],
    ["a default changed", "alter table holidays alter column name set default 'probe'"],
    ["a trigger disabled", "alter table organizations disable trigger all"],
    ["an index added", "create index lender_probe on holidays (name)"],
    [
      "a function replaced",
      "create or replace function lender_probe() returns int language sql as 'select 1'",
    ],
    ["a grant", "grant select on holidays to public"],
    ["a setting of the database", "alter database postgres set work_mem = '8MB'"],
  ])("the schema's fingerprint sees %s", async (_what, ddl) => {
    const db = await borrowTestDb(snapshot);
    if (db.kind !== "pglite") throw new Error("expected PGlite");
    const before = await fingerprintOf(db.pglite);
    let during = before;
    // Inside a transaction rolled back: the database is given back unchanged.
    await db.pglite.transaction(async (tx) => {
      await tx.query(ddl);
      during = await fingerprintOf(tx);
      await tx.rollback();
    });
    expect(during).not.toBe(before);
    expect(await fingerprintOf(db.pglite)).toBe(before);
    await db.close();
  });
});
