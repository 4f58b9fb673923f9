import { createOrganization, type Db, type DbHandle, schema, type Tx } from "@sms/db";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import { AppError } from "../../errors.ts";
import { createTestDb } from "../../test/test-app.ts";
import { adjust, balanceOf, coverDebits, credit, debit, recordEntries } from "./ledger.ts";

/** The ledger on the real database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set). */
describe("credit ledger", () => {
  let handle: DbHandle;
  let drop: () => Promise<void>;
  let ownerId: number;
  beforeAll(async () => {
    ({ db: handle, drop } = await createTestDb());
    const [user] = await handle.db
      .insert(schema.users)
      .values({
        firstName: "L",
        lastName: "Edger",
        email: "ledger@example.com",
        phoneNumber: "66800000901",
        passwordHash: "x",
      })
      .returning({ id: schema.users.id });
    ownerId = user!.id;
  });
  afterAll(() => drop());

  async function newOrganization(credits = 0) {
    const { organizationId, memberId } = await createOrganization(handle.db, { name: "Ledger Co", ownerId });
    if (credits > 0) {
      await handle.db.transaction((tx) =>
        credit(tx, "earned", { organizationId, credits, reason: "test", reference: "seed" }),
      );
    }
    return { organizationId, memberId };
  }

  const entriesOf = (organizationId: number) =>
    handle.db
      .select()
      .from(schema.creditEntries)
      .where(eq(schema.creditEntries.organizationId, organizationId))
      .orderBy(schema.creditEntries.id);

  it("moves the balance only through entries, and records the balance after each one and who acted", async () => {
    const { organizationId, memberId } = await newOrganization();
    await handle.db.transaction((tx) =>
      credit(tx, "earned", { organizationId, credits: 100, reason: "r", reference: "order:1" }),
    );
    const used = await handle.db.transaction((tx) =>
      debit(tx, {
        organizationId,
        memberId,
        userId: ownerId,
        credits: 30,
        reason: "r",
        reference: "campaign:1",
      }),
    );
    await handle.db.transaction((tx) =>
      credit(tx, "refunded", {
        organizationId,
        memberId,
        credits: 5,
        reason: "r",
        reference: "campaign:1",
      }),
    );
    await handle.db.transaction((tx) =>
      adjust(tx, {
        organizationId,
        userId: ownerId,
        credits: -10,
        reason: "staff correction",
        reference: "adjustment:1",
      }),
    );
    expect(used).toMatchObject({ credits: -30, balanceAfter: 70, created: true });
    expect(await balanceOf(handle.db, organizationId)).toBe(65);
    const entries = await entriesOf(organizationId);
    expect(entries.map((e) => [e.type, e.credits, e.balanceAfter])).toEqual([
      ["earned", 100, 100],
      ["used", -30, 70],
      ["refunded", 5, 75],
      ["adjusted", -10, 65],
    ]);
    expect(entries[1]).toMatchObject({ memberId, userId: ownerId, reference: "campaign:1" });
  });

  it("refuses a debit the balance does not cover, and writes nothing", async () => {
    const { organizationId } = await newOrganization(10);
    const attempt = handle.db.transaction((tx) =>
      debit(tx, { organizationId, credits: 11, reason: "r", reference: "campaign:2" }),
    );
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ code: "INSUFFICIENT_CREDITS", status: 402 });
    expect(await balanceOf(handle.db, organizationId)).toBe(10);
    expect(await entriesOf(organizationId)).toHaveLength(1);
    // A batch with one overdraft is refused whole.
    const other = await newOrganization(100);
    await expect(
      handle.db.transaction((tx) =>
        recordEntries(tx, "used", [
          { organizationId: other.organizationId, credits: 1, reason: "r", reference: "b" },
          { organizationId, credits: 50, reason: "r", reference: "b" },
        ]),
      ),
    ).rejects.toMatchObject({ code: "INSUFFICIENT_CREDITS" });
    expect(await balanceOf(handle.db, other.organizationId)).toBe(100);
  });

  it("takes only a transaction (ADR 85): the root handle does not compile, and a later failure takes the debit back", async () => {
    // Checked by the typecheck (npm run typecheck): each line below is an error it expects.
    const outside = (db: Db, change: Parameters<typeof debit>[1]) => [
      // @ts-expect-error the root handle is not a transaction
      debit(db, change),
      // @ts-expect-error the root handle is not a transaction
      credit(db, "earned", change),
      // @ts-expect-error the root handle is not a transaction
      adjust(db, change),
      // @ts-expect-error the root handle is not a transaction
      recordEntries(db, "used", [change]),
      // @ts-expect-error the root handle is not a transaction
      coverDebits(db, [change]),
    ];
    expectTypeOf<Tx>().toExtend<Db>();
    expectTypeOf<Db>().not.toExtend<Tx>();
    expect(outside).toBeTypeOf("function");

    // What the type keeps: the debit and the write it pays for commit or roll back together,
    // also in a nested transaction (a savepoint is a Tx too).
    const { organizationId } = await newOrganization(10);
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.transaction((inner) =>
          debit(inner, { organizationId, credits: 4, reason: "r", reference: "campaign:9" }),
        );
        throw new Error("the business write failed after the debit");
      }),
    ).rejects.toThrow("the business write failed");
    expect(await balanceOf(handle.db, organizationId)).toBe(10);
    expect(await entriesOf(organizationId)).toHaveLength(1);
  });

  it("decides in order which of many debits the balances cover, refusing each one alone, and writes nothing", async () => {
    const a = await newOrganization(5);
    const b = await newOrganization(1);
    const covered = await handle.db.transaction((tx) =>
      coverDebits(tx, [
        { organizationId: a.organizationId, credits: 3 },
        { organizationId: b.organizationId, credits: 2 },
        { organizationId: a.organizationId, credits: 3 },
        { organizationId: a.organizationId, credits: 2 },
        { organizationId: b.organizationId, credits: 1 },
      ]),
    );
    expect(covered.refused.map((e) => e?.code ?? null)).toEqual([
      null,
      "INSUFFICIENT_CREDITS",
      "INSUFFICIENT_CREDITS",
      null,
      null,
    ]);
    expect(covered.refused[2]?.params).toEqual({ needed: 3, balance: 2 });
    expect(Object.fromEntries(covered.balances)).toEqual({ [a.organizationId]: 5, [b.organizationId]: 1 });
    // Deciding is not recording: the balances and the entries are as they were.
    expect(await balanceOf(handle.db, a.organizationId)).toBe(5);
    expect(await entriesOf(a.organizationId)).toHaveLength(1);
  });

  it("records many entries of several organizations in the order given, with each one's running balance", async () => {
    const a = await newOrganization(10);
    const b = await newOrganization(7);
    const recorded = await handle.db.transaction((tx) =>
      recordEntries(tx, "used", [
        { organizationId: a.organizationId, credits: 3, reason: "r", reference: "campaign:a1" },
        {
          organizationId: b.organizationId,
          credits: 2,
          reason: "r",
          reference: "campaign:b1",
          userId: ownerId,
        },
        {
          organizationId: a.organizationId,
          credits: 4,
          reason: "r",
          reference: "campaign:a2",
          memberId: a.memberId,
        },
        { organizationId: b.organizationId, credits: 5, reason: "r", reference: "campaign:b2" },
      ]),
    );
    expect(recorded.map((e) => [e.organizationId, e.credits, e.balanceAfter, e.created])).toEqual([
      [a.organizationId, -3, 7, true],
      [b.organizationId, -2, 5, true],
      [a.organizationId, -4, 3, true],
      [b.organizationId, -5, 0, true],
    ]);
    expect(await balanceOf(handle.db, a.organizationId)).toBe(3);
    expect(await balanceOf(handle.db, b.organizationId)).toBe(0);
    const stored = (await entriesOf(a.organizationId)).filter((e) => e.type === "used");
    expect(stored.map((e) => [e.id, e.reference, e.memberId, e.balanceAfter])).toEqual([
      [recorded[0]?.id, "campaign:a1", null, 7],
      [recorded[2]?.id, "campaign:a2", a.memberId, 3],
    ]);
    expect((await entriesOf(b.organizationId)).find((e) => e.reference === "campaign:b1")?.userId).toBe(
      ownerId,
    );
    // One entry the balance does not cover refuses them all.
    await expect(
      handle.db.transaction((tx) =>
        recordEntries(tx, "used", [
          { organizationId: a.organizationId, credits: 1, reason: "r", reference: "campaign:a3" },
          { organizationId: b.organizationId, credits: 1, reason: "r", reference: "campaign:b3" },
        ]),
      ),
    ).rejects.toMatchObject({ code: "INSUFFICIENT_CREDITS" });
    expect(await balanceOf(handle.db, a.organizationId)).toBe(3);
    expect(await entriesOf(a.organizationId)).toHaveLength(3);
  });

  it("lets exactly as many of 50 parallel debits succeed as the balance covers", async () => {
    const { organizationId } = await newOrganization(20);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        handle.db.transaction((tx) =>
          debit(tx, { organizationId, credits: 1, reason: "r", reference: `message:${i}` }),
        ),
      ),
    );
    const ok = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter(
      (r) => r.status === "rejected" && (r.reason as AppError).code === "INSUFFICIENT_CREDITS",
    );
    expect(ok).toHaveLength(20);
    expect(refused).toHaveLength(30);
    expect(await balanceOf(handle.db, organizationId)).toBe(0);
    const used = (await entriesOf(organizationId)).filter((e) => e.type === "used");
    expect(used).toHaveLength(20);
    expect(new Set(used.map((e) => e.balanceAfter)).size).toBe(20);
  });

  it("records a repeated idempotency key once", async () => {
    const { organizationId } = await newOrganization();
    const grant = () =>
      handle.db.transaction((tx) =>
        credit(tx, "earned", {
          organizationId,
          credits: 50,
          reason: "r",
          reference: "order:9",
          idempotencyKey: "order:9:approve",
        }),
      );
    const first = await grant();
    const second = await grant();
    expect(first.created).toBe(true);
    expect(second).toEqual({ ...first, created: false });
    expect(await balanceOf(handle.db, organizationId)).toBe(50);
    const [a, b] = await handle.db.transaction((tx) =>
      recordEntries(tx, "used", [
        { organizationId, credits: 5, reason: "r", reference: "x", idempotencyKey: "chunk:1" },
        { organizationId, credits: 5, reason: "r", reference: "x", idempotencyKey: "chunk:1b" },
      ]),
    );
    const again = await handle.db.transaction((tx) =>
      recordEntries(tx, "used", [
        { organizationId, credits: 5, reason: "r", reference: "x", idempotencyKey: "chunk:1" },
      ]),
    );
    expect([a?.balanceAfter, b?.balanceAfter, again[0]?.created]).toEqual([45, 40, false]);
    expect(await balanceOf(handle.db, organizationId)).toBe(40);
  });

  /** Drizzle wraps the driver's error; the database's own message is in the cause. */
  const databaseSays = (pattern: RegExp) => (error: unknown) =>
    pattern.test(String((error as { cause?: { message?: string } }).cause?.message ?? error));

  it("is append-only and cannot be bypassed with raw SQL", async () => {
    const { organizationId } = await newOrganization(10);
    const [entry] = await entriesOf(organizationId);
    await expect(
      handle.db.execute(sql`update credit_entries set credits = 1000 where id = ${entry!.id}`),
    ).rejects.toSatisfy(databaseSays(/append-only/));
    await expect(
      handle.db.execute(sql`delete from credit_entries where id = ${entry!.id}`),
    ).rejects.toSatisfy(databaseSays(/append-only/));
    // Only detaching who acted (the foreign keys' ON DELETE SET NULL) is let through.
    await expect(
      handle.db.execute(sql`update credit_entries set user_id = ${ownerId} where id = ${entry!.id}`),
    ).rejects.toSatisfy(databaseSays(/append-only/));
    await expect(
      handle.db.execute(
        sql`update credit_entries set member_id = null, reason = 'x' where id = ${entry!.id}`,
      ),
    ).rejects.toSatisfy(databaseSays(/append-only/));
    await handle.db.execute(sql`update credit_entries set member_id = null where id = ${entry!.id}`);
    // A `used` entry must take credits away; a raw positive one is refused by the database.
    await expect(
      handle.db.execute(
        sql`insert into credit_entries (organization_id, type, credits, reason, reference) values (${organizationId}, 'used', 5, 'r', 'x')`,
      ),
    ).rejects.toSatisfy(databaseSays(/credit_entries_sign/));
    await expect(
      handle.db.execute(sql`update organizations set credits = -1 where id = ${organizationId}`),
    ).rejects.toSatisfy(databaseSays(/organizations_credits_non_negative/));
    expect(await balanceOf(handle.db, organizationId)).toBe(10);
  });

  it("refuses malformed changes before touching the database", async () => {
    const { organizationId } = await newOrganization(10);
    for (const credits of [0, 1.5, -3, Number.NaN]) {
      await expect(
        handle.db.transaction((tx) => debit(tx, { organizationId, credits, reason: "r", reference: "x" })),
      ).rejects.toThrow(RangeError);
    }
    await expect(
      handle.db.transaction((tx) =>
        debit(tx, { organizationId: 999_999, credits: 1, reason: "r", reference: "x" }),
      ),
    ).rejects.toThrow();
  });
});
