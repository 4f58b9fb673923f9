import { schema } from "@sms/db";
import { MEMBER_ROLE } from "@sms/domain";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, createTenant, expectCrossTenant404, type TestTenant } from "../../test/tenants.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";

let t: TestContext;
let owner: TestTenant;
let other: TestTenant;
let member: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createTenant(t, { name: "Contacts Co" });
  other = await createTenant(t, { name: "Other Co" });
  // A plain member (role 1) of the owner's organization, working in it by default.
  member = await createTenant(t, { name: "Member" });
  await addMember(t, owner.organizationId, member.userId, MEMBER_ROLE.member);
  await t.db
    .update(schema.users)
    .set({ defaultOrganizationId: owner.organizationId })
    .where(eq(schema.users.id, member.userId));
});
afterAll(() => t?.close());

type Method = "GET" | "POST" | "PATCH" | "DELETE";

function call(
  caller: Pick<TestTenant, "headers">,
  method: Method,
  url: string,
  payload?: object,
  locale = "en",
) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...caller.headers, "accept-language": locale },
    ...(payload ? { payload } : {}),
  });
}

let groupSequence = 0;
async function group(caller: TestTenant = owner, name?: string): Promise<number> {
  groupSequence += 1;
  const res = await call(caller, "POST", "/c/contact-groups", { name: name ?? `Group ${groupSequence}` });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

async function contact(groupId: number, body: object, caller: TestTenant = owner): Promise<number> {
  const res = await call(caller, "POST", `/c/contact-groups/${groupId}/contacts`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

async function countOf(groupId: number): Promise<number> {
  return (await call(owner, "GET", `/c/contact-groups/${groupId}`)).json().data.contact_count;
}

describe("contact groups", () => {
  it("creates, reads, renames and lists a group with its count", async () => {
    const created = await call(owner, "POST", "/c/contact-groups", {
      name: "  ลูกค้า VIP  ",
      contact_count: 99,
      organization_id: other.organizationId,
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json().data;
    expect(created.json().data).toMatchObject({ name: "ลูกค้า VIP", contact_count: 0 });

    const renamed = await call(owner, "PATCH", `/c/contact-groups/${id}`, { name: "VIP customers" });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.name).toBe("VIP customers");

    const list = await call(owner, "GET", "/c/contact-groups?search=vip");
    expect(list.statusCode).toBe(200);
    expect(list.json().data.entities).toEqual([expect.objectContaining({ id, name: "VIP customers" })]);
    expect(list.json().data.page_information).toMatchObject({ total_item: 1, limit: 5 });
    // Nothing leaks into another organization's list.
    const others = await call(other, "GET", "/c/contact-groups");
    expect(others.json().data.entities).toEqual([]);
  });

  it("refuses a name another group of the organization has, in any case, with a translated 409", async () => {
    await group(owner, "Duplicates");
    const again = await call(owner, "POST", "/c/contact-groups", { name: "DUPLICATES" }, "th");
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: "CONFLICT",
      message: "มีกลุ่มชื่อนี้อยู่แล้ว กรุณาใช้ชื่ออื่น",
      details: [{ path: "name", message: "มีกลุ่มชื่อนี้อยู่แล้ว กรุณาใช้ชื่ออื่น" }],
    });
    const second = await group(owner, "Second");
    const rename = await call(owner, "PATCH", `/c/contact-groups/${second}`, { name: "duplicates" });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().error.message).toBe(
      "A group with this name already exists. Please choose another name.",
    );
    // Another organization may use the same name.
    await group(other, "Duplicates");
  });

  it("validates the name", async () => {
    const empty = await call(owner, "POST", "/c/contact-groups", { name: "   " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.details).toEqual([{ path: "name", message: "Please enter the group's name." }]);
    const long = await call(owner, "POST", "/c/contact-groups", { name: "x".repeat(101) });
    expect(long.json().error.details[0].message).toBe("Please use at most 100 characters.");
  });

  it("sorts by name and by contact count, and refuses other sort keys", async () => {
    const prefix = `Sort${Date.now()}`;
    const a = await group(owner, `${prefix} a`);
    const b = await group(owner, `${prefix} b`);
    await contact(a, { first_name: "A", phone_number: "0811111111" });
    await contact(a, { first_name: "B", phone_number: "0811111112" });
    await contact(b, { first_name: "C", phone_number: "0811111113" });
    const byName = await call(owner, "GET", `/c/contact-groups?search=${prefix}&sort=name&reverse=true`);
    expect(byName.json().data.entities.map((g: { id: number }) => g.id)).toEqual([b, a]);
    const byCount = await call(owner, "GET", `/c/contact-groups?search=${prefix}&sort=contact_count`);
    expect(byCount.json().data.entities.map((g: { contact_count: number }) => g.contact_count)).toEqual([
      1, 2,
    ]);
    const newest = await call(owner, "GET", `/c/contact-groups?search=${prefix}`);
    expect(newest.json().data.entities.map((g: { id: number }) => g.id)).toEqual([b, a]);
    expect((await call(owner, "GET", "/c/contact-groups?sort=organization_id")).statusCode).toBe(400);
  });

  it("deletes a group with its contacts", async () => {
    const id = await group();
    const contactId = await contact(id, { first_name: "Gone", phone_number: "0899999999" });
    const res = await call(owner, "DELETE", `/c/contact-groups/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id });
    expect((await call(owner, "GET", `/c/contact-groups/${id}`)).statusCode).toBe(404);
    const rows = await t.db.select().from(schema.contacts).where(eq(schema.contacts.id, contactId));
    expect(rows).toEqual([]);
  });

  it("lets a plain member (role 1) manage groups and contacts", async () => {
    const id = await group(member);
    await contact(id, { first_name: "By", last_name: "Member", phone_number: "0812222222" }, member);
    expect((await call(member, "GET", `/c/contact-groups/${id}/contacts`)).json().data.entities).toHaveLength(
      1,
    );
    // The group belongs to the organization, so the owner sees it too.
    expect((await call(owner, "GET", `/c/contact-groups/${id}`)).statusCode).toBe(200);
  });

  it("answers 401 without a session", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/v1/c/contact-groups" });
    expect(res.statusCode).toBe(401);
  });
});

describe("contacts", () => {
  it("stores the number in the 66 form and answers it in the local form", async () => {
    const id = await group();
    const res = await call(owner, "POST", `/c/contact-groups/${id}/contacts`, {
      first_name: "สมชาย",
      last_name: "ใจดี",
      phone_number: "+66 81-234-5678",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      group_id: id,
      first_name: "สมชาย",
      last_name: "ใจดี",
      phone_number: "0812345678",
    });
    const [row] = await t.db.select().from(schema.contacts).where(eq(schema.contacts.id, res.json().data.id));
    expect(row?.phoneNumber).toBe("66812345678");
    expect(row?.organizationId).toBe(owner.organizationId);
    const got = await call(owner, "GET", `/c/contacts/${res.json().data.id}`);
    expect(got.json().data.phone_number).toBe("0812345678");
  });

  it("refuses an invalid number with the spec's message, in Thai too", async () => {
    const id = await group();
    for (const phone of ["021234567", "081234567", "12345", "0712345678", ""]) {
      const res = await call(owner, "POST", `/c/contact-groups/${id}/contacts`, {
        first_name: "A",
        phone_number: phone,
      });
      expect(res.statusCode, phone).toBe(400);
      expect(res.json().error.details, phone).toEqual([
        { path: "phone_number", message: "The recipient is invalid" },
      ]);
    }
    const th = await call(
      owner,
      "POST",
      `/c/contact-groups/${id}/contacts`,
      { first_name: "A", phone_number: "1" },
      "th",
    );
    expect(th.json().error.details[0].message).toBe("หมายเลขผู้รับไม่ถูกต้อง");
  });

  it("adds a contact without a name, as an import does (review D25), and refuses markup in names", async () => {
    const id = await group();
    const empty = await call(owner, "POST", `/c/contact-groups/${id}/contacts`, {
      first_name: " ",
      phone_number: "0812345678",
    });
    expect(empty.statusCode, empty.body).toBe(201);
    expect(empty.json().data).toMatchObject({ first_name: "", last_name: "", phone_number: "0812345678" });
    const markup = await call(owner, "POST", `/c/contact-groups/${id}/contacts`, {
      first_name: "<script>",
      phone_number: "0812345678",
    });
    expect(markup.statusCode).toBe(400);
    expect(markup.json().error.details[0].path).toBe("first_name");
  });

  it("refuses a number already in the group, in any form, with a translated 409; another group may have it", async () => {
    const id = await group();
    const first = await contact(id, { first_name: "A", phone_number: "0812345678" });
    const again = await call(owner, "POST", `/c/contact-groups/${id}/contacts`, {
      first_name: "B",
      phone_number: "66812345678",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: "CONFLICT",
      message: "This number is already in the group.",
      details: [{ path: "phone_number", message: "This number is already in the group." }],
    });
    await contact(await group(), { first_name: "A", phone_number: "0812345678" });

    const second = await contact(id, { first_name: "C", phone_number: "0912345678" });
    const clash = await call(owner, "PATCH", `/c/contacts/${second}`, { phone_number: "0812345678" }, "th");
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.message).toBe("หมายเลขนี้มีอยู่ในกลุ่มแล้ว");
    expect((await call(owner, "GET", `/c/contacts/${first}`)).json().data.first_name).toBe("A");
  });

  it("edits the fields given and keeps the others", async () => {
    const id = await group();
    const contactId = await contact(id, { first_name: "Old", last_name: "Name", phone_number: "0811111111" });
    const res = await call(owner, "PATCH", `/c/contacts/${contactId}`, {
      first_name: "New",
      group_id: 999,
      organization_id: other.organizationId,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      first_name: "New",
      last_name: "Name",
      phone_number: "0811111111",
      group_id: id,
    });
    const phone = await call(owner, "PATCH", `/c/contacts/${contactId}`, { phone_number: "+66922222222" });
    expect(phone.json().data.phone_number).toBe("0922222222");
    const bad = await call(owner, "PATCH", `/c/contacts/${contactId}`, { phone_number: "0222222222" });
    expect(bad.statusCode).toBe(400);
  });

  it("keeps the group's count with each add and delete", async () => {
    const id = await group();
    const ids = [];
    for (let i = 0; i < 5; i++)
      ids.push(await contact(id, { first_name: `P${i}`, phone_number: `081000000${i}` }));
    expect(await countOf(id)).toBe(5);
    expect((await call(owner, "DELETE", `/c/contacts/${ids[0]}`)).statusCode).toBe(200);
    expect(await countOf(id)).toBe(4);
    expect((await call(owner, "DELETE", `/c/contacts/${ids[0]}`)).statusCode).toBe(404);
    const bulk = await call(owner, "POST", `/c/contact-groups/${id}/contacts/delete`, {
      ids: [ids[1], ids[2]],
    });
    expect(bulk.json().data).toEqual({ deleted: 2 });
    expect(await countOf(id)).toBe(2);
    const page = await call(owner, "GET", `/c/contact-groups/${id}/contacts`);
    expect(page.json().data.page_information.total_item).toBe(2);
  });

  it("bulk delete touches only the group's own contacts and caps the selection", async () => {
    const id = await group();
    const elsewhere = await group();
    const mine = await contact(id, { first_name: "Mine", phone_number: "0811111111" });
    const kept = await contact(elsewhere, { first_name: "Other group", phone_number: "0811111112" });
    const otherGroup = await group(other);
    const theirs = await contact(otherGroup, { first_name: "Theirs", phone_number: "0811111113" }, other);
    const res = await call(owner, "POST", `/c/contact-groups/${id}/contacts/delete`, {
      ids: [mine, kept, theirs],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ deleted: 1 });
    expect((await call(owner, "GET", `/c/contacts/${kept}`)).statusCode).toBe(200);
    expect((await call(other, "GET", `/c/contacts/${theirs}`)).statusCode).toBe(200);

    const none = await call(owner, "POST", `/c/contact-groups/${id}/contacts/delete`, { ids: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.details[0].message).toBe("Please select the contacts to delete.");
    const many = Array.from({ length: 1001 }, (_, i) => i + 1);
    const tooMany = await call(owner, "POST", `/c/contact-groups/${id}/contacts/delete`, { ids: many });
    expect(tooMany.json().error.details[0].message).toBe("Please delete at most 1,000 contacts at a time.");
  });
});

describe("the contacts table", () => {
  let id: number;
  /** Created in this order, a few ms apart so created_at orders them. */
  const people = [
    { first_name: "Somchai", last_name: "Jaidee", phone_number: "0812345678" },
    { first_name: "Somsri", last_name: "Rakdee", phone_number: "0891111111" },
    { first_name: "Anan", last_name: "Boonmee", phone_number: "0612222222" },
    { first_name: "มานี", last_name: "มีนา", phone_number: "0813333333" },
    { first_name: "Wichai", last_name: "100%_sure", phone_number: "0924444444" },
  ];
  const names = (res: { json: () => { data: { entities: { first_name: string }[] } } }) =>
    res.json().data.entities.map((c) => c.first_name);

  beforeAll(async () => {
    id = await group();
    for (const person of people) {
      await contact(id, person);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  });

  const list = (query = "") => call(owner, "GET", `/c/contact-groups/${id}/contacts${query}`);

  it("is newest first by default with the spec's page information", async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    expect(names(res)).toEqual(["Wichai", "มานี", "Anan", "Somsri", "Somchai"]);
    expect(res.json().data.page_information).toEqual({
      page: 1,
      size: 10,
      total_item: 5,
      total_pages: 1,
      limit: 5,
    });
  });

  it("sorts by name, phone number and created_at both ways", async () => {
    expect(names(await list("?sort=name"))).toEqual(["Anan", "Somchai", "Somsri", "Wichai", "มานี"]);
    expect(names(await list("?sort=name&reverse=true"))).toEqual([
      "มานี",
      "Wichai",
      "Somsri",
      "Somchai",
      "Anan",
    ]);
    expect(names(await list("?sort=phone_number"))).toEqual(["Anan", "Somchai", "มานี", "Somsri", "Wichai"]);
    expect(names(await list("?sort=phone_number&reverse=true"))).toEqual([
      "Wichai",
      "Somsri",
      "มานี",
      "Somchai",
      "Anan",
    ]);
    expect(names(await list("?sort=created_at"))).toEqual(["Somchai", "Somsri", "Anan", "มานี", "Wichai"]);
    expect((await list("?sort=first_name")).statusCode).toBe(400);
  });

  it("pages, reading pages past the middle from the other end in the same order", async () => {
    const pages = [];
    for (let page = 1; page <= 3; page++) pages.push(...names(await list(`?size=2&page=${page}`)));
    expect(pages).toEqual(["Wichai", "มานี", "Anan", "Somsri", "Somchai"]);
    const byPhone = [];
    for (let page = 1; page <= 3; page++)
      byPhone.push(...names(await list(`?size=2&page=${page}&sort=phone_number`)));
    expect(byPhone).toEqual(["Anan", "Somchai", "มานี", "Somsri", "Wichai"]);
    const last = await list("?size=2&page=3");
    expect(last.json().data.page_information).toMatchObject({ page: 3, total_pages: 3, total_item: 5 });
    const past = await list("?size=2&page=9");
    expect(past.json().data.entities).toEqual([]);
    expect(past.json().data.page_information.total_item).toBe(5);
  });

  it.each([
    ["081", ["มานี", "Somchai"]],
    ["0812", ["Somchai"]],
    ["081-234", ["Somchai"]],
    ["66812", ["Somchai"]],
    ["+6681", ["มานี", "Somchai"]],
    ["+66 89", ["Somsri"]],
    ["812345678", ["Somchai"]],
    ["06", ["Anan"]],
    ["0700", []],
  ])("finds numbers typed as %j", async (search, expected) => {
    const res = await list(`?search=${encodeURIComponent(search)}`);
    expect(names(res)).toEqual(expected);
    expect(res.json().data.page_information.total_item).toBe(expected.length);
  });

  it.each([
    ["som", ["Somsri", "Somchai"]],
    ["JAIDEE", ["Somchai"]],
    ["chai jai", ["Somchai"]],
    ["มานี", ["มานี"]],
    ["100%", ["Wichai"]],
    ["%", ["Wichai"]],
    ["_", ["Wichai"]],
    ["nobody", []],
  ])("finds names containing %j, case-insensitively", async (search, expected) => {
    const res = await list(`?search=${encodeURIComponent(search)}`);
    expect(names(res)).toEqual(expected);
    expect(res.json().data.page_information.total_item).toBe(expected.length);
  });
});

describe("a larger group", () => {
  it("counts and pages a name search with more matches than are read at once", async () => {
    const id = await group();
    // 3,600 contacts, one second apart; every third one (1,200) is a "Somchai".
    await t.db.execute(sql`
      insert into contacts (organization_id, group_id, first_name, last_name, phone_number, created_at)
      select ${owner.organizationId}, ${id}, case when i % 3 = 0 then 'Somchai' else 'Anan' end || i, 'Test',
        '668' || lpad(i::text, 8, '0'), timestamptz '2026-01-01' + make_interval(secs => i)
      from generate_series(1, 3600) as i`);
    expect(await countOf(id)).toBe(3600);
    const first = await call(owner, "GET", `/c/contact-groups/${id}/contacts?search=somCHAI&size=100`);
    expect(first.json().data.page_information).toMatchObject({ total_item: 1200, total_pages: 12 });
    const names = (res: typeof first) =>
      res.json().data.entities.map((c: { first_name: string }) => c.first_name);
    expect(names(first).slice(0, 2)).toEqual(["Somchai3600", "Somchai3597"]);
    // The last page is read from the other end and still comes newest first.
    const last = await call(owner, "GET", `/c/contact-groups/${id}/contacts?search=somchai&size=100&page=12`);
    expect(names(last).slice(-2)).toEqual(["Somchai6", "Somchai3"]);
    // The unfiltered list takes its total from the group's count.
    const all = await call(owner, "GET", `/c/contact-groups/${id}/contacts?page=36&size=100`);
    expect(all.json().data.page_information.total_item).toBe(3600);
    expect(names(all).at(-1)).toBe("Anan1");
  });
});

describe("tenant isolation", () => {
  it("answers 404 for another organization's groups and contacts on every route", async () => {
    const theirGroup = await group(other);
    const theirContact = await contact(
      theirGroup,
      { first_name: "Theirs", phone_number: "0815555555" },
      other,
    );
    await expectCrossTenant404(t, owner, [
      { method: "GET", url: `/api/v1/c/contact-groups/${theirGroup}` },
      { method: "PATCH", url: `/api/v1/c/contact-groups/${theirGroup}`, payload: { name: "Mine now" } },
      { method: "DELETE", url: `/api/v1/c/contact-groups/${theirGroup}` },
      { method: "GET", url: `/api/v1/c/contact-groups/${theirGroup}/contacts` },
      {
        method: "POST",
        url: `/api/v1/c/contact-groups/${theirGroup}/contacts`,
        payload: { first_name: "Intruder", phone_number: "0816666666" },
      },
      {
        method: "POST",
        url: `/api/v1/c/contact-groups/${theirGroup}/contacts/delete`,
        payload: { ids: [theirContact] },
      },
      { method: "GET", url: `/api/v1/c/contact-groups/${theirGroup}/export?format=csv` },
      { method: "GET", url: `/api/v1/c/contact-groups/${theirGroup}/export?format=xlsx` },
      { method: "GET", url: `/api/v1/c/contacts/${theirContact}` },
      { method: "PATCH", url: `/api/v1/c/contacts/${theirContact}`, payload: { first_name: "Changed" } },
      { method: "DELETE", url: `/api/v1/c/contacts/${theirContact}` },
    ]);
    // Nothing of theirs changed.
    const still = await call(other, "GET", `/c/contacts/${theirContact}`);
    expect(still.json().data.first_name).toBe("Theirs");
    const theirs = await call(other, "GET", `/c/contact-groups/${theirGroup}`);
    expect(theirs.json().data).toMatchObject({ contact_count: 1, name: expect.stringMatching(/^Group /) });
  });
});
