import { schema } from "@sms/db";
import { ALL_ENDPOINTS, type AnyEndpoint, MEMBER_ROLE, MEMBER_ROLES, memberCan } from "@sms/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, createTenant, type TestTenant } from "../../test/tenants.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";

/**
 * The role matrix as the server enforces it (docs/decisions, packages/domain permissions.ts): every
 * organization endpoint that names a permission, called by a member of each role. A role the matrix
 * refuses gets 403 FORBIDDEN; a role it allows gets past the guard (the request may still be
 * incomplete: 400, 404 or 402 are fine, only the permission decision is under test). The endpoint
 * list is read at run time, so endpoints added later are covered without touching this file.
 */
const GUARDED = ALL_ENDPOINTS.filter(
  (endpoint): endpoint is AnyEndpoint & { permission: NonNullable<AnyEndpoint["permission"]> } =>
    endpoint.auth === "member" && endpoint.permission !== undefined,
);

/** An id that exists nowhere, so a permitted call can never change a real row. */
const UNKNOWN_ID = "2147483000";

describe("member role matrix", () => {
  let t: TestContext;
  let owner: TestTenant;
  const byRole = new Map<number, TestTenant>();

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createTenant(t, { name: "Matrix" });
    byRole.set(MEMBER_ROLE.owner, owner);
    for (const role of [MEMBER_ROLE.member, MEMBER_ROLE.accountService]) {
      const person = await createTenant(t, { name: `Role${role}` });
      await addMember(t, owner.organizationId, person.userId, role);
      await t.db
        .update(schema.users)
        .set({ defaultOrganizationId: owner.organizationId })
        .where(eq(schema.users.id, person.userId));
      byRole.set(role, person);
    }
  });
  afterAll(() => t.close());

  function urlOf(endpoint: AnyEndpoint): string {
    const path = endpoint.path.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, name: string) =>
      name === endpoint.organizationParam ? String(owner.organizationId) : UNKNOWN_ID,
    );
    return `/api/v1${path}`;
  }

  it("covers the organization endpoints", () => {
    const paths = GUARDED.map((e) => `${e.method} ${e.path}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        "PATCH /c/organizations/{id}",
        "POST /c/organizations/{id}/members",
        "DELETE /c/organizations/{id}/members/{memberId}",
        "GET /c/organizations/{id}/member-credit-usages",
        "GET /c/organizations/{id}/invitations",
        "DELETE /c/organizations/{id}/invitations/{invitationId}",
      ]),
    );
  });

  const cells = GUARDED.flatMap((endpoint) =>
    MEMBER_ROLES.map((role) => ({
      name: `${endpoint.method} ${endpoint.path} as role ${role} (${endpoint.permission})`,
      endpoint,
      role,
    })),
  );

  it.each(cells)("$name", async ({ endpoint, role }) => {
    const caller = byRole.get(role);
    if (!caller) throw new Error(`no member with role ${role}`);
    const res = await t.app.inject({
      method: endpoint.method,
      url: urlOf(endpoint),
      headers: caller.headers,
      ...(endpoint.method === "GET" || endpoint.method === "DELETE" ? {} : { payload: {} }),
    });
    if (memberCan(role, endpoint.permission)) {
      expect(res.statusCode, res.body).not.toBe(403);
      expect(res.statusCode, res.body).toBeLessThan(500);
    } else {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error.code).toBe("FORBIDDEN");
    }
  });
});
