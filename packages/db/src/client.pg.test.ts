import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb } from "./client.ts";
import { runInteractive } from "./priority.ts";

/** Runs only in the PostgreSQL suite (TEST_DATABASE_URL), see vitest.config.ts. */
const url = process.env.TEST_DATABASE_URL;

describe("PostgreSQL pool", () => {
  it("survives an idle connection being terminated by the server", async () => {
    const errors: Error[] = [];
    const handle = await createDb({
      databaseUrl: url,
      onPoolError: (e) => errors.push(e),
    });
    if (handle.kind !== "postgres") throw new Error("expected PostgreSQL");
    const client = await handle.pool.connect();
    const pid = (await client.query("select pg_backend_pid() as pid")).rows[0].pid as number;
    client.release();
    const admin = await createDb({ databaseUrl: url });
    await admin.db.execute(sql`select pg_terminate_backend(${pid})`);
    await admin.close();
    await expect.poll(() => errors.length).toBe(1);
    await expect(handle.db.execute(sql`select 1`)).resolves.toBeDefined();
    await handle.close();
  });

  it("keeps connections for requests while background work holds all of its own", async () => {
    const handle = await createDb({ databaseUrl: url, poolSize: 2 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Two background transactions take both background connections and keep them.
    const busy = [0, 1].map(() =>
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await held;
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    let waiting = false;
    const third = handle.db.execute(sql`select 'job'`).then(() => {
      waiting = true;
    });
    // A request's statement is answered at once; a third background one waits for a connection.
    // Awaited inside the scope: drizzle's query runs when awaited.
    const answered = await runInteractive(async () => await handle.db.execute(sql`select 'request' as r`));
    expect((answered as { rows: unknown[] }).rows).toEqual([{ r: "request" }]);
    expect(waiting).toBe(false);
    release();
    await Promise.all([...busy, third]);
    expect(waiting).toBe(true);
    await handle.close();
  });
});
