import { monitorEventLoopDelay } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PGliteRemote, PGliteRemoteError } from "./pglite-remote.ts";
import { InteractiveScope, runInteractive } from "./priority.ts";

describe("PGliteRemote (the embedded database on its own thread)", () => {
  let db: PGliteRemote;
  beforeAll(async () => {
    db = await PGliteRemote.create({ dataDir: "memory://" });
    await db.exec("create table t (id int primary key, note text not null check (note <> 'bad'))");
  });
  afterAll(() => db.close());

  it("answers queries with parameters, in object and array row modes", async () => {
    await db.query("insert into t values ($1, $2), ($3, $4)", [1, "one", 2, "two"]);
    const objects = await db.query<{ id: number; note: string }>("select * from t order by id");
    expect(objects.rows).toEqual([
      { id: 1, note: "one" },
      { id: 2, note: "two" },
    ]);
    const arrays = await db.query("select id, note from t where id = $1", [2], { rowMode: "array" });
    expect(arrays.rows).toEqual([[2, "two"]]);
    expect(arrays.fields.map((f) => f.name)).toEqual(["id", "note"]);
  });

  it("keeps dates as text when asked with identity parsers, and refuses parsers that cannot cross threads", async () => {
    const asText = await db.query("select timestamptz '2026-01-02 03:04:05+00' as at", [], {
      parsers: { 1184: (value) => value },
    });
    expect(asText.rows[0]).toEqual({ at: "2026-01-02 03:04:05+00" });
    const parsed = await db.query<{ at: Date }>("select timestamptz '2026-01-02 03:04:05+00' as at");
    expect(parsed.rows[0]?.at).toBeInstanceOf(Date);
    await expect(db.query("select 1", [], { parsers: { 1184: (value) => `${value}!` } })).rejects.toThrow(
      /identity parsers/,
    );
  });

  it("gives PostgreSQL's error fields (SQLSTATE, constraint) to the caller", async () => {
    const error = await db.query("insert into t values (1, 'again')").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PGliteRemoteError);
    expect((error as PGliteRemoteError).code).toBe("23505");
    expect((error as PGliteRemoteError).constraint).toBe("t_pkey");
    const check = await db.query("insert into t values (9, 'bad')").catch((e: unknown) => e);
    expect((check as PGliteRemoteError).code).toBe("23514");
  });

  it("commits a transaction's statements together, and rolls all of them back on a throw", async () => {
    await db.transaction(async (tx) => {
      await tx.query("insert into t values (10, 'a')");
      await tx.query("insert into t values (11, 'b')");
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query("insert into t values (12, 'c')");
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    await expect(
      db.transaction(async (tx) => {
        await tx.query("insert into t values (13, 'd')");
        await tx.query("insert into t values (10, 'duplicate')");
      }),
    ).rejects.toMatchObject({ code: "23505" });
    const { rows } = await db.query<{ id: number }>("select id from t where id >= 10 order by id");
    expect(rows.map((r) => r.id)).toEqual([10, 11]);
  });

  it("makes other callers wait for an open transaction, never run inside it", async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tx = db.transaction(async (t) => {
      await t.query("insert into t values (20, 'in tx')");
      order.push("tx wrote");
      await held;
      await t.query("delete from t where id = 20");
      order.push("tx undid");
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const outside = db.query<{ n: number }>("select count(*)::int as n from t where id = 20").then((r) => {
      order.push(`outside saw ${r.rows[0]?.n}`);
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    order.push("released");
    release();
    await Promise.all([tx, outside]);
    expect(order).toEqual(["tx wrote", "released", "tx undid", "outside saw 0"]);
  });

  it("serves a request's statement before background work already waiting, and starves neither", async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // A background transaction holds the session; five background statements and then a request's
    // statement queue behind it.
    const tx = db.transaction(async (t) => {
      await t.query("select 1");
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const background = Array.from({ length: 5 }, (_, i) =>
      db.query("select $1::int as i", [i]).then(() => order.push(`background ${i}`)),
    );
    const request = runInteractive(() => db.query("select 'request'")).then(() => order.push("request"));
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await Promise.all([tx, request, ...background]);
    expect(order).toEqual([
      "request",
      "background 0",
      "background 1",
      "background 2",
      "background 3",
      "background 4",
    ]);

    // A stream of requests lets a waiting background statement through every eight turns.
    const mixed: string[] = [];
    let hold!: () => void;
    const gate = new Promise<void>((resolve) => {
      hold = resolve;
    });
    const blocker = db.transaction(async () => {
      await gate;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const job = db.query("select 'job'").then(() => mixed.push("job"));
    const requests = Array.from({ length: 12 }, (_, i) =>
      runInteractive(() => db.query("select $1::int", [i])).then(() => mixed.push(`r${i}`)),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    hold();
    await Promise.all([blocker, job, ...requests]);
    expect(mixed.indexOf("job")).toBe(8);
  });

  it("keeps the session for a request's next call rather than start waiting background work", async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const blocker = db.transaction(async (t) => {
      await t.query("select 1");
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const scope = new InteractiveScope();
    const request = runInteractive(async () => {
      await db.query("select 'authenticate'");
      order.push("authenticate");
      // The request's own work between its two statements.
      await new Promise((resolve) => setTimeout(resolve, 2));
      await db.query("select 'read'");
      order.push("read");
    }, scope);
    const background = Array.from({ length: 3 }, (_, i) =>
      db.query("select $1::int as i", [i]).then(() => order.push(`background ${i}`)),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await Promise.all([blocker, request]);
    scope.end();
    await Promise.all(background);
    expect(order).toEqual(["authenticate", "read", "background 0", "background 1", "background 2"]);
  });

  it("lets background work go as soon as the request has answered", async () => {
    // A hold far longer than the test: only the request's end can let the background call through.
    const patient = await PGliteRemote.create({ dataDir: "memory://", holdMs: 600_000 });
    try {
      const scope = new InteractiveScope();
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const blocker = patient.transaction(async () => {
        await held;
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
      const request = runInteractive(() => patient.query("select 'request'"), scope);
      let backgroundDone = false;
      const background = patient.query("select 'job'").then(() => {
        backgroundDone = true;
      });
      release();
      await Promise.all([blocker, request]);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(backgroundDone).toBe(false);
      scope.end();
      await background;
      expect(backgroundDone).toBe(true);
    } finally {
      await patient.close();
    }
  });

  it("copies rows from a Blob (the COPY path of imports and sends)", async () => {
    await db.exec("create table staged (n int, label text)");
    await db.query("copy staged from '/dev/blob' with (format csv)", [], {
      blob: new Blob(["1,a\n2,b\n3,c\n"]),
    });
    const { rows } = await db.query<{ n: number }>("select sum(n)::int as n from staged");
    expect(rows[0]?.n).toBe(6);
  });

  it("delivers NOTIFY to listeners until they stop listening", async () => {
    const got: string[] = [];
    const stop = await db.listen("news", (payload) => got.push(payload));
    await db.query("select pg_notify('news', 'first')");
    await new Promise((resolve) => setTimeout(resolve, 50));
    await stop();
    await db.query("select pg_notify('news', 'second')");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(got).toEqual(["first"]);
  });

  it("leaves the caller's event loop free while a long statement runs", async () => {
    const delay = monitorEventLoopDelay({ resolution: 5 });
    let ticks = 0;
    const timer = setInterval(() => {
      ticks += 1;
    }, 10);
    delay.enable();
    const started = performance.now();
    await db.query("select count(*) from generate_series(1, 3000000) g where md5(g::text) like 'a%'");
    const took = performance.now() - started;
    delay.disable();
    clearInterval(timer);
    // The statement takes seconds; the loop kept ticking all along (a blocked loop shows its whole length).
    expect(took).toBeGreaterThan(300);
    expect(delay.max / 1e6).toBeLessThan(Math.max(150, took / 4));
    expect(ticks).toBeGreaterThan(took / 10 / 4);
  });

  it("dumps its data directory for a snapshot that opens again", async () => {
    const dump = await db.dumpDataDir("gzip");
    const copy = await PGliteRemote.create({ dataDir: "memory://", loadDataDir: dump });
    const { rows } = await copy.query<{ n: number }>("select count(*)::int as n from t");
    await copy.close();
    expect(rows[0]?.n).toBeGreaterThanOrEqual(4);
  });

  it("writes statements that held the session past slowMs to stderr", async () => {
    const logged: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
      logged.push(String(chunk));
      return write(chunk, ...rest);
    }) as typeof process.stderr.write;
    const watched = await PGliteRemote.create({ dataDir: "memory://", slowMs: 50 });
    try {
      await watched.query("select 1 as quick");
      await watched.query("select pg_sleep(0.2) as slow");
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      process.stderr.write = write;
      await watched.close();
    }
    const lines = logged
      .join("")
      .split("\n")
      .filter((line) => line.includes("slow embedded statement"));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? "{}")).toMatchObject({ text: "select pg_sleep(0.2) as slow" });
  });

  it("refuses calls once closed", async () => {
    const other = await PGliteRemote.create({ dataDir: "memory://" });
    await other.close();
    await expect(other.query("select 1")).rejects.toThrow(/closed/);
  });
});
