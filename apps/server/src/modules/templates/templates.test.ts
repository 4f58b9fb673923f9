import { schema } from "@sms/db";
import { MEMBER_ROLE } from "@sms/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addMember,
  createTenant,
  expectCrossTenant404,
  signIn,
  type TestTenant,
} from "../../test/tenants.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";

let t: TestContext;
let owner: TestTenant;
let other: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createTenant(t, { name: "Template Co" });
  other = await createTenant(t, { name: "Other Co" });
});
afterAll(() => t?.close());

type Method = "GET" | "POST" | "PATCH" | "DELETE";

function call(headers: Record<string, string>, method: Method, url: string, payload?: object, locale = "en") {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...headers, "accept-language": locale },
    ...(payload ? { payload } : {}),
  });
}

async function create(caller: Pick<TestTenant, "headers">, body: object): Promise<number> {
  const res = await call(caller.headers, "POST", "/c/templates", body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

const later = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("POST /c/templates", () => {
  it("creates a template, on by default, with both times set", async () => {
    const res = await call(owner.headers, "POST", "/c/templates", {
      name: "  Welcome ",
      message: "สวัสดี {first_name} {last_name} เบอร์ {phone_number}\n",
      organization_id: other.organizationId,
    });
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      name: "Welcome",
      message: "สวัสดี {first_name} {last_name} เบอร์ {phone_number}",
      enabled: true,
    });
    expect(data.created_at).toBe(data.updated_at);
    const [row] = await t.db.select().from(schema.smsTemplates).where(eq(schema.smsTemplates.id, data.id));
    // The body's organization_id is stripped: the template belongs to the caller's organization.
    expect(row).toMatchObject({ organizationId: owner.organizationId, createdBy: owner.userId });
  });

  it("can create a template that is off", async () => {
    const id = await create(owner, { name: "Draft", message: "Soon", enabled: false });
    expect((await call(owner.headers, "GET", `/c/templates/${id}`)).json().data.enabled).toBe(false);
  });

  it("refuses a missing name or message with translated messages", async () => {
    const res = await call(owner.headers, "POST", "/c/templates", { name: " ", message: "" }, "th");
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([
      { path: "name", message: "กรุณากรอกชื่อเทมเพลต" },
      { path: "message", message: "กรุณากรอกข้อความ" },
    ]);
  });

  it("caps the name at 100 and the message at 1,000 characters", async () => {
    const long = await call(owner.headers, "POST", "/c/templates", {
      name: "n".repeat(101),
      message: "a".repeat(1001),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.details).toEqual([
      { path: "name", message: "Please keep the template name within 100 characters." },
      { path: "message", message: "Please keep the message within 1,000 characters." },
    ]);
    await create(owner, { name: "n".repeat(100), message: "ก".repeat(1000) });
  });

  it("refuses a placeholder that is not a tag, in the caller's language", async () => {
    for (const [locale, text] of [
      ["en", "The message has a tag that does not exist."],
      ["th", "ข้อความมีแท็กที่ไม่มีในระบบ"],
    ] as const) {
      const res = await call(
        owner.headers,
        "POST",
        "/c/templates",
        { name: "x", message: "Hi {firstname}" },
        locale,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toEqual([{ path: "message", message: expect.stringContaining(text) }]);
    }
  });
});

describe("GET /c/templates", () => {
  let lister: TestTenant;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    lister = await createTenant(t, { name: "Lister" });
    for (const [name, enabled] of [
      ["Bravo promo", true],
      ["alpha 100% off", false],
      ["Charlie news", true],
    ] as const) {
      ids[name] = await create(lister, { name, message: `${name}: ${"x".repeat(200)}`, enabled });
      await later();
    }
    await create(other, { name: "Bravo elsewhere", message: "not yours" });
  });

  const names = (res: { json: () => { data: { entities: { name: string }[] } } }) =>
    res.json().data.entities.map((e) => e.name);

  it("lists only the organization's templates, newest first, with an excerpt of each message", async () => {
    const res = await call(lister.headers, "GET", "/c/templates");
    expect(res.statusCode).toBe(200);
    expect(names(res)).toEqual(["Charlie news", "alpha 100% off", "Bravo promo"]);
    const [first] = res.json().data.entities;
    expect(first).toMatchObject({ enabled: true, message_length: 214 });
    expect(first.message).toBeUndefined();
    expect(first.message_excerpt).toBe(`Charlie news: ${"x".repeat(66)}…`);
    expect(res.json().data.page_information).toMatchObject({ page: 1, total_item: 3, limit: 5 });
  });

  it("sorts by name or by last change", async () => {
    const byName = await call(lister.headers, "GET", "/c/templates?sort=name");
    // PostgreSQL's collation, not byte order: PGlite and PostgreSQL may differ on case.
    expect(names(byName)).toHaveLength(3);
    expect(names(byName).map((n) => n.toLowerCase())).toEqual([
      "alpha 100% off",
      "bravo promo",
      "charlie news",
    ]);
    await later();
    await call(lister.headers, "PATCH", `/c/templates/${ids["Bravo promo"]}`, { enabled: true });
    const byChange = await call(lister.headers, "GET", "/c/templates?sort=updated_at&reverse=true");
    expect(names(byChange)[0]).toBe("Bravo promo");
    const bad = await call(lister.headers, "GET", "/c/templates?sort=message");
    expect(bad.statusCode).toBe(400);
  });

  it("searches the name, wildcards taken literally, and filters on or off", async () => {
    expect(names(await call(lister.headers, "GET", "/c/templates?search=BRAVO"))).toEqual(["Bravo promo"]);
    expect(names(await call(lister.headers, "GET", "/c/templates?search=100%25"))).toEqual([
      "alpha 100% off",
    ]);
    expect(names(await call(lister.headers, "GET", "/c/templates?search=%25"))).toEqual(["alpha 100% off"]);
    expect(names(await call(lister.headers, "GET", "/c/templates?enabled=false"))).toEqual([
      "alpha 100% off",
    ]);
    expect(names(await call(lister.headers, "GET", "/c/templates?enabled=true&search=news"))).toEqual([
      "Charlie news",
    ]);
    const bad = await call(lister.headers, "GET", "/c/templates?enabled=maybe");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].message).toBe("The status must be on (true) or off (false).");
  });
});

describe("PATCH /c/templates/{id}", () => {
  it("toggles the template off and on, moving updated_at each time", async () => {
    const id = await create(owner, { name: "Toggle", message: "Hello" });
    const created = (await call(owner.headers, "GET", `/c/templates/${id}`)).json().data;
    await later();
    const off = await call(owner.headers, "PATCH", `/c/templates/${id}`, { enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ enabled: false, name: "Toggle", message: "Hello" });
    expect(off.json().data.created_at).toBe(created.created_at);
    expect(Date.parse(off.json().data.updated_at)).toBeGreaterThan(Date.parse(created.updated_at));
    await later();
    const on = await call(owner.headers, "PATCH", `/c/templates/${id}`, { enabled: true });
    expect(on.json().data.enabled).toBe(true);
    expect(Date.parse(on.json().data.updated_at)).toBeGreaterThan(Date.parse(off.json().data.updated_at));
  });

  it("changes the name and message, leaving what is not sent", async () => {
    const id = await create(owner, { name: "Old", message: "Old text", enabled: false });
    const before = (await call(owner.headers, "GET", `/c/templates/${id}`)).json().data;
    await later();
    const res = await call(owner.headers, "PATCH", `/c/templates/${id}`, {
      name: "New",
      message: "Dear {first_name}",
    });
    expect(res.json().data).toMatchObject({ name: "New", message: "Dear {first_name}", enabled: false });
    expect(Date.parse(res.json().data.updated_at)).toBeGreaterThan(Date.parse(before.updated_at));
    const stored = (await call(owner.headers, "GET", `/c/templates/${id}`)).json().data;
    expect(stored).toEqual(res.json().data);
  });

  it("refuses an empty change, a bad status and an unknown tag, and changes nothing", async () => {
    const id = await create(owner, { name: "Keep", message: "Keep me" });
    const before = (await call(owner.headers, "GET", `/c/templates/${id}`)).json().data;
    for (const [body, message] of [
      [{}, "Please change the name, the message or the status."],
      [{ enabled: "off" }, "The status must be on (true) or off (false)."],
      [{ message: "{nick}" }, expect.stringContaining("tag that does not exist")],
      [{ name: "" }, "Please enter the template name."],
    ] as const) {
      const res = await call(owner.headers, "PATCH", `/c/templates/${id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.details[0].message).toEqual(message);
    }
    expect((await call(owner.headers, "GET", `/c/templates/${id}`)).json().data).toEqual(before);
  });
});

describe("DELETE /c/templates/{id}", () => {
  it("deletes the template; it is gone afterwards", async () => {
    const id = await create(owner, { name: "Bye", message: "Bye" });
    const res = await call(owner.headers, "DELETE", `/c/templates/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id });
    expect((await call(owner.headers, "GET", `/c/templates/${id}`)).statusCode).toBe(404);
    expect((await call(owner.headers, "DELETE", `/c/templates/${id}`)).statusCode).toBe(404);
  });
});

describe("tenant isolation", () => {
  it("answers 404 for another organization's template on every id route and leaves it untouched", async () => {
    const id = await create(other, { name: "Theirs", message: "Private {first_name}" });
    const before = (await call(other.headers, "GET", `/c/templates/${id}`)).json().data;
    await expectCrossTenant404(t, owner, [
      { method: "GET", url: `/api/v1/c/templates/${id}` },
      { method: "PATCH", url: `/api/v1/c/templates/${id}`, payload: { enabled: false, name: "Mine now" } },
      { method: "DELETE", url: `/api/v1/c/templates/${id}` },
    ]);
    expect((await call(other.headers, "GET", `/c/templates/${id}`)).json().data).toEqual(before);
  });
});

describe("who may manage templates", () => {
  it("any member role manages the organization's templates, whoever created them", async () => {
    const member = await createTenant(t, { name: "Member Home" });
    await addMember(t, owner.organizationId, member.userId, MEMBER_ROLE.member);
    await t.db
      .update(schema.users)
      .set({ defaultOrganizationId: owner.organizationId })
      .where(eq(schema.users.id, member.userId));
    const headers = { authorization: `Bearer ${await signIn(t, member.email, member.password)}` };
    const ownersId = await create(owner, { name: "By owner", message: "Hi" });
    const listed = await call(headers, "GET", "/c/templates?search=By%20owner");
    expect(listed.json().data.entities.map((e: { id: number }) => e.id)).toEqual([ownersId]);
    expect((await call(headers, "PATCH", `/c/templates/${ownersId}`, { enabled: false })).statusCode).toBe(
      200,
    );
    const made = await create({ headers }, { name: "By member", message: "Hello" });
    expect((await call(owner.headers, "GET", `/c/templates/${made}`)).statusCode).toBe(200);

    // Removed from the organization: no access any more (its templates stay with the organization).
    await t.db
      .delete(schema.members)
      .where(
        and(
          eq(schema.members.organizationId, owner.organizationId),
          eq(schema.members.userId, member.userId),
        ),
      );
    const after = await call(headers, "GET", `/c/templates/${made}`);
    expect([403, 404]).toContain(after.statusCode);
    expect((await call(owner.headers, "GET", `/c/templates/${made}`)).statusCode).toBe(200);
  });

  it("needs a signed-in caller", async () => {
    expect((await call({}, "GET", "/c/templates")).statusCode).toBe(401);
    expect((await call({}, "POST", "/c/templates", { name: "x", message: "y" })).statusCode).toBe(401);
  });
});
