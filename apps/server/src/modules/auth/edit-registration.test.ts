import { schema } from "@sms/db";
import { eq, or, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bearer,
  lastCode,
  lastMessage,
  loginPerson,
  markPhoneVerified,
  messagesTo,
  newPerson,
  registerPerson,
  to66,
} from "../../test/accounts.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";

/** PUT /c/me/registration: step 1 sent again from a registration in progress (ADR 36, review D72). */
describe("correcting an unfinished registration", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const edit = (token: string, payload: Record<string, unknown>, lang = "th") =>
    t.app.inject({
      method: "PUT",
      url: "/api/v1/c/me/registration",
      headers: { ...bearer(token), "accept-language": lang },
      payload,
    });
  const verify = (token: string, type: "phone" | "email", code: string, ref_code: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/v1/c/me/verify",
      headers: bearer(token),
      payload: { type, code, ref_code },
    });
  const usersWith = (email: string, phone: string) =>
    t.db
      .select()
      .from(schema.users)
      .where(
        or(eq(sql`lower(${schema.users.email})`, email.toLowerCase()), eq(schema.users.phoneNumber, phone)),
      );

  it("gives the same pending account the corrected phone: no second account, the old code is void", async () => {
    const { person, body } = await registerPerson(t);
    const token = body.data.token_register.token;
    const oldCode = await lastCode(t, to66(person.phone_number));
    const [before] = await usersWith(person.email, to66(person.phone_number));
    const right = newPerson().phone_number;

    const res = await edit(token, { ...person, phone_number: right });
    expect(res.statusCode).toBe(200);
    const ticket = res.json().data;
    expect(ticket).toMatchObject({ resend_after: 60, expires_in: 300 });

    // One account, the same one, now with the corrected phone; nobody holds the mistyped one.
    const accounts = await usersWith(person.email, to66(right));
    expect(accounts.map((u) => [u.id, u.phoneNumber])).toEqual([[before?.id, to66(right)]]);
    expect(await usersWith("nobody@example.invalid", to66(person.phone_number))).toEqual([]);
    // The code that went to the mistyped number no longer verifies anything.
    const stale = await verify(token, "phone", oldCode, body.data.phone_verification.ref_code);
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error.code).toBe("OTP_INVALID");
    const [oldRow] = await t.db
      .select()
      .from(schema.otpCodes)
      .where(eq(schema.otpCodes.destination, to66(person.phone_number)));
    expect(oldRow?.consumedAt).not.toBeNull();

    // The corrected number's code verifies, and the e-mail step sends a code (not an "account
    // exists" notice): the registration can be finished.
    const phoneOk = await verify(token, "phone", await lastCode(t, to66(right)), ticket.ref_code);
    expect(phoneOk.statusCode).toBe(200);
    const mailTicket = await t.app.inject({
      method: "GET",
      url: "/api/v1/c/me/request-verify?type=email",
      headers: bearer(token),
    });
    expect(mailTicket.statusCode).toBe(200);
    const mail = await lastMessage(t, person.email);
    expect(mail?.text).toContain(mailTicket.json().data.ref_code);
    const emailOk = await verify(
      token,
      "email",
      await lastCode(t, person.email),
      mailTicket.json().data.ref_code,
    );
    expect(emailOk.statusCode).toBe(200);
    const [done] = await usersWith(person.email, to66(right));
    expect(done?.phoneNumberVerifiedAt).not.toBeNull();
    expect(done?.emailVerifiedAt).not.toBeNull();
    // The last step queues the welcome e-mail with the next steps (review D4).
    const welcome = await lastMessage(t, person.email);
    expect(welcome?.subject).toBe("ยินดีต้อนรับ สมัครสมาชิกเรียบร้อยแล้ว");
    expect(welcome?.text).toContain("/senders/create");
    // The account signs in with the password of the corrected details.
    expect((await loginPerson(t, person.email)).token).toMatch(/^ey/);
  });

  it("takes the new names, e-mail and password into the same account and starts verification again", async () => {
    const { person, body } = await registerPerson(t);
    const token = body.data.token_register.token;
    const [before] = await usersWith(person.email, to66(person.phone_number));
    await verify(
      token,
      "phone",
      await lastCode(t, to66(person.phone_number)),
      body.data.phone_verification.ref_code,
    );
    const fixed = newPerson({
      first_name: "Suda",
      password: "better456",
      password_confirmation: "better456",
    });

    expect((await edit(token, fixed)).statusCode).toBe(200);
    const [after] = await usersWith(fixed.email, to66(fixed.phone_number));
    expect(after).toMatchObject({
      id: before?.id,
      firstName: "Suda",
      email: fixed.email,
      phoneNumberVerifiedAt: null,
    });
    expect(await usersWith(person.email, to66(person.phone_number))).toEqual([]);
    expect((await loginPerson(t, fixed.email, "better456")).token).toMatch(/^ey/);
  });

  it("never touches someone else's verified account: its owner gets a notice, the session cannot verify", async () => {
    const { person: owner } = await registerPerson(t);
    await markPhoneVerified(t, owner.phone_number);
    const [ownerBefore] = await usersWith(owner.email, to66(owner.phone_number));
    const { person, body } = await registerPerson(t);
    const token = body.data.token_register.token;
    const [pending] = await usersWith(person.email, to66(person.phone_number));

    // The new phone is the owner's: same answer as any correction.
    const res = await edit(token, { ...person, phone_number: owner.phone_number });
    expect(res.statusCode).toBe(200);
    const ticket = res.json().data;
    const toOwner = await lastMessage(t, to66(owner.phone_number));
    expect(toOwner?.text).toContain("มีผู้พยายามสมัครสมาชิกด้วยหมายเลขนี้");
    expect(toOwner?.text).not.toContain(ticket.ref_code);
    const guess = await verify(token, "phone", "123456", ticket.ref_code);
    expect(guess.json().error.code).toBe("OTP_INVALID");

    // Then the owner's e-mail: the owner's account is unchanged by either attempt.
    expect((await edit(token, { ...person, email: owner.email.toUpperCase() })).statusCode).toBe(200);
    const [ownerAfter] = await usersWith(owner.email, to66(owner.phone_number));
    expect(ownerAfter).toEqual(ownerBefore);
    // The pending account kept its own details meanwhile, and still only one account each.
    const [pendingAfter] = await usersWith(person.email, to66(person.phone_number));
    expect(pendingAfter).toMatchObject({
      id: pending?.id,
      email: person.email,
      phoneNumber: to66(person.phone_number),
    });
    // Its e-mail step: the owner of the address gets the notice, not a code.
    const mailStep = await t.app.inject({
      method: "GET",
      url: "/api/v1/c/me/request-verify?type=email",
      headers: bearer(token),
    });
    expect(mailStep.statusCode).toBe(200);
    const mailbox = await messagesTo(t, owner.email);
    expect(mailbox[0]?.text).not.toContain(mailStep.json().data.ref_code);
    expect(mailbox[0]?.subject).toBe("มีผู้พยายามสมัครสมาชิกด้วยอีเมลของคุณ");

    // Correcting again to free details reaches the same pending account, which can be verified.
    const right = newPerson().phone_number;
    const back = await edit(token, { ...person, phone_number: right });
    expect(back.statusCode).toBe(200);
    const [fixed] = await usersWith(person.email, to66(right));
    expect(fixed?.id).toBe(pending?.id);
    const ok = await verify(token, "phone", await lastCode(t, to66(right)), back.json().data.ref_code);
    expect(ok.statusCode).toBe(200);
    const [verified] = await usersWith(person.email, to66(right));
    expect(verified?.phoneNumberVerifiedAt).not.toBeNull();
  });

  it("gives a decoy registration (a taken e-mail) its own account once its details are free", async () => {
    const { person: owner } = await registerPerson(t);
    const first = newPerson({ email: owner.email });
    const res = await t.app.inject({ method: "POST", url: "/api/v1/c/guest/register", payload: first });
    const token = res.json().data.token_register.token;
    expect(await usersWith(owner.email, to66(first.phone_number))).toHaveLength(1);

    const fixed = newPerson({ phone_number: first.phone_number });
    const again = await edit(token, fixed);
    expect(again.statusCode).toBe(200);
    const created = await usersWith(fixed.email, to66(first.phone_number));
    expect(created.map((u) => u.email)).toEqual([fixed.email]);
    const ok = await verify(
      token,
      "phone",
      await lastCode(t, to66(first.phone_number)),
      again.json().data.ref_code,
    );
    expect(ok.statusCode).toBe(200);
    const [verified] = await usersWith(fixed.email, to66(first.phone_number));
    expect(verified?.phoneNumberVerifiedAt).not.toBeNull();
  });

  it("welcomes only a real account: a decoy that verifies a free e-mail gets no welcome", async () => {
    const { person: owner } = await registerPerson(t);
    const stranger = newPerson({ phone_number: owner.phone_number });
    const res = await t.app.inject({ method: "POST", url: "/api/v1/c/guest/register", payload: stranger });
    const token = res.json().data.token_register.token;
    const sent = await t.app.inject({
      method: "GET",
      url: "/api/v1/c/me/request-verify?type=email",
      headers: { ...bearer(token), "accept-language": "en" },
    });
    const ok = await verify(token, "email", await lastCode(t, stranger.email), sent.json().data.ref_code);
    expect(ok.statusCode).toBe(200);
    const mails = await messagesTo(t, stranger.email);
    expect(mails.map((m) => m.subject)).toEqual([`Your OTP code (Ref: ${sent.json().data.ref_code})`]);
  });

  it("keeps the per-account SMS budget: corrections are code sends like any other", async () => {
    const { person, body } = await registerPerson(t);
    const token = body.data.token_register.token;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(
        (await edit(token, { ...person, phone_number: newPerson().phone_number }, "en")).statusCode,
      );
    }
    // The registration's code and four corrections are the day's five; the fifth correction waits.
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    const refused = await edit(token, { ...person, phone_number: newPerson().phone_number }, "en");
    expect(refused.headers["retry-after"]).toBeDefined();
  });

  it("refuses a signed-in session, a finished registration and bad input", async () => {
    const { person, body } = await registerPerson(t);
    const token = body.data.token_register.token;
    const bad = await edit(token, { ...person, email: "", phone_number: "0812" }, "en");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details).toEqual(
      expect.arrayContaining([
        { path: "email", message: "This field is required." },
        expect.objectContaining({ path: "phone_number" }),
      ]),
    );

    await t.db
      .update(schema.users)
      .set({ phoneNumberVerifiedAt: new Date(), emailVerifiedAt: new Date() })
      .where(eq(schema.users.email, person.email));
    const done = await edit(token, person, "en");
    expect(done.statusCode).toBe(409);
    expect(done.json().error.message).toBe("This registration is already complete. Please sign in.");
    // Only a register token reaches it.
    const signedIn = await loginPerson(t, person.email);
    expect((await edit(signedIn.token, person)).statusCode).toBe(403);
  });
});
