import { schema } from "@sms/db";
import { CONSENT_KINDS, CONSENT_SOURCES } from "@sms/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTenant, expectCrossTenant404, type TestTenant } from "../../test/tenants.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";

let t: TestContext;
let owner: TestTenant;
let other: TestTenant;
let groupId: number;

const call = (
  caller: TestTenant,
  method: "GET" | "POST" | "PATCH",
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
      { kind: "opt_in", source: "api", statement: null },
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
      { kind: "opt_in", source: "api", statement: null },
    ]);
    const old = await addContact({ phone_number: "0813000007", consent_source: "form" });
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
    expect(lines[0]).toBe("Phone number,Consent,Source,Text or version agreed,Recorded at");
    expect(lines[1]).toMatch(/^0813000006,Opted in,Contact form,'=HYPERLINK\(1\),/);
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
