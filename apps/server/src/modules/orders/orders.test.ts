import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { schema } from "@sms/db";
import { inBangkok, MEMBER_ROLE } from "@sms/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translate } from "../../i18n/index.ts";
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

/** Seeded catalogue (packages/db seed.ts): Starter 799 baht / 1,500 credits / 1 month; 17 is the free trial. */
const STARTER = { id: 1, priceSatang: 79_900, credits: 1_500, months: 1 };
const TRIAL_ID = 17;
const PROMPTPAY_ID = "0105556000009";
const VALID_TAX_ID = "0105556000009";

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "sms-orders-"));
  t = await createTestApp({ env: { DATA_DIR: dataDir, PROMPTPAY_ID } });
  owner = await createTenant(t, { name: "Buyer Co" });
  other = await createTenant(t, { name: "Other Co" });
  admin = { authorization: `Bearer ${await signIn(t, TEST_ADMIN.email, TEST_ADMIN.password)}` };
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

async function upload(
  caller: TestTenant,
  kind: string,
  filename: string,
  data: Buffer,
  contentType = "image/png",
) {
  const { payload, headers } = multipartBody([{ name: "file", filename, data, contentType }]);
  return t.app.inject({
    method: "POST",
    url: `/api/v1/c/files?kind=${kind}`,
    headers: { ...caller.headers, ...headers, "accept-language": "en" },
    payload,
  });
}

async function proofOf(caller: TestTenant): Promise<string> {
  const res = await upload(caller, "payment_proof", "slip.png", PNG);
  expect(res.statusCode).toBe(201);
  return res.json().data.id;
}

const individual = (proof: string) => ({
  package_id: STARTER.id,
  buyer_type: "individual",
  buyer_name: "Somchai Jaidee",
  proof_file_id: proof,
});

async function order(caller: TestTenant, body?: object): Promise<number> {
  const res = await call(caller.headers, "POST", "/c/orders", body ?? individual(await proofOf(caller)));
  expect(res.statusCode).toBe(201);
  return res.json().data.id;
}

/** The EMVCo tag 54 (amount) of a PromptPay payload's top level. */
function amountTag(payload: string): string | undefined {
  for (let i = 0; i < payload.length; ) {
    const tag = payload.slice(i, i + 2);
    const length = Number(payload.slice(i + 2, i + 4));
    if (tag === "54") return payload.slice(i + 4, i + 4 + length);
    i += 4 + length;
  }
  return undefined;
}

async function mailsTo(email: string) {
  return t.db
    .select()
    .from(schema.devMessages)
    .where(eq(schema.devMessages.recipient, email))
    .orderBy(schema.devMessages.id);
}

async function org(id: number) {
  const [row] = await t.db.select().from(schema.organizations).where(eq(schema.organizations.id, id));
  return row;
}

describe("GET /c/carts", () => {
  it("quotes an individual: sub total, VAT 7%, no withholding tax, and a QR of the exact total", async () => {
    const res = await call(owner.headers, "GET", `/c/carts?package_id=${STARTER.id}`);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.package).toMatchObject({ id: STARTER.id, credits: STARTER.credits, months: STARTER.months });
    expect(data.totals).toMatchObject({
      sub_total_satang: 79_900,
      vat_satang: 5_593,
      total_with_vat_satang: 85_493,
      withholding_tax_satang: 0,
      total_satang: 85_493,
      total: 854.93,
      vat_percent: 7,
      withholding_tax_percent: 3,
    });
    expect(amountTag(data.promptpay.payload)).toBe("854.93");
    expect(data.promptpay.payload).toContain(PROMPTPAY_ID);
    expect(data.promptpay.qr_svg).toMatch(/^<svg/);
    // What the customer checks the transfer against (review D11): the whole id and the payee.
    expect(data.promptpay).toMatchObject({ id: PROMPTPAY_ID, payee_name: "บริษัท เอสเอ็มเอส พอร์ทัล จำกัด" });
    // Whom a company's 50 ทวิ is made out to, in the caller's language (review D14).
    expect(data.wht_payee).toMatchObject({
      name: "SMS Portal Co., Ltd.",
      tax_id: "0105556000009",
      branch: "00000",
    });
    const thai = await call(owner.headers, "GET", `/c/carts?package_id=${STARTER.id}`, undefined, "th");
    expect(thai.json().data.wht_payee.address).toContain("กรุงเทพมหานคร");
  });

  it("deducts 3% withholding tax for a juristic buyer, and the QR follows", async () => {
    const res = await call(owner.headers, "GET", `/c/carts?package_id=${STARTER.id}&buyer_type=juristic`);
    const { data } = res.json();
    expect(data.totals).toMatchObject({
      total_with_vat_satang: 85_493,
      withholding_tax_satang: 2_397,
      total_satang: 83_096,
    });
    expect(amountTag(data.promptpay.payload)).toBe("830.96");
  });

  it("shows the free-trial package at zero, without a QR", async () => {
    const res = await call(owner.headers, "GET", `/c/carts?package_id=${TRIAL_ID}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ totals: { total_satang: 0 }, promptpay: null });
  });

  it("answers 404 for an unknown package and 400 for a bad query", async () => {
    const missing = await call(owner.headers, "GET", "/c/carts?package_id=9999");
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe("This package does not exist or is no longer on sale.");
    expect((await call(owner.headers, "GET", "/c/carts?package_id=abc")).statusCode).toBe(400);
    expect((await call(owner.headers, "GET", "/c/carts?package_id=1&buyer_type=robot")).statusCode).toBe(400);
  });
});

describe("POST /c/orders", () => {
  it("records a waiting order with the server's totals; mass-assigned fields are ignored", async () => {
    const proof = await proofOf(owner);
    const res = await call(owner.headers, "POST", "/c/orders", {
      ...individual(proof),
      status: "approved",
      credits: 999_999,
      total_satang: 1,
      organization_id: other.organizationId,
      is_trial: true,
    });
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data).toMatchObject({
      status: "waiting",
      status_label: "checking",
      package_name: "Starter",
      credits: STARTER.credits,
      total_satang: 85_493,
      price: 854.93,
      withholding_tax_satang: 0,
      is_trial: false,
      proof_file_id: proof,
      document_number: null,
    });
    const [row] = await t.db.select().from(schema.orders).where(eq(schema.orders.id, data.id));
    expect(row).toMatchObject({
      organizationId: owner.organizationId,
      userId: owner.userId,
      status: "waiting",
    });
    expect((await org(owner.organizationId))?.credits).toBe(0);
  });

  it("needs a payment proof of this organization: missing, another's, or another kind is refused", async () => {
    const othersProof = await proofOf(other);
    const evidence = (await upload(owner, "sender_evidence", "evidence.pdf", pdf(), "application/pdf")).json()
      .data.id as string;
    for (const proof_file_id of [undefined, "not-a-uuid", othersProof, evidence]) {
      const res = await call(owner.headers, "POST", "/c/orders", {
        ...individual(""),
        proof_file_id,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toEqual([
        { path: "proof_file_id", message: "Please add image or pdf file!" },
      ]);
    }
  });

  it("refuses a PDF renamed .png and an SVG as proof; a PDF named .pdf is taken", async () => {
    const renamed = await upload(owner, "payment_proof", "slip.png", pdf(), "image/png");
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().error.message).toBe("Please add image or pdf file!");
    const honest = await upload(owner, "payment_proof", "slip.pdf", pdf(), "application/pdf");
    expect(honest.statusCode).toBe(201);
    expect(honest.json().data).toMatchObject({ mime: "application/pdf" });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const refused = await upload(owner, "payment_proof", "slip.svg", svg, "image/svg+xml");
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe("Please add image or pdf file!");
    const svgAsPng = await upload(owner, "payment_proof", "slip.png", svg, "image/png");
    expect(svgAsPng.statusCode).toBe(400);
  });

  it("requires a juristic buyer's tax id (with its check digit), branch and address; WHT only for juristic", async () => {
    const proof = await proofOf(owner);
    const juristic = { ...individual(proof), buyer_type: "juristic", buyer_name: "Buyer Co., Ltd." };
    const missing = await call(owner.headers, "POST", "/c/orders", juristic);
    expect(missing.statusCode).toBe(400);
    expect(
      missing
        .json()
        .error.details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(["address", "branch", "tax_id"]);
    const badChecksum = await call(owner.headers, "POST", "/c/orders", {
      ...juristic,
      tax_id: "0105556000001",
      branch: "00000",
      address: "Bangkok",
    });
    expect(badChecksum.statusCode).toBe(400);
    expect(badChecksum.json().error.details).toEqual([
      { path: "tax_id", message: "The tax ID must be 13 digits with a valid check digit." },
    ]);
    const badBranch = await call(owner.headers, "POST", "/c/orders", {
      ...juristic,
      tax_id: VALID_TAX_ID,
      branch: "1",
      address: "Bangkok",
    });
    expect(badBranch.json().error.details).toEqual([
      { path: "branch", message: "The branch must be 5 digits (00000 for the head office)." },
    ]);
    const ok = await call(owner.headers, "POST", "/c/orders", {
      ...juristic,
      tax_id: "0-1055-56000-00-9",
      branch: "00000",
      address: "1 Silom Road, Bangkok",
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data).toMatchObject({
      buyer_type: "juristic",
      buyer_tax_id: VALID_TAX_ID,
      buyer_branch: "00000",
      withholding_tax_satang: 2_397,
      total_satang: 83_096,
    });
  });

  it("does not sell the free-trial package and refuses an unknown package", async () => {
    const proof = await proofOf(owner);
    const trial = await call(owner.headers, "POST", "/c/orders", {
      ...individual(proof),
      package_id: TRIAL_ID,
    });
    expect(trial.statusCode).toBe(400);
    expect(
      (await call(owner.headers, "POST", "/c/orders", { ...individual(proof), package_id: 9999 })).statusCode,
    ).toBe(404);
  });

  it("is for roles that may buy: a Member gets 403", async () => {
    const member = await createTenant(t, { name: "Member Home" });
    await addMember(t, owner.organizationId, member.userId, MEMBER_ROLE.member);
    await t.db
      .update(schema.users)
      .set({ defaultOrganizationId: owner.organizationId })
      .where(eq(schema.users.id, member.userId));
    const token = await signIn(t, member.email, member.password);
    const res = await call({ authorization: `Bearer ${token}` }, "GET", "/c/orders");
    expect(res.statusCode).toBe(403);
  });
});

describe("GET /c/orders", () => {
  it("lists the organization's own orders, newest first, and one by id", async () => {
    const id = await order(other);
    const mine = (await call(owner.headers, "GET", "/c/orders")).json().data;
    expect(mine.entities.length).toBeGreaterThan(0);
    expect(mine.entities.map((o: { id: number }) => o.id)).not.toContain(id);
    const ids = mine.entities.map((o: { id: number }) => o.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const one = await call(other.headers, "GET", `/c/orders/${id}`);
    expect(one.json().data).toMatchObject({ id, status_label: "checking" });
  });

  it("answers 404 for another organization's order", async () => {
    const id = await order(other);
    await expectCrossTenant404(t, owner, [{ method: "GET", url: `/api/v1/c/orders/${id}` }]);
  });
});

describe("POST /c/orders/free-trial", () => {
  it("grants the trial once: credits through the ledger, the expiry, and the redeemed mark", async () => {
    const fresh = await createTenant(t, { name: "Trial Co" });
    const res = await call(fresh.headers, "POST", "/c/orders/free-trial");
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data.order).toMatchObject({ is_trial: true, status: "approved", credits: 50, total_satang: 0 });
    expect(data.credits).toBe(50);
    const row = await org(fresh.organizationId);
    expect(row?.credits).toBe(50);
    expect(row?.creditTrialRedeemedAt).toBeInstanceOf(Date);
    expect(row?.creditExpiredOn?.toISOString()).toBe(data.credit_expired_on);
    const entries = await t.db
      .select()
      .from(schema.creditEntries)
      .where(eq(schema.creditEntries.organizationId, fresh.organizationId));
    expect(entries).toMatchObject([{ type: "earned", credits: 50, reason: "ledger.free_trial" }]);

    const again = await Promise.all([
      call(fresh.headers, "POST", "/c/orders/free-trial"),
      call(fresh.headers, "POST", "/c/orders/free-trial", undefined, "th"),
    ]);
    expect(again.map((r) => r.statusCode)).toEqual([409, 409]);
    expect(again[0]?.json().error.message).toBe("This organization has already redeemed its free trial.");
    expect(again[1]?.json().error.message).toBe("องค์กรนี้ใช้สิทธิ์ทดลองใช้ฟรีไปแล้ว");
    expect((await org(fresh.organizationId))?.credits).toBe(50);
  });

  it("lets two racing first redemptions grant once", async () => {
    const fresh = await createTenant(t, { name: "Race Co" });
    const results = await Promise.all([
      call(fresh.headers, "POST", "/c/orders/free-trial"),
      call(fresh.headers, "POST", "/c/orders/free-trial"),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await org(fresh.organizationId))?.credits).toBe(50);
  });
});

describe("admin orders queue", () => {
  it("is 404 for everyone but staff, on every endpoint", async () => {
    const id = await order(owner);
    for (const [method, url, payload] of [
      ["GET", "/admin/orders"],
      ["GET", `/admin/orders/${id}`],
      ["POST", `/admin/orders/${id}/approve`],
      ["POST", `/admin/orders/${id}/reject`, { reason: "no" }],
    ] as const) {
      const res = await call(owner.headers, method, url, payload);
      expect({ url, status: res.statusCode }).toEqual({ url, status: 404 });
    }
    expect((await call(admin, "GET", `/admin/orders/${id}`)).json().data).toMatchObject({
      status: "waiting",
    });
  });

  it("lists waiting orders of every organization, filtered by status, with the organization's name", async () => {
    await order(other);
    const res = await call(admin, "GET", "/admin/orders?status=waiting&size=100");
    expect(res.statusCode).toBe(200);
    const { entities } = res.json().data;
    expect(entities.every((o: { status: string }) => o.status === "waiting")).toBe(true);
    const names = new Set(entities.map((o: { organization_name: string }) => o.organization_name));
    expect(names).toEqual(new Set(["Buyer Co", "Other Co"]));
    expect(entities[0]).toHaveProperty("user_email");
    const searched = (await call(admin, "GET", "/admin/orders?search=Other&size=100")).json().data.entities;
    expect(
      searched.every((o: { organization_id: number }) => o.organization_id === other.organizationId),
    ).toBe(true);
    expect((await call(admin, "GET", "/admin/orders?status=paid")).statusCode).toBe(400);
  });

  it("approves once even when clicked twice at the same time: one grant, one document number, the expiry", async () => {
    const buyer = await createTenant(t, { name: "Approve Co" });
    const id = await order(buyer);
    const before = new Date();
    const [first, second] = await Promise.all([
      call(admin, "POST", `/admin/orders/${id}/approve`),
      call(admin, "POST", `/admin/orders/${id}/approve`),
    ]);
    expect([first?.statusCode, second?.statusCode]).toEqual([200, 200]);
    const year = inBangkok(new Date()).year();
    expect(first?.json().data.document_number).toMatch(new RegExp(`^RC${year}-\\d{6}$`));
    expect(second?.json().data.document_number).toBe(first?.json().data.document_number);
    expect(first?.json().data).toMatchObject({ status: "approved", status_label: "approved" });

    const entries = await t.db
      .select()
      .from(schema.creditEntries)
      .where(eq(schema.creditEntries.organizationId, buyer.organizationId));
    expect(entries).toMatchObject([
      { type: "earned", credits: STARTER.credits, reason: "ledger.order_approved", reference: `order:${id}` },
    ]);
    const row = await org(buyer.organizationId);
    expect(row?.credits).toBe(STARTER.credits);
    const expected = inBangkok(before).add(STARTER.months, "month").toDate().getTime();
    expect(Math.abs((row?.creditExpiredOn?.getTime() ?? 0) - expected)).toBeLessThan(60_000);

    const audits = await t.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.targetType, "order"), eq(schema.auditLog.targetId, String(id))));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: "orders.approve" });

    // A third click, later, changes nothing either.
    const third = await call(admin, "POST", `/admin/orders/${id}/approve`);
    expect(third.json().data.document_number).toBe(first?.json().data.document_number);
    expect((await org(buyer.organizationId))?.credits).toBe(STARTER.credits);

    // The customer sees it approved, and gets one e-mail.
    const mine = (await call(buyer.headers, "GET", `/c/orders/${id}`)).json().data;
    expect(mine).toMatchObject({
      status_label: "approved",
      document_number: first?.json().data.document_number,
    });
    await t.jobs.drain();
    const mails = await mailsTo(buyer.email);
    // "Received" when submitted, then one "approved" for both clicks.
    const approved = `คำสั่งซื้อ #${id} ได้รับการอนุมัติแล้ว / Order #${id} approved`;
    expect(mails.map((m) => m.subject).sort()).toEqual(
      [`ได้รับคำสั่งซื้อ #${id} แล้ว / Order #${id} received`, approved].sort(),
    );
    const mail = mails.find((m) => m.subject === approved);
    expect(mail?.text).toContain(first?.json().data.document_number);
    expect(mail?.text).toContain("1,500");
  });

  it("counts the expiry from the purchase date, not the approval, as the terms say (ADR 40)", async () => {
    const buyer = await createTenant(t, { name: "Slow Approval Co" });
    const id = await order(buyer);
    // Paid and submitted on 31 Jan (Bangkok), approved days later.
    const purchasedAt = new Date("2026-01-31T02:00:00Z");
    await t.db.update(schema.orders).set({ createdAt: purchasedAt }).where(eq(schema.orders.id, id));
    expect((await call(admin, "POST", `/admin/orders/${id}/approve`)).statusCode).toBe(200);
    const row = await org(buyer.organizationId);
    // 31 Jan + 1 month on the Bangkok calendar is 28 Feb, at the purchase's time of day.
    expect(row?.creditExpiredOn?.toISOString()).toBe("2026-02-28T02:00:00.000Z");
    // A later expiry already held stays.
    const later = new Date(Date.now() + 400 * 86_400_000);
    await t.db
      .update(schema.organizations)
      .set({ creditExpiredOn: later })
      .where(eq(schema.organizations.id, buyer.organizationId));
    const second = await order(buyer);
    expect((await call(admin, "POST", `/admin/orders/${second}/approve`)).statusCode).toBe(200);
    expect((await org(buyer.organizationId))?.creditExpiredOn?.getTime()).toBe(later.getTime());
  });

  it("numbers receipts consecutively", async () => {
    const a = await order(owner);
    const b = await order(owner);
    const na = (await call(admin, "POST", `/admin/orders/${a}/approve`)).json().data
      .document_number as string;
    const nb = (await call(admin, "POST", `/admin/orders/${b}/approve`)).json().data
      .document_number as string;
    expect(Number(nb.slice(-6))).toBe(Number(na.slice(-6)) + 1);
  });

  it("rejects only with a reason, which the customer reads; then it cannot be approved", async () => {
    const id = await order(owner);
    for (const payload of [{}, { reason: "   " }, { reason: "x".repeat(501) }]) {
      const res = await call(admin, "POST", `/admin/orders/${id}/reject`, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details[0].path).toBe("reason");
    }
    const res = await call(admin, "POST", `/admin/orders/${id}/reject`, {
      reason: "The slip amount is 800 baht.",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      status: "rejected",
      reject_reason: "The slip amount is 800 baht.",
    });
    const mine = (await call(owner.headers, "GET", `/c/orders/${id}`)).json().data;
    expect(mine).toMatchObject({ status_label: "rejected", reject_reason: "The slip amount is 800 baht." });
    const approve = await call(admin, "POST", `/admin/orders/${id}/approve`);
    expect(approve.statusCode).toBe(409);
    const again = await call(admin, "POST", `/admin/orders/${id}/reject`, { reason: "other" });
    expect(again.json().data.reject_reason).toBe("The slip amount is 800 baht.");
    await t.jobs.drain();
    const rejected = (await mailsTo(owner.email)).filter((m) => m.subject?.includes(`Order #${id} rejected`));
    expect(rejected).toHaveLength(1);
    expect(rejected[0]?.text).toContain("The slip amount is 800 baht.");
  });

  it("answers 404 for an order that does not exist", async () => {
    expect((await call(admin, "GET", "/admin/orders/999999")).statusCode).toBe(404);
    expect((await call(admin, "POST", "/admin/orders/999999/approve")).statusCode).toBe(404);
    expect((await call(admin, "POST", "/admin/orders/999999/reject", { reason: "x" })).statusCode).toBe(404);
  });
});

/** A juristic order body with every tax-invoice field. */
describe("one slip, one order (review I3, ADR 55)", () => {
  /** A slip of its own content (a PNG with trailing bytes of its own). */
  const slip = () => Buffer.concat([PNG, randomBytes(16)]);
  async function slipOf(caller: TestTenant, data: Buffer): Promise<string> {
    const res = await upload(caller, "payment_proof", "slip.png", data);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id;
  }

  it("refuses a slip that already backs another order, until staff reject that order", async () => {
    const buyer = await createTenant(t, { name: "Slip Co" });
    const proof = await slipOf(buyer, slip());
    const first = await order(buyer, individual(proof));
    for (const locale of ["en", "th"] as const) {
      const again = await call(buyer.headers, "POST", "/c/orders", individual(proof), locale);
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toMatchObject({
        code: "CONFLICT",
        message: translate("orders.proof_already_used", locale),
        details: [{ path: "proof_file_id" }],
      });
    }
    const [count] = await t.db
      .select({ id: schema.orders.id })
      .from(schema.orders)
      .where(eq(schema.orders.proofFileId, proof));
    expect(count?.id).toBe(first);
    const rejected = await call(admin, "POST", `/admin/orders/${first}/reject`, { reason: "Wrong amount" });
    expect(rejected.statusCode).toBe(200);
    // The slip was not accepted for that order: it may back the order made again.
    await order(buyer, individual(proof));
  });

  it("shows staff the other orders whose slip has the same content, across organizations", async () => {
    const a = await createTenant(t, { name: "Copy A" });
    const b = await createTenant(t, { name: "Copy B" });
    const copied = slip();
    const fromA = await order(a, individual(await slipOf(a, copied)));
    const fromB = await order(b, individual(await slipOf(b, copied)));
    const alone = await order(a, individual(await slipOf(a, slip())));
    const detail = async (id: number) => (await call(admin, "GET", `/admin/orders/${id}`)).json().data;
    expect((await detail(fromA)).same_proof_orders).toEqual([fromB]);
    expect((await detail(fromB)).same_proof_orders).toEqual([fromA]);
    expect((await detail(alone)).same_proof_orders).toEqual([]);
    const listed = (await call(admin, "GET", "/admin/orders?search=Copy&size=100")).json().data.entities;
    expect(
      listed.map((o: { id: number; same_proof_orders: number[] }) => [o.id, o.same_proof_orders]),
    ).toEqual(
      expect.arrayContaining([
        [fromA, [fromB]],
        [fromB, [fromA]],
        [alone, []],
      ]),
    );
  });
});

const juristicBody = (proof: string, extra: object = {}) => ({
  package_id: STARTER.id,
  buyer_type: "juristic",
  buyer_name: "บริษัท มานีการค้า จำกัด",
  tax_id: VALID_TAX_ID,
  branch: "00000",
  address: "1 ถนนสีลม กรุงเทพมหานคร 10500",
  proof_file_id: proof,
  ...extra,
});

async function certificateOf(caller: TestTenant): Promise<string> {
  const res = await upload(caller, "withholding_certificate", "50tawi.pdf", pdf(), "application/pdf");
  expect(res.statusCode).toBe(201);
  return res.json().data.id;
}

/** A colleague of `tenant` with a member role, signed in to tenant's organization. */
async function colleague(tenant: TestTenant, role: number): Promise<TestTenant> {
  const person = await createTenant(t, { name: `Colleague${role}` });
  await addMember(t, tenant.organizationId, person.userId, role);
  await t.db
    .update(schema.users)
    .set({ defaultOrganizationId: tenant.organizationId })
    .where(eq(schema.users.id, person.userId));
  return person;
}

describe("order e-mails (review D17)", () => {
  it("confirms a submitted order at once, naming the company it is for and asking for the 50 ทวิ", async () => {
    const buyer = await createTenant(t, { name: "Manee" });
    // As sign-up names it: after the person.
    await t.db
      .update(schema.organizations)
      .set({ name: "Test Manee" })
      .where(eq(schema.organizations.id, buyer.organizationId));
    const res = await call(buyer.headers, "POST", "/c/orders", juristicBody(await proofOf(buyer)));
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id as number;
    await t.jobs.drain();
    const [mail, ...more] = await mailsTo(buyer.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(`ได้รับคำสั่งซื้อ #${id} แล้ว / Order #${id} received`);
    expect(mail?.text).toContain(`คำสั่งซื้อ #${id} ของ บริษัท มานีการค้า จำกัด แพ็กเกจ Starter (1,500 เครดิต)`);
    expect(mail?.text).toContain("ยอดโอน 830.96 บาท");
    expect(mail?.text).toContain("ภายใน 1 ชั่วโมงในเวลาทำการ");
    expect(mail?.text).toContain("หนังสือรับรองการหักภาษี ณ ที่จ่าย (50 ทวิ) ยอด 23.97 บาท");
    expect(mail?.text).toContain("withholding-tax certificate (50 Tawi) for 23.97 baht");
    // The person is greeted; the order is the company's, and the organization named after the
    // person is not mentioned.
    expect(mail?.text).toContain("เรียน คุณTest Manee");
    expect(mail?.text).not.toContain("องค์กร Test Manee");
    expect(mail?.text).not.toContain("organization Test Manee");

    // Approved: credits "added to the account" of the company's order, not "to Test Manee".
    expect((await call(admin, "POST", `/admin/orders/${id}/approve`)).statusCode).toBe(200);
    await t.jobs.drain();
    const approved = (await mailsTo(buyer.email)).find((m) => m.subject?.includes("approved"));
    expect(approved?.text).toContain(`คำสั่งซื้อ #${id} ของ บริษัท มานีการค้า จำกัด แพ็กเกจ Starter`);
    expect(approved?.text).toContain("เพิ่ม 1,500 เครดิตเข้าบัญชีเรียบร้อย");
    expect(approved?.text).toContain("1,500 credits were added to your account, valid until");
    expect(approved?.text).not.toContain("องค์กร Test Manee");
  });

  it("names an organization that has a name of its own, and leaves the 50 ทวิ out once attached or for an individual", async () => {
    const buyer = await createTenant(t, { name: "Shared Account Co" });
    const withCertificate = await call(
      buyer.headers,
      "POST",
      "/c/orders",
      juristicBody(await proofOf(buyer), { wht_certificate_file_id: await certificateOf(buyer) }),
    );
    expect(withCertificate.statusCode).toBe(201);
    const individualId = await order(buyer);
    await t.jobs.drain();
    const mails = await mailsTo(buyer.email);
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.text).toContain("(องค์กร Shared Account Co)");
      expect(mail.text).not.toContain("50 ทวิ");
    }
    expect(mails.map((m) => m.subject).sort()).toEqual(
      [withCertificate.json().data.id, individualId]
        .map((n) => `ได้รับคำสั่งซื้อ #${n} แล้ว / Order #${n} received`)
        .sort(),
    );
  });

  it("sends nothing for an order that was refused", async () => {
    const buyer = await createTenant(t, { name: "Refused Co" });
    const res = await call(buyer.headers, "POST", "/c/orders", {
      ...individual(""),
      proof_file_id: undefined,
    });
    expect(res.statusCode).toBe(400);
    await t.jobs.drain();
    expect(await mailsTo(buyer.email)).toEqual([]);
  });
});

describe("the juristic form flags every missing field at once (review D12)", () => {
  it("answers the name, the proof and the tax-invoice fields in one response", async () => {
    const res = await call(owner.headers, "POST", "/c/orders", {
      package_id: STARTER.id,
      buyer_type: "juristic",
      buyer_name: "",
    });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .error.details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(["address", "branch", "buyer_name", "proof_file_id", "tax_id"]);
  });
});

describe("withholding-tax certificates, 50 ทวิ (review D14)", () => {
  it("takes one with the order, or later on the order; a second replaces it; staff and owners read it", async () => {
    const buyer = await createTenant(t, { name: "Certificate Co" });
    const first = await certificateOf(buyer);
    const created = await call(
      buyer.headers,
      "POST",
      "/c/orders",
      juristicBody(await proofOf(buyer), { wht_certificate_file_id: first }),
    );
    expect(created.statusCode).toBe(201);
    expect(created.json().data.wht_certificate_file_id).toBe(first);

    const later = await call(buyer.headers, "POST", "/c/orders", juristicBody(await proofOf(buyer)));
    const id = later.json().data.id as number;
    expect(later.json().data.wht_certificate_file_id).toBeNull();
    const second = await certificateOf(buyer);
    const attached = await t.app.inject({
      method: "PUT",
      url: `/api/v1/c/orders/${id}/wht-certificate`,
      headers: buyer.headers,
      payload: { file_id: second },
    });
    expect(attached.statusCode).toBe(200);
    expect(attached.json().data.wht_certificate_file_id).toBe(second);
    // After approval too: the certificate is often signed after the transfer.
    expect((await call(admin, "POST", `/admin/orders/${id}/approve`)).statusCode).toBe(200);
    const third = await certificateOf(buyer);
    const replaced = await t.app.inject({
      method: "PUT",
      url: `/api/v1/c/orders/${id}/wht-certificate`,
      headers: buyer.headers,
      payload: { file_id: third },
    });
    expect(replaced.json().data.wht_certificate_file_id).toBe(third);

    const staff = (await call(admin, "GET", `/admin/orders/${id}`)).json().data;
    expect(staff).toMatchObject({
      wht_certificate_file_id: third,
      buyer_address: "1 ถนนสีลม กรุงเทพมหานคร 10500",
    });
    for (const caller of [admin, buyer.headers]) {
      const file = await call(caller, "GET", `/c/files/${third}`);
      expect(file.statusCode).toBe(200);
      expect(file.headers["content-type"]).toBe("application/pdf");
    }
  });

  it("refuses a slip, another organization's certificate, an individual's order and a rejected one", async () => {
    const buyer = await createTenant(t, { name: "Strict Co" });
    const stranger = await createTenant(t, { name: "Stranger Co" });
    const slip = await proofOf(buyer);
    const othersCertificate = await certificateOf(stranger);
    for (const wht_certificate_file_id of [slip, othersCertificate, "not-a-uuid"]) {
      const res = await call(
        buyer.headers,
        "POST",
        "/c/orders",
        juristicBody(slip, { wht_certificate_file_id }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toEqual([
        { path: "wht_certificate_file_id", message: "Please add image or pdf file!" },
      ]);
    }
    const juristicId = (await call(buyer.headers, "POST", "/c/orders", juristicBody(slip))).json().data.id;
    const put = (caller: TestTenant, orderId: number, file_id: string, locale = "en") =>
      t.app.inject({
        method: "PUT",
        url: `/api/v1/c/orders/${orderId}/wht-certificate`,
        headers: { ...caller.headers, "accept-language": locale },
        payload: { file_id },
      });
    for (const fileId of [slip, othersCertificate]) {
      const res = await put(buyer, juristicId, fileId);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toEqual([
        { path: "file_id", message: "Please add image or pdf file!" },
      ]);
    }
    const certificate = await certificateOf(buyer);
    const individualId = await order(buyer);
    const notApplicable = await put(buyer, individualId, certificate, "th");
    expect(notApplicable.statusCode).toBe(409);
    expect(notApplicable.json().error.message).toContain("ไม่มีภาษีหัก ณ ที่จ่าย");
    await call(admin, "POST", `/admin/orders/${juristicId}/reject`, { reason: "Wrong amount" });
    expect((await put(buyer, juristicId, certificate)).statusCode).toBe(409);
    // An order without a certificate is refused: nothing was attached anywhere.
    const rows = await t.db
      .select()
      .from(schema.orders)
      .where(eq(schema.orders.organizationId, buyer.organizationId));
    expect(rows.every((r) => r.whtCertificateFileId === null)).toBe(true);
  });

  it("is 404 across organizations, for the order and for the file", async () => {
    const buyer = await createTenant(t, { name: "Tenant A Co" });
    const stranger = await createTenant(t, { name: "Tenant B Co" });
    const certificate = await certificateOf(buyer);
    const id = (
      await call(
        buyer.headers,
        "POST",
        "/c/orders",
        juristicBody(await proofOf(buyer), { wht_certificate_file_id: certificate }),
      )
    ).json().data.id as number;
    const strangersCertificate = await certificateOf(stranger);
    await expectCrossTenant404(t, stranger, [
      {
        method: "PUT",
        url: `/api/v1/c/orders/${id}/wht-certificate`,
        payload: { file_id: strangersCertificate },
      },
      { method: "GET", url: `/api/v1/c/files/${certificate}` },
    ]);
    expect((await call(buyer.headers, "GET", `/c/orders/${id}`)).json().data.wht_certificate_file_id).toBe(
      certificate,
    );
  });

  it("follows the order permissions: a Member may neither upload, attach nor read one; Account Service may", async () => {
    const buyer = await createTenant(t, { name: "Roles Co" });
    const certificate = await certificateOf(buyer);
    const id = (
      await call(
        buyer.headers,
        "POST",
        "/c/orders",
        juristicBody(await proofOf(buyer), { wht_certificate_file_id: certificate }),
      )
    ).json().data.id as number;
    const member = await colleague(buyer, MEMBER_ROLE.member);
    expect(
      (await upload(member, "withholding_certificate", "50tawi.pdf", pdf(), "application/pdf")).statusCode,
    ).toBe(403);
    const attach = await t.app.inject({
      method: "PUT",
      url: `/api/v1/c/orders/${id}/wht-certificate`,
      headers: member.headers,
      payload: { file_id: certificate },
    });
    expect(attach.statusCode).toBe(403);
    expect((await call(member.headers, "GET", `/c/files/${certificate}`)).statusCode).toBe(403);

    const service = await colleague(buyer, MEMBER_ROLE.accountService);
    const own = await certificateOf(service);
    const byService = await t.app.inject({
      method: "PUT",
      url: `/api/v1/c/orders/${id}/wht-certificate`,
      headers: service.headers,
      payload: { file_id: own },
    });
    expect(byService.statusCode).toBe(200);
    expect((await call(service.headers, "GET", `/c/files/${certificate}`)).statusCode).toBe(200);
  });

  it("can still be attached while the organization is suspended (paperwork of a paid order)", async () => {
    const buyer = await createTenant(t, { name: "Suspended Co" });
    const id = (await call(buyer.headers, "POST", "/c/orders", juristicBody(await proofOf(buyer)))).json()
      .data.id as number;
    const certificate = await certificateOf(buyer);
    await t.db
      .update(schema.organizations)
      .set({ suspendedUntil: new Date(Date.now() + 86_400_000), suspensionReason: "Review" })
      .where(eq(schema.organizations.id, buyer.organizationId));
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/v1/c/orders/${id}/wht-certificate`,
      headers: buyer.headers,
      payload: { file_id: certificate },
    });
    expect(res.statusCode).toBe(200);
    expect((await call(buyer.headers, "GET", `/c/carts?package_id=${STARTER.id}`)).json().error.code).toBe(
      "SUSPENDED",
    );
  });
});
