import { schema } from "@sms/db";
import { PACKAGE_CATALOGUE } from "@sms/db/seed";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS } from "../../plugins/rate-limit.ts";
import { createTestApp, TEST_ADMIN, type TestContext } from "../../test/test-app.ts";

const valid = {
  name: "สมชาย ใจดี",
  email: "somchai@example.co.th",
  phone: "081-234-5678",
  company: "ร้านใจดีการค้า",
  topic: "sales",
  message: "อยากทราบราคาแพ็กเกจสำหรับส่ง SMS 50,000 ข้อความต่อเดือนครับ",
};

let ipSeq = 0;
const nextIp = () => `203.0.113.${++ipSeq}`;

describe("marketing API", () => {
  let t: TestContext;
  beforeAll(async () => {
    // Real limits: the contact-form limit is tested below.
    t = await createTestApp({ env: { RATE_LIMIT_SCALE: "1" } });
  });
  afterAll(() => t.close());

  describe("GET /api/v1/c/packages", () => {
    it("is public and lists the seeded catalogue with the price per SMS", async () => {
      const res = await t.app.inject({ method: "GET", url: "/api/v1/c/packages" });
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      expect(data.page_information).toMatchObject({ page: 1, total_item: PACKAGE_CATALOGUE.length });
      expect(data.entities.map((p: { id: number }) => p.id)).toEqual(PACKAGE_CATALOGUE.map((p) => p.id));
      const trial = data.entities.find((p: { id: number }) => p.id === 17);
      expect(trial).toMatchObject({ is_trial: true, price: 0, price_per_sms: 0 });
      const starter = data.entities.find((p: { id: number }) => p.id === 1);
      // 799 baht / 1,500 SMS = 0.5327 → rounded to 0.53.
      expect(starter).toMatchObject({
        credits: 1500,
        months: 1,
        price: 799,
        price_satang: 79_900,
        price_per_sms: 0.53,
      });
      const cheapest = Math.min(
        ...data.entities
          .filter((p: { is_trial: boolean }) => !p.is_trial)
          .map((p: { price_per_sms: number }) => p.price_per_sms),
      );
      expect(cheapest).toBe(0.19);
    });

    it("pages and hides inactive packages", async () => {
      await t.app.db.update(schema.packages).set({ active: false }).where(eq(schema.packages.id, 5));
      const res = await t.app.inject({ method: "GET", url: "/api/v1/c/packages?page=2&size=2" });
      const { data } = res.json();
      expect(data.page_information).toMatchObject({ page: 2, size: 2, total_item: 5, total_pages: 3 });
      expect(data.entities).toHaveLength(2);
      await t.app.db.update(schema.packages).set({ active: true }).where(eq(schema.packages.id, 5));
    });

    it("rejects a bad query with the error envelope", async () => {
      const res = await t.app.inject({ method: "GET", url: "/api/v1/c/packages?size=0" });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe("VALIDATION");
    });
  });

  describe("POST /api/v1/c/contact-us", () => {
    it("stores the message and e-mails it to the support address from a job", async () => {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/v1/c/contact-us",
        payload: valid,
        remoteAddress: nextIp(),
        headers: { "user-agent": "vitest" },
      });
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ data: { received: true } });
      const [row] = await t.app.db
        .select()
        .from(schema.contactSubmissions)
        .where(eq(schema.contactSubmissions.email, valid.email));
      expect(row).toMatchObject({
        name: valid.name,
        phone: "0812345678",
        topic: "sales",
        locale: "th",
        userAgent: "vitest",
      });
      // The answer does not wait for the mail server: the e-mail is a job.
      expect(row?.emailedAt).toBeNull();
      expect(await t.jobs.drain()).toBe(1);
      const [sent] = await t.app.db
        .select()
        .from(schema.contactSubmissions)
        .where(eq(schema.contactSubmissions.id, row?.id ?? -1));
      expect(sent?.emailedAt).toBeInstanceOf(Date);
      const mails = await t.app.db
        .select()
        .from(schema.devMessages)
        .where(eq(schema.devMessages.recipient, "support@smsportal.local"));
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toBe(`[ติดต่อเรา] สอบถามราคาและแพ็กเกจ จาก ${valid.name}`);
      expect(mails[0]?.text).toContain(valid.message);
      expect(mails[0]?.text).toContain(`#${row?.id}`);
    });

    it("answers translated field errors in Thai and English", async () => {
      const bad = { name: " ", email: "not-an-email", phone: "12", topic: "jokes", message: "hi" };
      const th = await t.app.inject({
        method: "POST",
        url: "/api/v1/c/contact-us",
        payload: bad,
        remoteAddress: nextIp(),
      });
      expect(th.statusCode).toBe(400);
      const thDetails = Object.fromEntries(
        th.json().error.details.map((d: { path: string; message: string }) => [d.path, d.message]),
      );
      expect(thDetails).toMatchObject({
        name: "กรุณากรอกข้อมูล",
        email: "กรุณากรอกอีเมลให้ถูกต้อง",
        phone: "หมายเลขโทรศัพท์ต้องมี 9 หรือ 10 หลัก",
        topic: "กรุณาเลือกหัวข้อที่ต้องการติดต่อ",
        message: "กรุณาระบุรายละเอียดอย่างน้อย 10 ตัวอักษร",
      });
      const en = await t.app.inject({
        method: "POST",
        url: "/api/v1/c/contact-us",
        payload: bad,
        remoteAddress: nextIp(),
        headers: { "accept-language": "en" },
      });
      const enDetails = Object.fromEntries(
        en.json().error.details.map((d: { path: string; message: string }) => [d.path, d.message]),
      );
      expect(en.json().error.message).toBe("Some fields are invalid. Please check them.");
      expect(enDetails).toMatchObject({
        name: "This field is required.",
        email: "Please enter a valid e-mail address.",
        phone: "The phone number must contain 9 or 10 digits.",
        message: "Please tell us a little more (at least 10 characters).",
      });
    });

    it("refuses markup in the name and says which fields are required", async () => {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/v1/c/contact-us",
        payload: { name: "<b>Ann</b>", email: "", topic: "", message: "" },
        remoteAddress: nextIp(),
        headers: { "accept-language": "en" },
      });
      expect(res.statusCode).toBe(400);
      const details = Object.fromEntries(
        res.json().error.details.map((d: { path: string; message: string }) => [d.path, d.message]),
      );
      expect(details).toEqual({
        name: "A name cannot contain < or >.",
        email: "This field is required.",
        topic: "This field is required.",
        message: "This field is required.",
      });
    });

    it("accepts a honeypot hit like a success but keeps and sends nothing", async () => {
      const before = await t.app.db.select().from(schema.contactSubmissions);
      const mailsBefore = await t.app.db.select().from(schema.devMessages);
      const res = await t.app.inject({
        method: "POST",
        url: "/api/v1/c/contact-us",
        payload: { ...valid, email: "bot@example.com", website: "http://spam.example" },
        remoteAddress: nextIp(),
      });
      expect(res.statusCode).toBe(202);
      const after = await t.app.db.select().from(schema.contactSubmissions);
      expect(after).toHaveLength(before.length);
      const mailsAfter = await t.app.db.select().from(schema.devMessages);
      expect(mailsAfter).toHaveLength(mailsBefore.length);
    });

    it("limits accepted submissions per IP with a translated 429 and Retry-After", async () => {
      const ip = nextIp();
      // Rejected forms do not count: a person fixing typos keeps every attempt.
      for (let i = 0; i < 3; i++) {
        const rejected = await t.app.inject({
          method: "POST",
          url: "/api/v1/c/contact-us",
          payload: { ...valid, message: "hi" },
          remoteAddress: ip,
        });
        expect(rejected.statusCode).toBe(400);
      }
      for (let i = 0; i < RATE_LIMITS.contact.max; i++) {
        const ok = await t.app.inject({
          method: "POST",
          url: "/api/v1/c/contact-us",
          payload: valid,
          remoteAddress: ip,
        });
        expect(ok.statusCode).toBe(202);
      }
      const limited = await t.app.inject({
        method: "POST",
        url: "/api/v1/c/contact-us",
        payload: valid,
        remoteAddress: ip,
        headers: { "accept-language": "en" },
      });
      expect(limited.statusCode).toBe(429);
      expect(limited.headers["retry-after"]).toBeDefined();
      expect(limited.json().error).toMatchObject({
        code: "RATE_LIMITED",
        message: "Too many requests. Please wait a moment and try again.",
      });
      const other = await t.app.inject({
        method: "POST",
        url: "/api/v1/c/contact-us",
        payload: valid,
        remoteAddress: nextIp(),
      });
      expect(other.statusCode).toBe(202);
    });
  });

  describe("GET /api/v1/admin/contact-submissions", () => {
    it("needs a token", async () => {
      const res = await t.app.inject({ method: "GET", url: "/api/v1/admin/contact-submissions" });
      expect(res.statusCode).toBe(401);
    });

    it("lets an admin read the messages, newest first", async () => {
      const login = await t.app.inject({
        method: "POST",
        url: "/api/v1/c/guest/login",
        payload: { username: TEST_ADMIN.email, password: TEST_ADMIN.password },
        remoteAddress: nextIp(),
      });
      expect(login.statusCode).toBe(200);
      const token = login.json().data?.token ?? login.json().token;
      const res = await t.app.inject({
        method: "GET",
        url: "/api/v1/admin/contact-submissions?size=3",
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      expect(data.entities).toHaveLength(3);
      expect(data.page_information.total_item).toBeGreaterThanOrEqual(7);
      expect(data.entities[0]).toMatchObject({ email: valid.email, topic: "sales" });
      expect(Date.parse(data.entities[0].created_at)).toBeGreaterThanOrEqual(
        Date.parse(data.entities[2].created_at),
      );
    });
  });
});
