import { randomUUID } from "node:crypto";
import { schema } from "@sms/db";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTenant, type TestTenant } from "../../test/tenants.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";
import { markExistingAndCount } from "./staged-rows.ts";

let t: TestContext;
let owner: TestTenant;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createTenant(t, { name: "Slices Co" });
});
afterAll(() => t.close());

describe("classifying a parsed file in slices", () => {
  it("marks the group's numbers existing and counts each class the same whatever the slice size", async () => {
    const [group] = await t.db
      .insert(schema.contactGroups)
      .values({ organizationId: owner.organizationId, name: "Slices" })
      .returning({ id: schema.contactGroups.id });
    if (!group) throw new Error("no group");
    await t.db.insert(schema.contacts).values(
      ["66810000002", "66810000005", "66810000007"].map((phoneNumber) => ({
        organizationId: owner.organizationId,
        groupId: group.id,
        phoneNumber,
      })),
    );
    const statuses = ["valid", "valid", "invalid", "valid", "valid", "duplicate", "valid", "valid"] as const;
    const staged = async () => {
      const importId = randomUUID();
      await t.db.insert(schema.contactImportRows).values(
        statuses.map((status, i) => ({
          importId,
          rowNumber: i + 1,
          rawPhone: `081000000${i + 1}`,
          phoneNumber: status === "invalid" ? null : `6681000000${i + 1}`,
          status,
        })),
      );
      return importId;
    };
    const expected = { valid: 3, invalid: 1, duplicate: 1, existing: 3 };
    for (const slice of [1, 3, 8, 100]) {
      const importId = await staged();
      const counts = await markExistingAndCount(
        t.db,
        { importId, groupId: group.id, totalRows: statuses.length },
        slice,
      );
      expect({ slice, counts }).toEqual({ slice, counts: expected });
      const existing = await t.db
        .select({ row: schema.contactImportRows.rowNumber })
        .from(schema.contactImportRows)
        .where(
          and(
            eq(schema.contactImportRows.importId, importId),
            eq(schema.contactImportRows.status, "existing"),
          ),
        );
      expect(existing.map((r) => r.row).sort()).toEqual([2, 5, 7]);
    }
  });
});
