import { schema } from "@sms/db";
import { MEMBER_ROLE, SUPPRESSION_REASONS } from "@sms/domain";
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHEET_DATE_FORMAT } from "../../platform/spreadsheet-stream.ts";
import { addMember, createTenant, expectCrossTenant404, type TestTenant } from "../../test/tenants.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";

let t: TestContext;
let owner: TestTenant;
let other: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createTenant(t, { name: "Suppress Co" });
  other = await createTenant(t, { name: "Other Co" });
});
afterAll(() => t?.close());

type Method = "GET" | "POST" | "DELETE";

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

async function add(caller: TestTenant, numbers: string) {
  const res = await call(caller, "POST", "/c/suppressions", { numbers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function listed(caller: TestTenant, query = ""): Promise<string[]> {
  const res = await call(caller, "GET", `/c/suppressions${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.entities.map((row: { phone_number: string }) => row.phone_number);
}

async function fresh(): Promise<TestTenant> {
  return createTenant(t, { name: "Fresh" });
}

describe("the contract's reasons", () => {
  it("are the database's", () => {
    expect(SUPPRESSION_REASONS).toEqual(schema.SUPPRESSION_REASONS);
  });
});

describe("POST /c/suppressions", () => {
  it("adds numbers in any form, reports invalid ones and counts the ones already there", async () => {
    const tenant = await fresh();
    await t.db
      .insert(schema.suppressions)
      .values({ organizationId: tenant.organizationId, msisdn: "66811000003", reason: "stop_reply" });
    const data = await add(tenant, "0811000001, +66 81 100 0002;66811000003\nbad\r\n0811000001\n\n12345");
    expect(data).toEqual({
      added: 2,
      already_suppressed: 1,
      invalid: [
        { number: "bad", message: "The recipient is invalid" },
        { number: "12345", message: "The recipient is invalid" },
      ],
    });
    const res = await call(tenant, "GET", "/c/suppressions?sort=phone_number");
    expect(res.json().data.entities).toEqual([
      expect.objectContaining({
        phone_number: "0811000001",
        reason: "manual",
        reason_label: "Added manually",
        code: null,
      }),
      expect.objectContaining({ phone_number: "0811000002", reason: "manual" }),
      // The STOP reply stays what it was.
      expect.objectContaining({
        phone_number: "0811000003",
        reason: "stop_reply",
        reason_label: "Replied STOP",
      }),
    ]);
    const rows = await t.db
      .select()
      .from(schema.suppressions)
      .where(eq(schema.suppressions.organizationId, tenant.organizationId));
    expect(rows.map((row) => row.msisdn).sort()).toEqual(["66811000001", "66811000002", "66811000003"]);
  });

  it("answers the invalid numbers in Thai", async () => {
    const tenant = await fresh();
    const res = await call(tenant, "POST", "/c/suppressions", { numbers: "0811000009,abc" }, "th");
    expect(res.json().data.invalid).toEqual([{ number: "abc", message: "หมายเลขผู้รับไม่ถูกต้อง" }]);
  });

  it.each([
    [{ numbers: "" }, "Please enter the numbers to add."],
    [{ numbers: " ,; \n " }, "Please enter the numbers to add."],
    [{}, "Please enter the numbers to add."],
    [{ numbers: "abc, 123" }, "The recipient is invalid"],
    [
      { numbers: Array.from({ length: 1001 }, (_, i) => `08120${String(i).padStart(5, "0")}`).join(",") },
      "Please add at most 1,000 numbers at a time.",
    ],
    [{ numbers: "0".repeat(100_001) }, "Please add at most 1,000 numbers at a time."],
  ])("refuses %#", async (body, message) => {
    const tenant = await fresh();
    const res = await call(tenant, "POST", "/c/suppressions", body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([{ path: "numbers", message }]);
    expect(await listed(tenant)).toEqual([]);
  });

  it("takes exactly 1,000 numbers", async () => {
    const tenant = await fresh();
    const numbers = Array.from({ length: 1000 }, (_, i) => `08130${String(i).padStart(5, "0")}`).join("\n");
    expect(await add(tenant, numbers)).toMatchObject({ added: 1000, already_suppressed: 0 });
  });
});

describe("GET /c/suppressions", () => {
  let tenant: TestTenant;
  beforeAll(async () => {
    tenant = await fresh();
    await t.db.insert(schema.suppressions).values([
      {
        organizationId: tenant.organizationId,
        msisdn: "66821000001",
        reason: "stop_reply",
        createdAt: new Date("2026-01-01T00:00:00Z"),
      },
      {
        organizationId: tenant.organizationId,
        msisdn: "66821000002",
        reason: "gateway_report",
        code: "3/305",
        createdAt: new Date("2026-01-02T00:00:00Z"),
      },
      {
        organizationId: tenant.organizationId,
        msisdn: "66931000003",
        reason: "manual",
        createdAt: new Date("2026-01-03T00:00:00Z"),
      },
    ]);
  });

  it("lists newest first with the reason's label and the code, paginated", async () => {
    const res = await call(tenant, "GET", "/c/suppressions?size=2", undefined, "th");
    expect(res.statusCode).toBe(200);
    expect(res.json().data.entities).toEqual([
      {
        phone_number: "0931000003",
        reason: "manual",
        reason_label: "เพิ่มเอง",
        code: null,
        created_at: "2026-01-03T00:00:00.000Z",
      },
      {
        phone_number: "0821000002",
        reason: "gateway_report",
        reason_label: "ผู้ให้บริการแจ้งว่าผู้รับปฏิเสธข้อความโฆษณา",
        code: "3/305",
        created_at: "2026-01-02T00:00:00.000Z",
      },
    ]);
    expect(res.json().data.page_information).toMatchObject({ page: 1, total_pages: 2, total_item: 3 });
    expect(await listed(tenant, "?size=2&page=2")).toEqual(["0821000001"]);
  });

  it.each([
    ["082", ["0821000002", "0821000001"]],
    ["+66 82", ["0821000002", "0821000001"]],
    ["66931", ["0931000003"]],
    ["93100", ["0931000003"]],
    ["082-100-0001", ["0821000001"]],
    ["somchai", []],
  ])("searches by a number in any form: %s", async (search, expected) => {
    expect(await listed(tenant, `?search=${encodeURIComponent(search)}`)).toEqual(expected);
  });

  it("filters by reason, and refuses an unknown reason or sort", async () => {
    expect(await listed(tenant, "?reason=gateway_report")).toEqual(["0821000002"]);
    expect(await listed(tenant, "?reason=")).toHaveLength(3);
    const bad = await call(tenant, "GET", "/c/suppressions?reason=spam");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details).toEqual([
      { path: "reason", message: "Please choose a reason from the list." },
    ]);
    const sort = await call(tenant, "GET", "/c/suppressions?sort=reason");
    expect(sort.json().error.details[0].message).toBe("This list cannot be sorted by that column.");
  });

  it("never shows another organization's numbers", async () => {
    expect(await listed(other)).toEqual([]);
    expect(await listed(other, "?search=082")).toEqual([]);
  });
});

describe("removing numbers", () => {
  it("removes one number given in any form; another organization's or an unknown number is 404", async () => {
    const tenant = await fresh();
    await add(tenant, "0831000001,0831000002");
    await add(other, "0831000003");
    await expectCrossTenant404(t, tenant, [
      { method: "DELETE", url: "/api/v1/c/suppressions/0831000003" },
      { method: "DELETE", url: "/api/v1/c/suppressions/0899999999" },
      { method: "DELETE", url: "/api/v1/c/suppressions/not-a-number" },
    ]);
    expect(await listed(other)).toEqual(["0831000003"]);
    const res = await call(tenant, "DELETE", `/c/suppressions/${encodeURIComponent("+66831000001")}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ phone_number: "0831000001" });
    expect(await listed(tenant)).toEqual(["0831000002"]);
    const again = await call(tenant, "DELETE", "/c/suppressions/0831000001");
    expect(again.statusCode).toBe(404);
  });

  it("removes the selected numbers, leaving other organizations' alone", async () => {
    const tenant = await fresh();
    await add(tenant, "0832000001,0832000002,0832000003");
    await add(other, "0832000004");
    const res = await call(tenant, "POST", "/c/suppressions/delete", {
      phone_numbers: ["0832000001", "66832000002", "0832000004", "0832000009"],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ deleted: 2 });
    expect(await listed(tenant)).toEqual(["0832000003"]);
    expect(await listed(other, "?search=0832")).toEqual(["0832000004"]);
  });

  it.each([
    [{}, "phone_numbers", "Please select the numbers to remove."],
    [{ phone_numbers: [] }, "phone_numbers", "Please select the numbers to remove."],
    [{ phone_numbers: ["0832000001", "nope"] }, "phone_numbers.1", "The recipient is invalid"],
    [
      { phone_numbers: Array.from({ length: 1001 }, () => "0832000001") },
      "phone_numbers",
      "Please remove at most 1,000 numbers at a time.",
    ],
  ])("validates the selection %#", async (body, path, message) => {
    const res = await call(owner, "POST", "/c/suppressions/delete", body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([{ path, message }]);
  });
});

describe("GET /c/suppressions/export", () => {
  let tenant: TestTenant;
  let stranger: TestTenant;
  const HEADER = ["Phone number", "Reason", "Code", "Added at"];
  const EXPECTED = [
    ["0841000003", "Added manually", "", "2026-01-03 07:00:00"],
    ["0841000002", "Blocks marketing (operator report)", "'+1", "2026-01-02 07:00:00"],
    [
      "0841000001",
      "Blocks marketing (operator report)",
      '\'=HYPERLINK("http://evil","x")',
      "2026-01-01 17:30:00",
    ],
  ];
  beforeAll(async () => {
    tenant = await fresh();
    await t.db.insert(schema.suppressions).values([
      {
        organizationId: tenant.organizationId,
        msisdn: "66841000001",
        reason: "gateway_report",
        code: '=HYPERLINK("http://evil","x")',
        createdAt: new Date("2026-01-01T10:30:00Z"),
      },
      {
        organizationId: tenant.organizationId,
        msisdn: "66841000002",
        reason: "gateway_report",
        code: "+1",
        createdAt: new Date("2026-01-02T00:00:00Z"),
      },
      {
        organizationId: tenant.organizationId,
        msisdn: "66841000003",
        reason: "manual",
        createdAt: new Date("2026-01-03T00:00:00Z"),
      },
    ]);
    stranger = await fresh();
    await add(stranger, "0841000009");
  });

  it("sends a UTF-8 CSV with a BOM, newest first, every cell protected", async () => {
    const res = await call(tenant, "GET", "/c/suppressions/export?format=csv");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(String(res.headers["content-disposition"])).toMatch(/^attachment; filename="suppressions\.csv"/);
    const raw = res.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = Papa.parse<string[]>(raw.subarray(3).toString("utf8"), { skipEmptyLines: true }).data;
    expect(rows).toEqual([HEADER, ...EXPECTED]);
  });

  it("sends an XLSX of protected text cells and a date column, with Thai headers and labels for a Thai reader", async () => {
    const res = await call(tenant, "GET", "/c/suppressions/export?format=xlsx", undefined, "th");
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0]?.eachRow((row) => {
      rows.push([1, 2, 3, 4].map((i) => row.getCell(i).value ?? ""));
    });
    expect(rows[0]).toEqual(["หมายเลขโทรศัพท์", "เหตุผล", "รหัส", "วันที่เพิ่ม"]);
    const added = workbook.worksheets[0]!.getRow(2).getCell(4);
    expect(added.type).toBe(ExcelJS.ValueType.Date);
    expect(added.numFmt).toBe(SHEET_DATE_FORMAT);
    expect(rows.slice(1).map((row) => row[2])).toEqual(["", "'+1", '\'=HYPERLINK("http://evil","x")']);
    expect(rows[1]?.[1]).toBe("เพิ่มเอง");
    expect(rows).toHaveLength(4);
  });

  it("is CSV by default, refuses other formats and never holds another organization's numbers", async () => {
    const res = await call(stranger, "GET", "/c/suppressions/export");
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(3).toString("utf8").trim().split(/\r?\n/)).toEqual([
      HEADER.join(","),
      expect.stringMatching(/^0841000009,Added manually,,/),
    ]);
    const bad = await call(tenant, "GET", "/c/suppressions/export?format=pdf");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details).toEqual([{ path: "format", message: "Please choose CSV or XLSX." }]);
  });
});

describe("permissions", () => {
  it("lets a plain member (role 1) manage the list, and needs a signed-in member", async () => {
    const member = await fresh();
    await addMember(t, owner.organizationId, member.userId, MEMBER_ROLE.member);
    await t.db
      .update(schema.users)
      .set({ defaultOrganizationId: owner.organizationId })
      .where(eq(schema.users.id, member.userId));
    expect(await add(member, "0851000001")).toMatchObject({ added: 1 });
    expect(await listed(owner, "?search=0851")).toEqual(["0851000001"]);
    const removed = await call(member, "DELETE", "/c/suppressions/0851000001");
    expect(removed.statusCode).toBe(200);
    const anonymous = await t.app.inject({ method: "GET", url: "/api/v1/c/suppressions" });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("marketing sends skip a manually added number", () => {
  it("drops it from a marketing campaign preview and not from a general one", async () => {
    const tenant = await fresh();
    await add(tenant, "0861000002");
    const body = { manual_contacts: "0861000001,0861000002,0861000003", message: "Hello" };
    const marketing = await call(tenant, "POST", "/c/campaigns/preview", { ...body, purpose: "marketing" });
    expect(marketing.statusCode, marketing.body).toBe(200);
    expect(marketing.json().data).toMatchObject({ recipients: 2, suppressed: 1 });
    const general = await call(tenant, "POST", "/c/campaigns/preview", { ...body, purpose: "general" });
    expect(general.json().data).toMatchObject({ recipients: 3, suppressed: 0 });
    // Removed again, marketing reaches it.
    await call(tenant, "DELETE", "/c/suppressions/0861000002");
    const after = await call(tenant, "POST", "/c/campaigns/preview", { ...body, purpose: "marketing" });
    expect(after.json().data).toMatchObject({ recipients: 3, suppressed: 0 });
  });
});
