import { schema } from "@sms/db";
import { cartTotals, MEMBER_ROLE } from "@sms/domain";
import { eq } from "drizzle-orm";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { heavyWork } from "../../platform/worker-pool.ts";
import { multipartBody, PNG } from "../../test/files.ts";
import { testHeavyWork } from "../../test/heavy-work.ts";
import {
  addMember,
  createTenant,
  expectCrossTenant404,
  signIn,
  type TestTenant,
} from "../../test/tenants.ts";
import { createTestApp, TEST_ADMIN, type TestContext } from "../../test/test-app.ts";

/**
 * The text of the first page as a PDF reader extracts it (pdf.js): what copy, search and screen
 * readers get through the fonts' ToUnicode maps. NFKC, because sara am reads back as its
 * compatibility decomposition (see receipt-pdf.ts); without spaces, which pdf.js puts between the
 * pieces of a line by their positions.
 */
async function pageText(pdf: Buffer): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const content = await (await document.getPage(1)).getTextContent();
  await document.destroy();
  return content.items
    .map((item) => ("str" in item ? item.str : ""))
    .join("")
    .normalize("NFKC")
    .replace(/\s+/g, "");
}

const squeezed = (text: string) => text.normalize("NFKC").replace(/\s+/g, "");

describe("receipts / tax invoices", () => {
  let t: TestContext;
  let owner: TestTenant;
  let other: TestTenant;
  let adminToken: string;
  let approvedId: number;
  let individualId: number;
  let waitingId: number;
  let otherApprovedId: number;

  async function insertOrder(
    organizationId: number,
    values: Partial<typeof schema.orders.$inferInsert> & { juristic?: boolean },
  ): Promise<number> {
    const juristic = values.juristic ?? true;
    const totals = cartTotals(600_000, { juristic });
    const [row] = await t.db
      .insert(schema.orders)
      .values({
        organizationId,
        packageId: 3,
        packageName: "Standard",
        months: 6,
        credits: 20_000,
        subTotalSatang: totals.subTotal,
        vatSatang: totals.vat,
        withholdingTaxSatang: totals.withholdingTax,
        totalSatang: totals.total,
        buyerType: juristic ? "juristic" : "individual",
        buyerName: juristic ? "บริษัท ทดสอบใบกำกับ จำกัด" : "สมชาย ใจดี",
        buyerTaxId: juristic ? "0105561123458" : null,
        buyerBranch: juristic ? "00000" : null,
        buyerAddress: "1 ถนนสุขุมวิท กรุงเทพมหานคร 10110",
        ...values,
      })
      .returning({ id: schema.orders.id });
    if (!row) throw new Error("order insert returned no row");
    return row.id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createTenant(t, { name: "Receipts" });
    other = await createTenant(t, { name: "Elsewhere" });
    adminToken = await signIn(t, TEST_ADMIN.email, TEST_ADMIN.password);
    const approved = { status: "approved" as const, decidedAt: new Date("2026-11-23T03:00:00Z") };
    approvedId = await insertOrder(owner.organizationId, { ...approved, documentNumber: "RC2026-000101" });
    individualId = await insertOrder(owner.organizationId, {
      ...approved,
      juristic: false,
      documentNumber: "RC2026-000102",
    });
    waitingId = await insertOrder(owner.organizationId, {});
    otherApprovedId = await insertOrder(other.organizationId, {
      ...approved,
      documentNumber: "RC2026-000103",
    });
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string>) =>
    t.app.inject({ method: "GET", url: `/api/v1${url}`, headers });

  it("downloads the Thai receipt of an approved juristic order as a PDF with the Thai font embedded", async () => {
    const res = await get(`/c/orders/${approvedId}/receipt?lang=th`, owner.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="receipt-RC2026-000101-th.pdf"; filename*=UTF-8''receipt-RC2026-000101-th.pdf`,
    );
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const raw = pdf.toString("latin1");
    expect(raw).toContain("/FontFile2");
    expect(raw).toContain("/ToUnicode");
    expect(raw).toContain("(RC2026-000101)");
    const text = await pageText(pdf);
    for (const expected of [
      "ใบเสร็จรับเงิน / ใบกำกับภาษี",
      "เลขที่ RC2026-000101",
      "วันที่ 23 พฤศจิกายน 2569",
      "ลูกค้าบริษัท ทดสอบใบกำกับ จำกัด",
      "เลขประจำตัวผู้เสียภาษี0105561123458 สำนักงานใหญ่",
      "แพ็กเกจ SMS Standard",
      "20,000",
      "6 เดือน",
    ]) {
      expect(text).toContain(squeezed(expected));
    }
    // A tax invoice's totals in order (review D16): the value, VAT apart from it, the total with
    // VAT; then the withholding tax deducted from that total and the net paid. The amount in words
    // is the tax invoice's total, not the net.
    const totals = [
      "มูลค่าสินค้า/บริการ6,000.00",
      "ภาษีมูลค่าเพิ่ม 7%420.00",
      "จำนวนเงินรวมทั้งสิ้น6,420.00",
      "หักภาษี ณ ที่จ่าย 3%-180.00",
      "ยอดชำระสุทธิ6,240.00",
    ].map(squeezed);
    const at = totals.map((line) => text.indexOf(line));
    expect(
      at.every((i) => i >= 0),
      JSON.stringify({ at, text }),
    ).toBe(true);
    expect(at).toEqual([...at].sort((a, b) => a - b));
    expect(text).toContain(squeezed("(หกพันสี่ร้อยยี่สิบบาทถ้วน)"));
    expect(text).not.toContain(squeezed("หกพันสองร้อยสี่สิบ"));
  });

  it("writes the English receipt, with the withholding tax line and the amount in English words", async () => {
    const res = await get(`/c/orders/${approvedId}/receipt?lang=en`, owner.headers);
    expect(res.statusCode).toBe(200);
    const text = await pageText(res.rawPayload);
    expect(text).toContain(squeezed("Receipt / Tax invoice"));
    expect(text).toContain(squeezed("No. RC2026-000101"));
    expect(text).toContain(squeezed("Date 23 November 2026"));
    // 6,000.00 + VAT 420.00 = 6,420.00; less WHT 180.00 = 6,240.00 paid
    const totals = [
      "Value of services6,000.00",
      "VAT 7%420.00",
      "Grand total6,420.00",
      "Less withholding tax 3%-180.00",
      "Net amount paid6,240.00",
    ].map(squeezed);
    const at = totals.map((line) => text.indexOf(line));
    expect(
      at.every((i) => i >= 0),
      JSON.stringify({ at, text }),
    ).toBe(true);
    expect(at).toEqual([...at].sort((a, b) => a - b));
    expect(text).toContain(squeezed("(Six thousand four hundred twenty baht only)"));
  });

  it("leaves the withholding tax line out for an individual, and follows Accept-Language without lang", async () => {
    const res = await get(`/c/orders/${individualId}/receipt`, { ...owner.headers, "accept-language": "en" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toContain("receipt-RC2026-000102-en.pdf");
    const text = await pageText(res.rawPayload);
    expect(text).toContain(squeezed("VAT 7%420.00"));
    expect(text).toContain(squeezed("Grand total6,420.00"));
    expect(text).not.toContain(squeezed("withholding"));
    expect(text).not.toContain(squeezed("Net amount paid"));
    expect(text).toContain(squeezed("(Six thousand four hundred twenty baht only)"));
  });

  it("answers 404 for an order that is not approved, an unknown id and another organization's order", async () => {
    for (const id of [waitingId, 999_999]) {
      const res = await get(`/c/orders/${id}/receipt`, owner.headers);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: "NOT_FOUND" } });
    }
    await expectCrossTenant404(t, owner, [
      { method: "GET", url: `/api/v1/c/orders/${otherApprovedId}/receipt` },
    ]);
    await expectCrossTenant404(t, other, [{ method: "GET", url: `/api/v1/c/orders/${approvedId}/receipt` }]);
  });

  it("refuses a language it does not write and an id that is not one", async () => {
    expect((await get(`/c/orders/${approvedId}/receipt?lang=fr`, owner.headers)).statusCode).toBe(400);
    expect((await get("/c/orders/abc/receipt", owner.headers)).statusCode).toBe(400);
    expect((await get(`/c/orders/${approvedId}/receipt`, {})).statusCode).toBe(401);
  });

  it("lets staff download any organization's receipt, and hides the admin route from everyone else", async () => {
    const staff = { authorization: `Bearer ${adminToken}` };
    const res = await get(`/admin/orders/${otherApprovedId}/receipt?lang=th`, staff);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect((await get(`/admin/orders/${waitingId}/receipt`, staff)).statusCode).toBe(404);
    const customer = await get(`/admin/orders/${approvedId}/receipt`, owner.headers);
    expect(customer.statusCode).toBe(404);
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

  it("follows the order permissions: a Member gets neither the receipt nor the payment slip (S4-11)", async () => {
    const { payload, headers } = multipartBody([{ name: "file", filename: "slip.png", data: PNG }]);
    const upload = await t.app.inject({
      method: "POST",
      url: "/api/v1/c/files?kind=payment_proof",
      headers: { ...owner.headers, ...headers },
      payload,
    });
    expect(upload.statusCode).toBe(201);
    const slipId: string = upload.json().data.id;
    await t.db.update(schema.orders).set({ proofFileId: slipId }).where(eq(schema.orders.id, approvedId));
    const order = await get(`/c/orders/${approvedId}`, owner.headers);
    expect(order.json().data.proof_file_id).toBe(slipId);

    const member = await colleague(MEMBER_ROLE.member);
    for (const url of [`/c/orders/${approvedId}/receipt`, `/c/files/${slipId}`, `/c/orders/${approvedId}`]) {
      const refused = await get(url, member.headers);
      expect({ url, status: refused.statusCode }).toEqual({ url, status: 403 });
      expect(refused.json().error.code).toBe("FORBIDDEN");
      expect(refused.headers["content-type"]).toContain("application/json");
    }
    const service = await colleague(MEMBER_ROLE.accountService);
    for (const caller of [owner, service]) {
      const receipt = await get(`/c/orders/${approvedId}/receipt`, caller.headers);
      expect(receipt.statusCode).toBe(200);
      expect(receipt.headers["content-type"]).toBe("application/pdf");
      const slip = await get(`/c/files/${slipId}`, caller.headers);
      expect(slip.statusCode).toBe(200);
      expect(slip.rawPayload.equals(PNG)).toBe(true);
    }
    // Another organization, whatever its role, still gets 404 for both.
    await expectCrossTenant404(t, other, [
      { method: "GET", url: `/api/v1/c/orders/${approvedId}/receipt` },
      { method: "GET", url: `/api/v1/c/files/${slipId}` },
    ]);
  });

  it("keeps orders, receipts and slips readable while the organization is suspended", async () => {
    const until = new Date(Date.now() + 86_400_000);
    const org = schema.organizations;
    await t.db
      .update(org)
      .set({ suspendedUntil: until, suspensionReason: "Review" })
      .where(eq(org.id, owner.organizationId));
    try {
      expect((await get(`/c/orders/${approvedId}/receipt`, owner.headers)).statusCode).toBe(200);
      expect((await get("/c/orders", owner.headers)).statusCode).toBe(200);
      expect((await get(`/c/orders/${approvedId}`, owner.headers)).statusCode).toBe(200);
      // Buying stays refused.
      const cart = await get("/c/carts?package_id=3", owner.headers);
      expect(cart.json().error.code).toBe("SUSPENDED");
    } finally {
      await t.db
        .update(org)
        .set({ suspendedUntil: null, suspensionReason: null })
        .where(eq(org.id, owner.organizationId));
    }
  });

  it("draws the PDF in a worker thread, and a pool that cannot take it is a translated 503 with Retry-After", async () => {
    testHeavyWork({ maxQueued: 0 });
    try {
      const busy = await get(`/c/orders/${approvedId}/receipt?lang=en`, {
        ...owner.headers,
        "accept-language": "th",
      });
      expect(busy.statusCode).toBe(503);
      expect(Number(busy.headers["retry-after"])).toBeGreaterThan(0);
      expect(busy.json().error.message).toBe("ขณะนี้ระบบกำลังเตรียมไฟล์อื่นอยู่เต็มกำลัง กรุณาลองใหม่ในอีก 30 วินาที");
    } finally {
      testHeavyWork();
    }
    const pool = heavyWork();
    const res = get(`/c/orders/${approvedId}/receipt?lang=th`, owner.headers);
    await vi.waitFor(() => expect(pool.stats.running).toBe(1));
    expect((await res).statusCode).toBe(200);
  });
});
