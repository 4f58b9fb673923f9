import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { schema } from "@sms/db";
import { MEMBER_ROLE, USER_ROLE } from "@sms/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listFiles, multipartBody, PNG, pdf } from "../../test/files.ts";

const CSV = Buffer.from("phone_number,name\n0812345678,Somchai\n");

import {
  addMember,
  createTenant,
  expectCrossTenant404,
  signIn,
  type TestTenant,
} from "../../test/tenants.ts";
import { createTestApp, TEST_ADMIN, type TestContext } from "../../test/test-app.ts";
import { contentDisposition } from "./content-disposition.ts";

let t: TestContext;
let dataDir: string;
let owner: TestTenant;
let other: TestTenant;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "sms-files-"));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  owner = await createTenant(t, { name: "Owner Co" });
  other = await createTenant(t, { name: "Other Co" });
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function uploadAs(
  caller: { headers: { authorization: string } },
  kind: string,
  filename: string,
  data: Buffer,
): Promise<{ id: string; statusCode: number }> {
  const { payload, headers } = multipartBody([{ name: "file", filename, data, contentType: "image/png" }]);
  const res = await t.app.inject({
    method: "POST",
    url: `/api/v1/c/files?kind=${kind}`,
    headers: { ...caller.headers, ...headers },
    payload,
  });
  return { id: res.json().data?.id, statusCode: res.statusCode };
}

function download(id: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: "GET", url: `/api/v1/c/files/${id}`, headers });
}

describe("POST /c/files", () => {
  it("answers 401 to an anonymous caller and stores nothing", async () => {
    const { payload, headers } = multipartBody([{ name: "file", filename: "a.png", data: PNG }]);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/c/files?kind=payment_proof",
      headers,
      payload,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe("UNAUTHORIZED");
    expect(await listFiles(join(dataDir, "uploads"))).toEqual([]);
  });

  it("answers 201 with the file's public fields", async () => {
    const { payload, headers } = multipartBody([{ name: "file", filename: "slip.png", data: PNG }]);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/c/files?kind=payment_proof",
      headers: { ...owner.headers, ...headers },
      payload,
    });
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(Object.keys(data).sort()).toEqual(["created_at", "id", "kind", "mime", "original_name", "size"]);
    expect(data).toMatchObject({
      kind: "payment_proof",
      mime: "image/png",
      size: PNG.length,
      original_name: "slip.png",
    });
    expect(new Date(data.created_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe("GET /c/files/{id}", () => {
  it("streams the file to a member with safe headers", async () => {
    const { id } = await uploadAs(owner, "payment_proof", "สลิปโอนเงิน.png", PNG);
    const res = await download(id, owner.headers);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PNG)).toBe(true);
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.headers["content-length"]).toBe(String(PNG.length));
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="___________.png"; filename*=UTF-8''${encodeURIComponent("สลิปโอนเงิน.png")}`,
    );
  });

  it("names a download after the sniffed type, not the uploaded extension", async () => {
    // An extension we do not know is left to the content (a known one that disagrees is refused).
    const { id } = await uploadAs(owner, "payment_proof", "slip final.scan", PNG);
    const res = await download(id, owner.headers);
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="slip final.scan.png"; filename*=UTF-8''slip%20final.scan.png`,
    );
  });

  /** A colleague of `owner` with a role, signed in to owner's organization. */
  async function colleague(role: number) {
    const person = await createTenant(t, { name: `Colleague${role}` });
    await addMember(t, owner.organizationId, person.userId, role);
    await t.db
      .update(schema.users)
      .set({ defaultOrganizationId: owner.organizationId })
      .where(eq(schema.users.id, person.userId));
    return person;
  }

  it("serves each kind only to roles with its right: slips and evidence are not a Member's (S4-11)", async () => {
    const slip = await uploadAs(owner, "payment_proof", "slip.png", PNG);
    const evidence = await uploadAs(owner, "sender_evidence", "company.pdf", pdf());
    const contacts = await uploadAs(owner, "contact_import", "contacts.csv", CSV);
    const campaign = await uploadAs(owner, "file_campaign", "campaign.csv", CSV);
    const member = await colleague(MEMBER_ROLE.member);
    const service = await colleague(MEMBER_ROLE.accountService);

    for (const { id } of [slip, evidence, campaign]) {
      const refused = await download(id, { ...member.headers, "accept-language": "en" });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toEqual({
        code: "FORBIDDEN",
        message: "Your role in this organization does not allow this.",
      });
    }
    expect((await download(contacts.id, member.headers)).statusCode).toBe(200);
    // A file campaign is a send's: a Member reads back its own, as it sees its own reports.
    const own = await uploadAs(member, "file_campaign", "mine.csv", CSV);
    expect((await download(own.id, member.headers)).statusCode).toBe(200);

    for (const { id } of [slip, evidence, contacts, campaign, own]) {
      expect((await download(id, service.headers)).statusCode).toBe(200);
      expect((await download(id, owner.headers)).statusCode).toBe(200);
    }
  });

  it("refuses a Member's upload of a slip or evidence before storing it", async () => {
    const member = await colleague(MEMBER_ROLE.member);
    const before = (await listFiles(join(dataDir, "uploads"))).length;
    for (const kind of ["payment_proof", "sender_evidence"]) {
      const res = await uploadAs(member, kind, "slip.png", PNG);
      expect(res.statusCode).toBe(403);
    }
    expect(await listFiles(join(dataDir, "uploads"))).toHaveLength(before);
    expect((await uploadAs(member, "contact_import", "contacts.csv", CSV)).statusCode).toBe(201);
  });

  it("serves staff any organization's file", async () => {
    const { id } = await uploadAs(other, "payment_proof", "slip.png", PNG);
    const token = await signIn(t, TEST_ADMIN.email, TEST_ADMIN.password);
    const res = await download(id, { authorization: `Bearer ${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PNG)).toBe(true);

    const staff = await createTenant(t, { name: "Staff", roles: [USER_ROLE.user, USER_ROLE.admin] });
    await t.db.delete(schema.members).where(eq(schema.members.userId, staff.userId));
    expect((await download(id, staff.headers)).statusCode).toBe(200);
  });

  it("answers 404 for another organization's file, never 403", async () => {
    const slip = await uploadAs(owner, "payment_proof", "slip.png", PNG);
    const evidence = await uploadAs(owner, "sender_evidence", "company.pdf", pdf());
    await expectCrossTenant404(t, other, [
      { method: "GET", url: `/api/v1/c/files/${slip.id}` },
      { method: "GET", url: `/api/v1/c/files/${evidence.id}` },
    ]);
  });

  it("answers 404 for unknown and malformed ids", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", "1", "..%2F..%2Fetc%2Fpasswd"]) {
      const res = await download(id, owner.headers);
      expect({ id, status: res.statusCode }).toEqual({ id, status: 404 });
      expect(res.json().error.code).toBe("NOT_FOUND");
    }
  });

  it("answers 401 to an anonymous caller", async () => {
    const { id } = await uploadAs(owner, "payment_proof", "slip.png", PNG);
    expect((await download(id)).statusCode).toBe(401);
  });

  it("shuts out a member as soon as the membership is removed", async () => {
    const leaver = await createTenant(t, { name: "Leaver" });
    const { id } = await uploadAs(leaver, "payment_proof", "slip.png", PNG);
    expect((await download(id, leaver.headers)).statusCode).toBe(200);
    await t.db
      .delete(schema.members)
      .where(
        and(
          eq(schema.members.userId, leaver.userId),
          eq(schema.members.organizationId, leaver.organizationId),
        ),
      );
    const res = await download(id, leaver.headers);
    expect([403, 404]).toContain(res.statusCode);
    expect(res.headers["content-type"]).toContain("application/json");
    expect((await uploadAs(leaver, "payment_proof", "again.png", PNG)).statusCode).toBe(403);
  });

  it("answers 404 when the stored object has gone missing", async () => {
    const { id } = await uploadAs(owner, "payment_proof", "slip.png", PNG);
    const [row] = await t.db.select().from(schema.files).where(eq(schema.files.id, id));
    await rm(join(dataDir, "uploads", row?.storageKey ?? "missing"));
    expect((await download(id, owner.headers)).statusCode).toBe(404);
  });

  it("is described in the OpenAPI document", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/v1/openapi.json" });
    const paths = res.json().paths;
    expect(paths["/api/v1/c/files"].post.responses).toHaveProperty("201");
    expect(paths["/api/v1/c/files/{id}"].get.responses["200"]).toBeDefined();
  });
});

describe("contentDisposition", () => {
  it("keeps a matching extension and encodes per RFC 5987", () => {
    expect(contentDisposition("report.PDF", "pdf")).toBe(
      `attachment; filename="report.PDF"; filename*=UTF-8''report.PDF`,
    );
    expect(contentDisposition("photo.jpeg", "jpg")).toBe(
      `attachment; filename="photo.jpeg"; filename*=UTF-8''photo.jpeg`,
    );
    expect(contentDisposition("a;b%c\\d\"e'(1).csv", "csv")).toBe(
      `attachment; filename="a_b_c_d_e'(1).csv"; filename*=UTF-8''a%3Bb%25c%5Cd%22e%27%281%29.csv`,
    );
  });
});
