import { schema } from "@sms/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bearer,
  lastCode,
  lastMessage,
  messagesTo,
  newPerson,
  registerPerson,
  to66,
} from "../../test/accounts.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";

describe("POST /c/guest/register", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("creates the user, an owned organization and an owner member, and sends the phone code", async () => {
    const { person, body } = await registerPerson(t, {
      first_name: " Malee ",
      phone_number: "+66 81 234 5678",
    });
    expect(body.data.token_register.token).toMatch(/^ey/);
    expect(body.data.token_register.refresh_token.length).toBeGreaterThanOrEqual(43);
    expect(body.data.phone_verification).toMatchObject({ resend_after: 60, expires_in: 300 });
    expect(body.data.phone_verification.ref_code).toMatch(/^[A-Z0-9]{6}$/);

    const [user] = await t.db.select().from(schema.users).where(eq(schema.users.email, person.email));
    expect(user).toMatchObject({ firstName: "Malee", phoneNumber: "66812345678", roles: [1] });
    expect(user?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const [org] = await t.db
      .select()
      .from(schema.organizations)
      .where(eq(schema.organizations.id, user?.defaultOrganizationId ?? -1));
    expect(org?.ownerId).toBe(user?.id);
    const members = await t.db
      .select()
      .from(schema.members)
      .where(eq(schema.members.userId, user?.id ?? -1));
    expect(members).toEqual([expect.objectContaining({ organizationId: org?.id, role: 100 })]);
    const tnc = await t.db
      .select()
      .from(schema.tncLogs)
      .where(eq(schema.tncLogs.userId, user?.id ?? -1));
    expect(tnc.map((r) => r.version)).toEqual(["1.0"]);

    const sms = await lastMessage(t, "66812345678");
    expect(sms?.channel).toBe("sms");
    expect(sms?.text).toContain(body.data.phone_verification.ref_code);
    expect(sms?.text).toContain("รหัส OTP");
  });

  it("lets the register token verify the phone and the e-mail, but not read /c/me", async () => {
    const { person, body } = await registerPerson(t);
    const token = body.data.token_register.token;
    const code = await lastCode(t, to66(person.phone_number));
    const verify = await t.app.inject({
      method: "POST",
      url: "/api/v1/c/me/verify",
      headers: bearer(token),
      payload: { type: "phone", code, ref_code: body.data.phone_verification.ref_code },
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().data).toMatchObject({ type: "phone", value: to66(person.phone_number) });

    const request = await t.app.inject({
      method: "GET",
      url: "/api/v1/c/me/request-verify?type=email",
      headers: { ...bearer(token), "accept-language": "en" },
    });
    expect(request.statusCode).toBe(200);
    const mail = await lastMessage(t, person.email);
    expect(mail?.subject).toContain("Your OTP code");
    const emailCode = await lastCode(t, person.email);
    const verifyEmail = await t.app.inject({
      method: "POST",
      url: "/api/v1/c/me/verify",
      headers: bearer(token),
      payload: { type: "email", code: emailCode, ref_code: request.json().data.ref_code },
    });
    expect(verifyEmail.statusCode).toBe(200);

    const me = await t.app.inject({ method: "GET", url: "/api/v1/c/me", headers: bearer(token) });
    expect(me.statusCode).toBe(403);
  });

  it("answers an already used e-mail or phone exactly like a new registration, and notifies the owner", async () => {
    const { person } = await registerPerson(t);
    const fresh = await t.app.inject({
      method: "POST",
      url: "/api/v1/c/guest/register",
      payload: newPerson(),
    });
    const dupEmail = await t.app.inject({
      method: "POST",
      url: "/api/v1/c/guest/register",
      payload: newPerson({ email: person.email.toUpperCase() }),
    });
    const dupPhone = await t.app.inject({
      method: "POST",
      url: "/api/v1/c/guest/register",
      payload: newPerson({ phone_number: person.phone_number }),
    });
    const shape = (b: unknown) =>
      JSON.stringify(b)
        .replace(/"[^"]*"/g, '"s"')
        .replace(/\d+/g, "0");
    for (const dup of [dupEmail, dupPhone]) {
      expect(dup.statusCode).toBe(fresh.statusCode);
      expect(shape(dup.json())).toBe(shape(fresh.json()));
      const [, payload] = dup.json().data.token_register.token.split(".");
      expect(JSON.parse(Buffer.from(payload, "base64url").toString())).not.toHaveProperty("sub");
    }
    // A taken phone's owner gets a notice in place of the code; nobody gets a code for it.
    const toPhone = await messagesTo(t, to66(person.phone_number));
    // The owner's own registration code, then one notice per attempt with the phone (dupPhone).
    expect(toPhone.map((m) => (/\d{6}/.test(m.text) ? "code" : "notice")).sort()).toEqual(["code", "notice"]);
    expect(toPhone.find((m) => !/\d{6}/.test(m.text))?.text).toContain("มีผู้พยายามสมัครสมาชิกด้วยหมายเลขนี้");
    const phoneDecoy = dupPhone.json().data;
    const guess = await t.app.inject({
      method: "POST",
      url: "/api/v1/c/me/verify",
      headers: bearer(phoneDecoy.token_register.token),
      payload: { type: "phone", code: "123456", ref_code: phoneDecoy.phone_verification.ref_code },
    });
    expect(guess.json().error.code).toBe("OTP_INVALID");
    const users = await t.db.select().from(schema.users).where(eq(schema.users.email, person.email));
    expect(users).toHaveLength(1);
  });

  it("gives a taken e-mail's registrant the same codes a new one gets, and its owner a notice", async () => {
    const { person } = await registerPerson(t);
    // Someone registers the taken e-mail with a free phone of their own.
    const stranger = newPerson({ email: person.email });
    const res = await t.app.inject({ method: "POST", url: "/api/v1/c/guest/register", payload: stranger });
    expect(res.statusCode).toBe(201);
    const decoy = res.json().data;
    const headers = bearer(decoy.token_register.token);
    // Their phone receives a real code, exactly as in a new registration, and it verifies.
    const code = await lastCode(t, to66(stranger.phone_number));
    const phoneOk = await t.app.inject({
      method: "POST",
      url: "/api/v1/c/me/verify",
      headers,
      payload: { type: "phone", code, ref_code: decoy.phone_verification.ref_code },
    });
    expect(phoneOk.statusCode).toBe(200);
    expect(phoneOk.json().data).toMatchObject({ type: "phone", value: to66(stranger.phone_number) });
    // The e-mail step: the owner of the address gets a notice instead of the code.
    const before = (await messagesTo(t, person.email)).length;
    const sent = await t.app.inject({
      method: "GET",
      url: "/api/v1/c/me/request-verify?type=email",
      headers,
    });
    expect(sent.statusCode).toBe(200);
    const mails = await messagesTo(t, person.email);
    expect(mails).toHaveLength(before + 1);
    expect(mails[0]?.subject).toBe("มีผู้พยายามสมัครสมาชิกด้วยอีเมลของคุณ");
    expect(mails[0]?.text).not.toContain(sent.json().data.ref_code);
    const guess = await t.app.inject({
      method: "POST",
      url: "/api/v1/c/me/verify",
      headers,
      payload: { type: "email", code: "123456", ref_code: sent.json().data.ref_code },
    });
    expect(guess.json().error.code).toBe("OTP_INVALID");
  });

  it("uses a taken phone's send quota exactly as a free phone's, so the quota reveals nothing", async () => {
    const { person } = await registerPerson(t);
    const freePhone = newPerson().phone_number;
    const statuses = async (phone: string) => {
      const out: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await t.app.inject({
          method: "POST",
          url: "/api/v1/c/guest/register",
          payload: newPerson({ phone_number: phone, email: `${phone}.${i}@example.com` }),
        });
        out.push(res.statusCode);
      }
      return out;
    };
    // The taken phone already had one send (its own registration); give the free one the same.
    await t.app.inject({
      method: "POST",
      url: "/api/v1/c/guest/register",
      payload: newPerson({ phone_number: freePhone }),
    });
    expect(await statuses(person.phone_number)).toEqual(await statuses(freePhone));
  });

  it("answers before anything is sent: the code is a job run by the worker", async () => {
    const person = newPerson();
    const res = await t.app.inject({ method: "POST", url: "/api/v1/c/guest/register", payload: person });
    expect(res.statusCode).toBe(201);
    const waiting = await t.db
      .select()
      .from(schema.devMessages)
      .where(eq(schema.devMessages.recipient, to66(person.phone_number)));
    expect(waiting).toHaveLength(0);
    expect(await lastCode(t, to66(person.phone_number))).toMatch(/^\d{6}$/);
  });

  it("rejects bad input with translated messages in Thai and English", async () => {
    const payload = {
      first_name: "",
      email: "not-an-email",
      phone_number: "0812",
      password: "short",
      password_confirmation: "short",
      accept_terms: false,
    };
    const th = await t.app.inject({ method: "POST", url: "/api/v1/c/guest/register", payload });
    expect(th.statusCode).toBe(400);
    const thDetails = Object.fromEntries(
      th.json().error.details.map((d: { path: string; message: string }) => [d.path, d.message]),
    );
    expect(thDetails).toMatchObject({
      first_name: "กรุณากรอกข้อมูล",
      email: "อีเมลไม่ถูกต้อง",
      phone_number: "หมายเลขโทรศัพท์ต้องมี 9 หรือ 10 หลัก",
      accept_terms: "กรุณายอมรับข้อกำหนดและเงื่อนไข",
    });
    const en = await t.app.inject({
      method: "POST",
      url: "/api/v1/c/guest/register",
      headers: { "accept-language": "en" },
      payload,
    });
    const enDetails = Object.fromEntries(
      en.json().error.details.map((d: { path: string; message: string }) => [d.path, d.message]),
    );
    expect(enDetails).toMatchObject({
      last_name: "This field is required.",
      email: "The e-mail address is invalid.",
      password: "Password must be 6-20 characters, using English letters or digits only.",
    });

    const mismatch = await t.app.inject({
      method: "POST",
      url: "/api/v1/c/guest/register",
      headers: { "accept-language": "en" },
      payload: newPerson({ password_confirmation: "other123" }),
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.details).toEqual([
      { path: "password_confirmation", message: "The password confirmation does not match." },
    ]);
  });

  it("ignores unknown fields (no mass assignment)", async () => {
    const { person } = await registerPerson(t, { roles: [1000], locked_at: null, id: 1 });
    const [user] = await t.db.select().from(schema.users).where(eq(schema.users.email, person.email));
    expect(user?.roles).toEqual([1]);
  });
});
