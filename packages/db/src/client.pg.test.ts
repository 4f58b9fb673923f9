import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb } from "./client.ts";

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
});
