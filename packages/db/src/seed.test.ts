import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type DbHandle } from "./client.ts";
import { migrate } from "./migrate.ts";
import { configurations, packages, users } from "./schema/index.ts";
import { PACKAGE_CATALOGUE, seed } from "./seed.ts";

describe("migrate + seed on PGlite", () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createDb({ dataDir: "memory://" });
    await migrate(handle);
  });
  afterAll(() => handle.close());

  it("seeds configuration, packages and one admin, and is idempotent", async () => {
    const options = { adminEmail: "Admin@Example.com", adminPassword: "secret123" };
    expect((await seed(handle.db, options)).adminCreated).toBe(true);
    expect((await seed(handle.db, { ...options, adminEmail: "admin@example.com" })).adminCreated).toBe(false);
    const admins = await handle.db.select().from(users);
    expect(admins).toHaveLength(1);
    expect(admins[0]?.roles).toEqual([1000]);
    expect(admins[0]?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await handle.db.select().from(packages)).toHaveLength(PACKAGE_CATALOGUE.length);
    const [tnc] = await handle.db.select().from(configurations);
    expect(tnc?.value).toBe("1.0");
  });

  it("refuses a negative organization balance", async () => {
    await expect(handle.db.execute(sql`update organizations set credits = -1`)).rejects.toThrow();
  });

  it("migrating twice is a no-op", async () => {
    await expect(migrate(handle)).resolves.toBeUndefined();
  });
});
