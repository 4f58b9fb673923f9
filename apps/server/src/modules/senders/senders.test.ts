import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SHARED_SENDER, schema } from "@sms/db";
import {
  MEMBER_ROLE,
  SENDER_ACCOUNT_TYPES,
  SENDER_DOCUMENT_KINDS,
  SENDER_EVIDENCE_TYPES,
  SENDER_STATUSES,
  SENDER_TYPES,
} from "@sms/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipartBody, PNG, pdf } from "../../test/files.ts";
import {
  addMember,
  createTenant,
  expectCrossTenant404,
  signIn,
  type TestTenant,
} from "../../test/tenants.ts";
import { createTestApp, TEST_ADMIN, type TestContext } from "../../test/test-app.ts";

let t: TestContext;
let dataDir: string;
let owner: TestTenant;
let other: TestTenant;
let admin: { authorization: string };
let sharedId: number;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "sms-senders-"));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  owner = await createTenant(t, { name: "Sender Co" });
  other = await createTenant(t, { name: "Other Co" });
  admin = { authorization: `Bearer ${await signIn(t, TEST_ADMIN.email, TEST_ADMIN.password)}` };
  const [shared] = await t.db
    .select({ id: schema.senders.id })
    .from(schema.senders)
    .where(eq(schema.senders.name, SHARED_SENDER.name));
  sharedId = shared!.id;
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

function call(
  headers: Record<string, string>,
  method: "GET" | "POST",
  url: string,
  payload?: object,
  locale = "en",
) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...headers, "accept-language": locale },
    ...(payload ? { payload } : {}),
  });
}

async function upload(caller: TestTenant, kind: string, filename: string, data: Buffer, contentType: string) {
  const { payload, headers } = multipartBody([{ name: "file", filename, data, contentType }]);
  const res = await t.app.inject({
    method: "POST",
    url: `/api/v1/c/files?kind=${kind}`,
    headers: { ...caller.headers, ...headers, "accept-language": "en" },
    payload,
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.id as string;
}

const evidenceOf = (caller: TestTenant) =>
  upload(caller, "sender_evidence", "company.pdf", pdf(), "application/pdf");

let names = 0;
/** A fresh valid name per request (names are unique per organization while live). */
const nextName = () => `Shop${++names}`;

/** A company's request with each file as a company registration, unless the patch says otherwise. */
const request = (files: string[], patch: object = {}) => ({
  name: nextName(),
  company_name: "Sender Co., Ltd.",
  type: "marketing",
  account_type: "juristic",
  evidence_documents: files.map((file_id) => ({ kind: "company_registration", file_id })),
  example_message: "Sale 20% today at Sender Co",
  ...patch,
});

async function requestSender(caller: TestTenant, patch: object = {}): Promise<number> {
  const res = await call(caller.headers, "POST", "/c/senders", request([await evidenceOf(caller)], patch));
  expect(res.statusCode).toBe(201);
  return res.json().data.id;
}

async function mailsTo(email: string) {
  return t.db.select().from(schema.devMessages).where(eq(schema.devMessages.recipient, email));
}

async function memberOf(organizationId: number, role: number): Promise<{ authorization: string }> {
  const user = await createTenant(t, { name: `Role ${role}` });
  await addMember(t, organizationId, user.userId, role);
  await t.db
    .update(schema.users)
    .set({ defaultOrganizationId: organizationId })
    .where(eq(schema.users.id, user.userId));
  return { authorization: `Bearer ${await signIn(t, user.email, user.password)}` };
}

describe("the domain's sender lists", () => {
  it("are the database's", () => {
    expect(SENDER_STATUSES).toEqual(schema.SENDER_STATUSES);
    expect(SENDER_TYPES).toEqual(schema.SENDER_TYPES);
    expect(SENDER_ACCOUNT_TYPES).toEqual(schema.SENDER_ACCOUNT_TYPES);
    expect(SENDER_EVIDENCE_TYPES).toEqual(schema.SENDER_EVIDENCE_TYPES);
    expect(SENDER_DOCUMENT_KINDS).toEqual(SENDER_EVIDENCE_TYPES.filter((kind) => kind !== "website"));
  });
});

describe("POST /c/senders", () => {
  it("lists the documents in the order the customer gave them, not the order their uploads finished (ADR 87)", async () => {
    const first = await upload(owner, "sender_evidence", "uploaded-first.pdf", pdf(), "application/pdf");
    const second = await upload(owner, "sender_evidence", "uploaded-second.png", PNG, "image/png");
    const third = await upload(owner, "sender_evidence", "uploaded-third.pdf", pdf(), "application/pdf");
    const res = await call(owner.headers, "POST", "/c/senders", {
      ...request([]),
      evidence_documents: [
        { kind: "director_id", file_id: second },
        { kind: "pp20", file_id: third },
        { kind: "company_registration", file_id: first },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = (files: { id: string }[]) => files.map((f) => f.id);
    expect(order(res.json().data.evidence_files)).toEqual([second, third, first]);
    const again = await call(owner.headers, "GET", `/c/senders/${res.json().data.id}`);
    expect(order(again.json().data.evidence_files)).toEqual([second, third, first]);
  });

  it("records a pending request with several documents, each with its kind; mass-assigned fields are ignored (review D20)", async () => {
    const certificate = await evidenceOf(owner);
    const idCard = await upload(owner, "sender_evidence", "id.png", PNG, "image/png");
    const res = await call(owner.headers, "POST", "/c/senders", {
      ...request([], { name: "Sender.Co" }),
      evidence_documents: [
        { kind: "company_registration", file_id: certificate },
        { kind: "director_id", file_id: idCard },
        { kind: "pp20", file_id: certificate },
      ],
      status: "approved",
      organization_id: other.organizationId,
      evidence_type: "website",
    });
    expect(res.statusCode, res.body).toBe(201);
    const { data } = res.json();
    expect(data).toMatchObject({ name: "Sender.Co", status: "pending", shared: false, evidence_url: null });
    expect(data).not.toHaveProperty("evidence_type");
    // A file given twice is one document, of its first kind.
    expect(
      data.evidence_files
        .map((f: { id: string; evidence_kind: string; original_name: string; kind: string }) => ({
          id: f.id,
          evidence_kind: f.evidence_kind,
          name: f.original_name,
          kind: f.kind,
        }))
        .sort((a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name)),
    ).toEqual([
      {
        id: certificate,
        evidence_kind: "company_registration",
        name: "company.pdf",
        kind: "sender_evidence",
      },
      { id: idCard, evidence_kind: "director_id", name: "id.png", kind: "sender_evidence" },
    ]);
    const [row] = await t.db.select().from(schema.senders).where(eq(schema.senders.id, data.id));
    expect(row).toMatchObject({ organizationId: owner.organizationId, requestedBy: owner.userId });
    const again = await call(owner.headers, "GET", `/c/senders/${data.id}`);
    expect(
      again
        .json()
        .data.evidence_files.map((f: { evidence_kind: string }) => f.evidence_kind)
        .sort(),
    ).toEqual(["company_registration", "director_id"]);
  });

  it("takes a website link instead of documents, or beside them", async () => {
    const res = await call(owner.headers, "POST", "/c/senders", {
      ...request([], { evidence_url: "https://sender.example.com/about" }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      evidence_url: "https://sender.example.com/about",
      evidence_files: [],
    });
    const both = await call(owner.headers, "POST", "/c/senders", {
      ...request([await evidenceOf(owner)], { evidence_url: "https://sender.example.com" }),
    });
    expect(both.statusCode).toBe(201);
    expect(both.json().data.evidence_url).toBe("https://sender.example.com");
    expect(both.json().data.evidence_files).toHaveLength(1);
  });

  it.each([
    ["Thai letters", "ร้านค้า"],
    ["a space", "My Shop"],
    ["11 characters", "ABCDEFGHIJK"],
    ["a symbol other than . - _", "Shop!"],
    ["an @", "shop@x"],
  ])("refuses a name with %s", async (_, name) => {
    const res = await call(owner.headers, "POST", "/c/senders", request([await evidenceOf(owner)], { name }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([
      {
        path: "name",
        message:
          "Sender name must be at most 10 characters: English letters, digits and . - _ only, with no spaces or Thai letters.",
      },
    ]);
  });

  it("needs a document or a website, with the spec's message in both languages", async () => {
    for (const body of [
      request([]),
      request([], { evidence_url: "" }),
      request([], { evidence_url: "  " }),
    ]) {
      const en = await call(owner.headers, "POST", "/c/senders", body);
      expect(en.statusCode).toBe(400);
      expect(en.json().error.details).toEqual([
        { path: "evidence_documents", message: "Please select Evidence for applying for SENDER ID." },
      ]);
    }
    const th = await call(owner.headers, "POST", "/c/senders", request([]), "th");
    expect(th.json().error.details).toEqual([
      { path: "evidence_documents", message: "กรุณาเลือกเอกสารประกอบการขอชื่อผู้ส่ง (Sender ID)" },
    ]);
  });

  it("needs each document's kind, in both languages", async () => {
    const file_id = await evidenceOf(owner);
    for (const kind of [undefined, "passport", "website"]) {
      const res = await call(owner.headers, "POST", "/c/senders", {
        ...request([]),
        evidence_documents: [
          { kind: "pp20", file_id },
          { kind, file_id: await evidenceOf(owner) },
        ],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toEqual([
        { path: "evidence_documents.1.kind", message: "Please choose what this document is." },
      ]);
    }
    const th = await call(
      owner.headers,
      "POST",
      "/c/senders",
      { ...request([]), evidence_documents: [{ file_id }] },
      "th",
    );
    expect(th.json().error.details).toEqual([
      { path: "evidence_documents.0.kind", message: "กรุณาเลือกประเภทของเอกสารนี้" },
    ]);
  });

  it("needs a valid http(s) link for a website, and at most 5 documents", async () => {
    for (const evidence_url of ["sender.example.com", "javascript:alert(1)", "ftp://x.example.com"]) {
      const res = await call(owner.headers, "POST", "/c/senders", request([], { evidence_url }));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toEqual([
        {
          path: "evidence_url",
          message: "Please enter the website link, starting with http:// or https://.",
        },
      ]);
    }
    const six = await Promise.all(Array.from({ length: 6 }, () => evidenceOf(owner)));
    const tooMany = await call(owner.headers, "POST", "/c/senders", request(six));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.details).toEqual([
      { path: "evidence_documents", message: "Please add at most 5 evidence files." },
    ]);
    const tooManyTh = await call(owner.headers, "POST", "/c/senders", request(six), "th");
    expect(tooManyTh.json().error.details).toEqual([
      { path: "evidence_documents", message: "แนบไฟล์หลักฐานได้ไม่เกิน 5 ไฟล์" },
    ]);
    expect((await call(owner.headers, "POST", "/c/senders", request(six.slice(0, 5)))).statusCode).toBe(201);
  });

  it("refuses evidence files of another organization or of another kind", async () => {
    const othersFile = await evidenceOf(other);
    const proof = await upload(owner, "payment_proof", "slip.png", PNG, "image/png");
    const mine = await evidenceOf(owner);
    for (const files of [
      [othersFile],
      [proof],
      [mine, othersFile],
      ["5b3c1f7e-8a4d-4c2b-9e1f-0a1b2c3d4e5f"],
    ]) {
      const res = await call(owner.headers, "POST", "/c/senders", request(files));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toEqual([
        {
          path: "evidence_documents",
          message: "The evidence files could not be found. Please add them again.",
        },
      ]);
    }
    const th = await call(owner.headers, "POST", "/c/senders", request([othersFile]), "th");
    expect(th.json().error.message).toBe("ไม่พบไฟล์หลักฐานที่แนบ กรุณาแนบไฟล์ใหม่อีกครั้ง");
  });

  it("requires the example message and the company name", async () => {
    const res = await call(owner.headers, "POST", "/c/senders", {
      ...request([await evidenceOf(owner)]),
      example_message: "  ",
      company_name: "",
    });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .error.details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(["company_name", "example_message"]);
    const long = await call(owner.headers, "POST", "/c/senders", {
      ...request([await evidenceOf(owner)]),
      example_message: "x".repeat(256),
    });
    expect(long.json().error.details).toEqual([
      { path: "example_message", message: "Please keep the example message within 255 characters." },
    ]);
  });

  it("takes the documents of the account type and asks a person for no company (review D20)", async () => {
    const wrong = await call(
      owner.headers,
      "POST",
      "/c/senders",
      request([await evidenceOf(owner)], { account_type: "individual", company_name: "" }),
      "th",
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.details).toEqual([
      {
        path: "evidence_documents.0.kind",
        message: "เอกสารนี้ไม่ตรงกับประเภทบัญชีที่เลือก กรุณาเลือกจากรายการเอกสาร",
      },
    ]);
    const person = await call(owner.headers, "POST", "/c/senders", {
      ...request([], { account_type: "individual", company_name: "Typed before switching" }),
      evidence_documents: [
        { kind: "personal_id", file_id: await evidenceOf(owner) },
        { kind: "commercial_registration", file_id: await evidenceOf(owner) },
      ],
    });
    expect(person.statusCode, person.body).toBe(201);
    expect(person.json().data).toMatchObject({ account_type: "individual", company_name: "" });
    expect(person.json().data.evidence_files).toHaveLength(2);
    const company = await call(owner.headers, "POST", "/c/senders", {
      ...request([]),
      evidence_documents: [{ kind: "personal_id", file_id: await evidenceOf(owner) }],
      company_name: " ",
    });
    expect(company.statusCode).toBe(400);
    expect(
      company
        .json()
        .error.details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(["company_name", "evidence_documents.0.kind"]);
  });

  it("allows one live request per name (any case), refuses the shared default's name, and lets a blocked name be asked again", async () => {
    await requestSender(owner, { name: "OneName" });
    const again = await call(
      owner.headers,
      "POST",
      "/c/senders",
      request([await evidenceOf(owner)], { name: "onename" }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(
      "This sender name is already in use or waiting for approval. Please choose another name.",
    );
    const againTh = await call(
      owner.headers,
      "POST",
      "/c/senders",
      request([await evidenceOf(owner)], { name: "OneName" }),
      "th",
    );
    expect(againTh.json().error.message).toBe("ชื่อผู้ส่งนี้มีอยู่แล้วหรือกำลังรอการอนุมัติ กรุณาใช้ชื่ออื่น");
    // Another organization may ask for the same name.
    await requestSender(other, { name: "OneName" });
    const shared = await call(
      owner.headers,
      "POST",
      "/c/senders",
      request([await evidenceOf(owner)], { name: SHARED_SENDER.name.toUpperCase() }),
    );
    expect(shared.statusCode).toBe(409);

    const blocked = await requestSender(owner, { name: "Retry" });
    await call(admin, "POST", `/admin/senders/${blocked}/block`, { reason: "Evidence unreadable." });
    await requestSender(owner, { name: "Retry" });
  });

  it("settles two requests racing for one name with one 201 and one 409", async () => {
    const [a, b] = [await evidenceOf(owner), await evidenceOf(owner)];
    const results = await Promise.all([
      call(owner.headers, "POST", "/c/senders", request([a], { name: "Racer" })),
      call(owner.headers, "POST", "/c/senders", request([b], { name: "Racer" })),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });
});

describe("GET /c/senders", () => {
  it("lists the organization's senders and the shared default, newest first, filtered by status", async () => {
    const mine = await requestSender(owner);
    const theirs = await requestSender(other);
    const res = await call(owner.headers, "GET", "/c/senders?size=100");
    expect(res.statusCode).toBe(200);
    const { entities } = res.json().data;
    const ids = entities.map((s: { id: number }) => s.id);
    expect(ids).toContain(mine);
    expect(ids).toContain(sharedId);
    expect(ids).not.toContain(theirs);
    expect(entities.find((s: { id: number }) => s.id === sharedId)).toMatchObject({
      shared: true,
      status: "approved",
      name: SHARED_SENDER.name,
    });
    const created = entities.map((s: { created_at: string }) => s.created_at);
    expect(created).toEqual([...created].sort().reverse());

    const pending = (await call(owner.headers, "GET", "/c/senders?status=pending&size=100")).json().data
      .entities;
    expect(pending.every((s: { status: string }) => s.status === "pending")).toBe(true);
    expect(pending.map((s: { id: number }) => s.id)).not.toContain(sharedId);
    expect((await call(owner.headers, "GET", "/c/senders?status=live")).statusCode).toBe(400);
    expect((await call(owner.headers, "GET", "/c/senders?sort=company_name")).statusCode).toBe(400);
  });

  it("shows one sender with its evidence, and the shared default, by id", async () => {
    const id = await requestSender(owner);
    const one = await call(owner.headers, "GET", `/c/senders/${id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toMatchObject({ id, status: "pending" });
    expect(one.json().data.evidence_files).toHaveLength(1);
    expect((await call(owner.headers, "GET", `/c/senders/${sharedId}`)).json().data.shared).toBe(true);
  });

  it("answers 404 for another organization's sender and for one that does not exist", async () => {
    const theirs = await requestSender(other);
    const [theirDocument] = (await call(other.headers, "GET", `/c/senders/${theirs}`)).json().data
      .evidence_files;
    await expectCrossTenant404(t, owner, [
      { method: "GET", url: `/api/v1/c/senders/${theirs}` },
      { method: "GET", url: `/api/v1/c/files/${theirDocument.id}` },
    ]);
    expect((await call(owner.headers, "GET", "/c/senders/999999")).statusCode).toBe(404);
  });
});

describe("role matrix", () => {
  it("lets the owner and an account service manage senders, not a member", async () => {
    const accountService = await memberOf(owner.organizationId, MEMBER_ROLE.accountService);
    const member = await memberOf(owner.organizationId, MEMBER_ROLE.member);
    const id = await requestSender(owner);
    expect((await call(accountService, "GET", "/c/senders")).statusCode).toBe(200);
    expect((await call(accountService, "GET", `/c/senders/${id}`)).statusCode).toBe(200);
    for (const [method, url, payload] of [
      ["GET", "/c/senders"],
      ["GET", `/c/senders/${id}`],
      ["POST", "/c/senders", request([])],
    ] as const) {
      const res = await call(member, method, url, payload);
      expect({ url, status: res.statusCode }).toEqual({ url, status: 403 });
    }
  });
});

describe("admin sender queue", () => {
  it("is 404 for everyone but staff, on every endpoint", async () => {
    const id = await requestSender(owner);
    for (const [method, url, payload] of [
      ["GET", "/admin/senders"],
      ["GET", `/admin/senders/${id}`],
      ["POST", `/admin/senders/${id}/approve`, {}],
      ["POST", `/admin/senders/${id}/block`, { reason: "no" }],
    ] as const) {
      const res = await call(owner.headers, method, url, payload);
      expect({ url, status: res.statusCode }).toEqual({ url, status: 404 });
    }
    expect((await call(owner.headers, "GET", `/c/senders/${id}`)).json().data.status).toBe("pending");
  });

  it("lists requests of every organization, filtered by status and searched by organization or requester", async () => {
    await requestSender(owner);
    await requestSender(other);
    const res = await call(admin, "GET", "/admin/senders?status=pending&size=100");
    expect(res.statusCode).toBe(200);
    const { entities } = res.json().data;
    expect(entities.every((s: { status: string }) => s.status === "pending")).toBe(true);
    expect(new Set(entities.map((s: { organization_name: string }) => s.organization_name))).toEqual(
      new Set(["Sender Co", "Other Co"]),
    );
    const created = entities.map((s: { created_at: string }) => s.created_at);
    expect(created).toEqual([...created].sort());
    expect(entities[0].evidence_files.length).toBeGreaterThan(0);
    expect(entities[0]).toHaveProperty("requested_by_email");

    const byOrg = (await call(admin, "GET", "/admin/senders?search=Other&size=100")).json().data.entities;
    expect(byOrg.length).toBeGreaterThan(0);
    expect(byOrg.every((s: { organization_id: number }) => s.organization_id === other.organizationId)).toBe(
      true,
    );
    const byRequester = (
      await call(admin, "GET", `/admin/senders?search=${encodeURIComponent(owner.email)}&size=100`)
    ).json().data.entities;
    expect(byRequester.length).toBeGreaterThan(0);
    expect(
      byRequester.every((s: { requested_by_email: string }) => s.requested_by_email === owner.email),
    ).toBe(true);
    expect((await call(admin, "GET", "/admin/senders?status=done")).statusCode).toBe(400);
  });

  it("shows one request with every document and its kind, each of which staff can download (review D20)", async () => {
    const res0 = await call(other.headers, "POST", "/c/senders", {
      ...request([]),
      evidence_documents: [
        { kind: "company_registration", file_id: await evidenceOf(other) },
        { kind: "director_id", file_id: await upload(other, "sender_evidence", "id.png", PNG, "image/png") },
      ],
    });
    expect(res0.statusCode).toBe(201);
    const id = res0.json().data.id;
    const res = await call(admin, "GET", `/admin/senders/${id}`);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ id, organization_name: "Other Co", requested_by_email: other.email });
    const documents = data.evidence_files as { id: string; evidence_kind: string; mime: string }[];
    expect(documents.map((d) => d.evidence_kind).sort()).toEqual(["company_registration", "director_id"]);
    for (const document of documents) {
      const file = await t.app.inject({
        method: "GET",
        url: `/api/v1/c/files/${document.id}`,
        headers: admin,
      });
      expect(file.statusCode).toBe(200);
      expect(file.headers["content-type"]).toBe(document.mime);
    }
    const listed = (await call(admin, "GET", "/admin/senders?status=pending&size=100")).json().data.entities;
    expect(listed.find((s: { id: number }) => s.id === id).evidence_files).toHaveLength(2);
    expect((await call(admin, "GET", "/admin/senders/999999")).statusCode).toBe(404);
  });

  it("approves once when clicked twice at the same time: one audit row, one e-mail; then it cannot be blocked", async () => {
    const requester = await createTenant(t, { name: "Approve Co" });
    const id = await requestSender(requester, { name: "Approved1" });
    const results = await Promise.all([
      call(admin, "POST", `/admin/senders/${id}/approve`, { note: "Welcome aboard." }),
      call(admin, "POST", `/admin/senders/${id}/approve`, { note: "Welcome aboard." }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const ok = results.find((r) => r.statusCode === 200)!;
    expect(ok.json().data).toMatchObject({ status: "approved", decision_reason: "Welcome aboard." });
    expect(results.find((r) => r.statusCode === 409)!.json().error.message).toBe(
      "This sender request has already been decided.",
    );
    const block = await call(admin, "POST", `/admin/senders/${id}/block`, { reason: "Too late." });
    expect(block.statusCode).toBe(409);

    const audits = await t.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.targetType, "sender"), eq(schema.auditLog.targetId, String(id))));
    expect(audits).toMatchObject([{ action: "senders.approve", reason: "Welcome aboard." }]);

    await t.jobs.drain();
    const mails = await mailsTo(requester.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain("Approved1");
    expect(mails[0]?.text).toContain("ได้รับการอนุมัติแล้ว");
    expect(mails[0]?.text).toContain("is approved");
    expect(mails[0]?.text).toContain("Welcome aboard.");
    expect((await call(requester.headers, "GET", `/c/senders/${id}`)).json().data).toMatchObject({
      status: "approved",
      decision_reason: "Welcome aboard.",
    });
  });

  it("blocks only with a reason, which the customer reads on the list, the detail and in the e-mail", async () => {
    const requester = await createTenant(t, { name: "Block Co" });
    const id = await requestSender(requester, { name: "Blocked1" });
    for (const payload of [{}, { reason: "   " }, { reason: "x".repeat(501) }]) {
      const res = await call(admin, "POST", `/admin/senders/${id}/block`, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details[0].path).toBe("reason");
    }
    const res = await call(admin, "POST", `/admin/senders/${id}/block`, {
      reason: "The registration document is expired.",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      status: "blocked",
      decision_reason: "The registration document is expired.",
    });
    const list = (await call(requester.headers, "GET", "/c/senders?status=blocked")).json().data.entities;
    expect(list).toMatchObject([{ id, decision_reason: "The registration document is expired." }]);
    const again = await call(admin, "POST", `/admin/senders/${id}/approve`, {});
    expect(again.statusCode).toBe(409);
    await t.jobs.drain();
    const mails = await mailsTo(requester.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain("Blocked1");
    expect(mails[0]?.text).toContain("The registration document is expired.");
    expect(mails[0]?.text).toContain("เหตุผล");
  });

  it("cannot decide the shared default sender or a missing one", async () => {
    expect((await call(admin, "POST", `/admin/senders/${sharedId}/block`, { reason: "x" })).statusCode).toBe(
      409,
    );
    expect((await call(admin, "POST", "/admin/senders/999999/approve", {})).statusCode).toBe(404);
    expect((await call(admin, "POST", "/admin/senders/999999/block", { reason: "x" })).statusCode).toBe(404);
  });
});
