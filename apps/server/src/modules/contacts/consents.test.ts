import { schema } from "@sms/db";
import { CONSENT_KINDS, CONSENT_SOURCES, DEFAULT_CONSENT_WORDING } from "@sms/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTenant, expectCrossTenant404, type TestTenant } from "../../test/tenants.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";

let t: TestContext;
let owner: TestTenant;
let other: TestTenant;
let groupId: number;

const call = (
  caller: TestTenant,
  method: "GET" | "POST" | "PATCH" | "PUT",
  url: string,
  payload?: object,
  locale = "en",
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...caller.headers, "accept-language": locale },
    ...(payload ? { payload } : {}),
  });

beforeAll(async () => {
  t = await createTestApp();
  owner = await createTenant(t, { name: "Consent Co" });
  other = await createTenant(t, { name: "Other Co" });
  const res = await call(owner, "POST", "/c/contact-groups", { name: "Customers" });
  groupId = res.json().data.id;
});
afterAll(() => t?.close());

async function addContact(body: object): Promise<number> {
  const res = await call(owner, "POST", `/c/contact-groups/${groupId}/contacts`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

const history = async (id: number, caller = owner) => call(caller, "GET", `/c/contacts/${id}/consents`);

describe("consent history (ADR 94)", () => {
  it("has the database's kinds and sources", () => {
    expect(CONSENT_KINDS).toEqual(schema.CONSENT_KINDS);
    expect(CONSENT_SOURCES).toEqual(schema.CONSENT_SOURCES);
  });

  it("records the opt-in of a contact added by the form with the text agreed, and by another caller as api", async () => {
    const byForm = await addContact({
      phone_number: "0813000001",
      consent_source: "form",
      consent_statement: "Member sign-up form v3: news and offers by SMS",
    });
    const res = await history(byForm);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject([
      { kind: "opt_in", source: "form", statement: "Member sign-up form v3: news and offers by SMS" },
    ]);
    const byApi = await addContact({ phone_number: "0813000002" });
    expect((await history(byApi)).json().data).toMatchObject([
      { kind: "opt_in", source: "api", statement: DEFAULT_CONSENT_WORDING, version: 1 },
    ]);
  });

  it("shows the number's opt-outs after its opt-in, newest first, from the suppression list", async () => {
    const id = await addContact({
      phone_number: "0813000003",
      consent_source: "form",
      consent_statement: "v1",
    });
    const added = await call(owner, "POST", "/c/suppressions", { numbers: "0813000003" });
    expect(added.statusCode, added.body).toBe(200);
    const entries = (await history(id)).json().data as { kind: string; source: string }[];
    expect(entries.map((e) => [e.kind, e.source])).toEqual([
      ["opt_out", "manual"],
      ["opt_in", "form"],
    ]);
  });

  it("records the new number's opt-in when a contact's number is changed, and nothing when it is not", async () => {
    const id = await addContact({
      phone_number: "0813000007",
      consent_source: "form",
      consent_statement: "v1",
    });
    // The names change: the number's history stays as it was.
    const renamed = await call(owner, "PATCH", `/c/contacts/${id}`, {
      first_name: "Malee",
      phone_number: "0813000007",
      consent_source: "form",
      consent_statement: "ignored: the number did not change",
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await history(id)).json().data).toMatchObject([
      { kind: "opt_in", source: "form", statement: "v1" },
    ]);
    // A new number is a new person's consent: the form's, with what they agreed to.
    const moved = await call(owner, "PATCH", `/c/contacts/${id}`, {
      phone_number: "0813000008",
      consent_source: "form",
      consent_statement: "Phoned in: offers by SMS, v2",
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await history(id)).json().data).toMatchObject([
      { kind: "opt_in", source: "form", statement: "Phoned in: offers by SMS, v2" },
    ]);
    // Another caller that changes the number records an api opt-in; the old number keeps its history.
    const byApi = await call(owner, "PATCH", `/c/contacts/${id}`, { phone_number: "0813000009" });
    expect(byApi.statusCode, byApi.body).toBe(200);
    expect((await history(id)).json().data).toMatchObject([
      { kind: "opt_in", source: "api", statement: DEFAULT_CONSENT_WORDING, version: 1 },
    ]);
    const old = await addContact({
      phone_number: "0813000007",
      consent_source: "form",
      consent_statement: "v1",
    });
    expect(((await history(old)).json().data as unknown[]).length).toBe(2);
    // A number taken in the group is refused and records nothing.
    const taken = await call(owner, "PATCH", `/c/contacts/${id}`, { phone_number: "0813000007" });
    expect(taken.statusCode).toBe(409);
    expect(((await history(old)).json().data as unknown[]).length).toBe(2);
  });

  it("keeps the history by number within the organization: another organization's same number is apart", async () => {
    const otherGroup = (await call(other, "POST", "/c/contact-groups", { name: "Theirs" })).json().data.id;
    const theirs = await call(other, "POST", `/c/contact-groups/${otherGroup}/contacts`, {
      phone_number: "0813000001",
    });
    expect(theirs.statusCode, theirs.body).toBe(201);
    const entries = (await history(theirs.json().data.id, other)).json().data;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ source: "api" });
  });

  it("answers another organization's contact id with 404", async () => {
    const id = await addContact({ phone_number: "0813000004" });
    await expectCrossTenant404(t, other, [{ method: "GET", url: `/api/v1/c/contacts/${id}/consents` }]);
  });

  it("exports the organization's records for a PDPA audit, newest first, formulas defused, in the caller's language", async () => {
    await addContact({
      phone_number: "0813000006",
      consent_source: "form",
      consent_statement: "=HYPERLINK(1)",
    });
    const res = await call(owner, "GET", "/c/consents/export?format=csv");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.headers["content-disposition"]).toContain("consents.csv");
    const lines = res.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe("Phone number,Consent,Source,Text agreed,Consent wording version,Recorded at");
    expect(lines[1]).toMatch(/^0813000006,Opted in,Contact form,'=HYPERLINK\(1\),,/);
    expect(
      lines.some((line) =>
        line.startsWith("0813000003,Opted out,Added to the suppression list by a member,"),
      ),
    ).toBe(true);
    // The other organization's record of 0813000001 is not in this organization's file.
    expect(lines.filter((line) => line.startsWith("0813000001,"))).toHaveLength(1);
    const th = await call(owner, "GET", "/c/consents/export", undefined, "th");
    expect(th.body).toContain("ยินยอมรับข้อความ");
    const xlsx = await call(owner, "GET", "/c/consents/export?format=xlsx");
    expect(xlsx.headers["content-type"]).toContain("spreadsheetml");
    expect((await call(owner, "GET", "/c/consents/export?format=pdf")).statusCode).toBe(400);
  });

  it("refuses an unknown source and a text over 500 characters, in the caller's language", async () => {
    const bad = await call(owner, "POST", `/c/contact-groups/${groupId}/contacts`, {
      phone_number: "0813000005",
      consent_source: "fax",
      consent_statement: "x".repeat(501),
    });
    expect(bad.statusCode).toBe(400);
    const paths = (bad.json().error.details as { path: string; message: string }[]).map((d) => d.path).sort();
    expect(paths).toEqual(["consent_source", "consent_statement"]);
    const th = await call(
      owner,
      "POST",
      `/c/contact-groups/${groupId}/contacts`,
      { phone_number: "0813000005", consent_statement: "x".repeat(501) },
      "th",
    );
    expect(th.json().error.details[0].message).toBe("ข้อความความยินยอมยาวได้ไม่เกิน 500 ตัวอักษร");
  });
});

describe("every opt-in records the text agreed, with the organization's wording version (ADR 108)", () => {
  let wordingOrg: TestTenant;
  let wordingGroup: number;
  const add = async (body: object) => {
    const res = await call(wordingOrg, "POST", `/c/contact-groups/${wordingGroup}/contacts`, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as number;
  };
  const entryOf = async (id: number) => (await history(id, wordingOrg)).json().data[0];

  beforeAll(async () => {
    wordingOrg = await createTenant(t, { name: "Wording Co" });
    wordingGroup = (await call(wordingOrg, "POST", "/c/contact-groups", { name: "Members" })).json().data.id;
  });

  it("starts from the product's wording, version 1, and saves the organization's own as the next versions", async () => {
    const first = await call(wordingOrg, "GET", "/c/consent-wording");
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({
      version: 1,
      text: DEFAULT_CONSENT_WORDING,
      is_default: true,
      created_at: null,
    });
    const saved = await call(wordingOrg, "PUT", "/c/consent-wording", {
      text: "  Wording Co members: offers by SMS, stop any time  ",
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      version: 2,
      text: "Wording Co members: offers by SMS, stop any time",
      is_default: false,
    });
    // The same text again keeps the version; another organization still has the product's wording.
    const again = await call(wordingOrg, "PUT", "/c/consent-wording", {
      text: "Wording Co members: offers by SMS, stop any time",
    });
    expect(again.json().data.version).toBe(2);
    expect((await call(other, "GET", "/c/consent-wording")).json().data).toMatchObject({ version: 1 });
    // A blank wording is refused in the caller's language.
    const blank = await call(wordingOrg, "PUT", "/c/consent-wording", { text: "  " }, "th");
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.details[0]).toMatchObject({
      path: "text",
      message: "กรุณากรอกข้อความความยินยอม",
    });
  });

  it("records the current wording and its version when a caller sends no text (the API's default)", async () => {
    await call(wordingOrg, "PUT", "/c/consent-wording", { text: "Version three: news and offers" });
    const id = await add({ phone_number: "0813100001" });
    expect(await entryOf(id)).toMatchObject({
      source: "api",
      statement: "Version three: news and offers",
      version: 3,
    });
  });

  it("keeps the version of a form's unchanged prefill, and none for a text of the member's own", async () => {
    const prefilled = await add({
      phone_number: "0813100002",
      consent_source: "form",
      consent_statement: "Version three: news and offers",
    });
    expect(await entryOf(prefilled)).toMatchObject({ source: "form", version: 3 });
    // An earlier version typed word for word is that version.
    const earlier = await add({
      phone_number: "0813100003",
      consent_source: "api",
      consent_statement: "Wording Co members: offers by SMS, stop any time",
    });
    expect(await entryOf(earlier)).toMatchObject({ version: 2 });
    const own = await add({
      phone_number: "0813100004",
      consent_source: "form",
      consent_statement: "Paper form signed at the shop, 12 Nov",
    });
    expect(await entryOf(own)).toMatchObject({
      statement: "Paper form signed at the shop, 12 Nov",
      version: null,
    });
  });

  it("refuses the contact form without a text, in the caller's language, and records nothing", async () => {
    const en = await call(wordingOrg, "POST", `/c/contact-groups/${wordingGroup}/contacts`, {
      phone_number: "0813100005",
      consent_source: "form",
      consent_statement: "   ",
    });
    expect(en.statusCode).toBe(400);
    expect(en.json().error.details).toEqual([
      expect.objectContaining({
        path: "consent_statement",
        message: "Please enter what the contact agreed to: the text or its version.",
      }),
    ]);
    const th = await call(
      wordingOrg,
      "POST",
      `/c/contact-groups/${wordingGroup}/contacts`,
      { phone_number: "0813100005", consent_source: "form" },
      "th",
    );
    expect(th.json().error.details[0].message).toBe("กรุณากรอกข้อความหรือเวอร์ชันที่เจ้าของหมายเลขให้ความยินยอม");
    const kept = await t.db
      .select()
      .from(schema.contactConsents)
      .where(eq(schema.contactConsents.msisdn, "66813100005"));
    expect(kept).toEqual([]);
  });

  it("keeps an older opt-in without its text, shown and exported as not recorded", async () => {
    const id = await add({ phone_number: "0813100006", consent_statement: "new text" });
    // A record from before every opt-in had its text (migration 0041 changed no stored row).
    await t.db.insert(schema.contactConsents).values({
      organizationId: wordingOrg.organizationId,
      msisdn: "66813100006",
      kind: "opt_in",
      source: "import",
      statement: null,
      createdAt: new Date("2026-01-05T03:00:00Z"),
    });
    const entries = (await history(id, wordingOrg)).json().data;
    expect(entries.at(-1)).toMatchObject({ source: "import", statement: null, version: null });
    const csv = (await call(wordingOrg, "GET", "/c/consents/export")).body;
    expect(csv).toContain("0813100006,Opted in,File import,Not recorded,,2026-01-05 10:00");
    expect(csv).toMatch(/0813100001,Opted in,API,Version three: news and offers,3,/);
    const th = (await call(wordingOrg, "GET", "/c/consents/export", undefined, "th")).body;
    expect(th).toContain("0813100006,ยินยอมรับข้อความ,นำเข้าจากไฟล์,ไม่ได้บันทึกไว้,,");
  });
});
