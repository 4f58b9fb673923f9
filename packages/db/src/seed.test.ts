import { verify } from "@node-rs/argon2";
import { normaliseRecipient } from "@sms/domain";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type DbHandle } from "./client.ts";
import { migrate } from "./migrate.ts";
import { authSessions, configurations, packages, senders, users } from "./schema/index.ts";
import { adminsWithPassword, PACKAGE_CATALOGUE, SHARED_SENDER, seed } from "./seed.ts";

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

  it("seeds one shared default sender, approved and of no organization, on every start only once", async () => {
    await seed(handle.db, { adminEmail: "admin@example.com", adminPassword: "secret123" });
    const rows = await handle.db.select().from(senders);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: SHARED_SENDER.name, organizationId: null, status: "approved" });
    expect(rows[0]?.decidedAt).toBeInstanceOf(Date);
  });

  it("gives the admin a phone that is not a Thai mobile number in any form", async () => {
    const [admin] = await handle.db.select().from(users).where(eq(users.email, "Admin@Example.com"));
    expect(admin?.phoneNumber).toBeDefined();
    expect(normaliseRecipient(admin?.phoneNumber ?? "")).toBeNull();
    expect(normaliseRecipient(`0${admin?.phoneNumber.slice(2)}`)).toBeNull();
  });

  it("applies a configured admin password on every start and ends the admin's sessions", async () => {
    const options = { adminEmail: "admin@example.com", adminPassword: "rotated456" };
    const adminRow = async () =>
      (await handle.db.select().from(users).where(eq(users.email, "Admin@Example.com")))[0];
    const admin = await adminRow();
    if (!admin) throw new Error("no admin");
    await handle.db
      .insert(authSessions)
      .values({ userId: admin.id, kind: "login", expiresAt: new Date(Date.now() + 60_000) });

    // A defaulted password (ADMIN_PASSWORD unset) never overwrites the admin's own password.
    await seed(handle.db, options);
    expect(await verify((await adminRow())?.passwordHash ?? "", "secret123")).toBe(true);

    await seed(handle.db, { ...options, applyAdminPassword: true });
    const rotated = await adminRow();
    expect(await verify(rotated?.passwordHash ?? "", "rotated456")).toBe(true);
    const sessions = await handle.db.select().from(authSessions).where(eq(authSessions.userId, admin.id));
    expect(sessions.map((s) => s.revokeReason)).toEqual(["password_changed"]);

    // Unchanged on the next start: same hash, nothing else ended.
    await seed(handle.db, { ...options, applyAdminPassword: true });
    expect((await adminRow())?.passwordHash).toBe(rotated?.passwordHash);
  });

  it("finds the admins that still have a given password", async () => {
    expect(await adminsWithPassword(handle.db, "rotated456")).toEqual(["Admin@Example.com"]);
    expect(await adminsWithPassword(handle.db, "admin12345")).toEqual([]);
    await seed(handle.db, {
      adminEmail: "second-admin@example.com",
      adminPassword: "admin12345",
      adminPhone: "66000000001",
    });
    expect(await adminsWithPassword(handle.db, "admin12345")).toEqual(["second-admin@example.com"]);
  });

  it("refuses a negative organization balance", async () => {
    await expect(handle.db.execute(sql`update organizations set credits = -1`)).rejects.toThrow();
  });

  it("migrating twice is a no-op", async () => {
    await expect(migrate(handle)).resolves.toBeUndefined();
  });
});
