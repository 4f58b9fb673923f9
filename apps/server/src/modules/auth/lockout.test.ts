import { schema } from "@sms/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, messagesTo, registerPerson, to66 } from "../../test/accounts.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";
import { login } from "./login.ts";
import { DEVICE_COOKIE } from "./trusted-devices.ts";

/** ADR 0004: the lockout keeps spec §9's rule without giving strangers a lever on the owner. */
describe("login lockout", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, device?: string) =>
    t.app.inject({
      method: "POST",
      url: `/api/v1/c/guest/${url}`,
      headers: { "accept-language": "en", ...(device ? { cookie: `${DEVICE_COOKIE}=${device}` } : {}) },
      payload,
    });
  const attempt = (username: string, password: string, device?: string) =>
    post("login", { username, password }, device);
  const statuses = async (username: string, n: number, device?: string) => {
    const out: number[] = [];
    for (let i = 1; i <= n; i++) out.push((await attempt(username, `wrong${i}xx`, device)).statusCode);
    return out;
  };
  const deviceCookieOf = (res: Awaited<ReturnType<typeof attempt>>) =>
    res.cookies.find((c) => c.name === DEVICE_COOKIE);
  const lockedAt = async (email: string) =>
    (await t.db.select().from(schema.users).where(eq(schema.users.email, email)))[0]?.lockedAt ?? null;

  it("counts 14 concurrent wrong passwords without losing one: 10 answer 400, 4 answer 423, the account locks", async () => {
    const { person } = await registerPerson(t);
    const answers = await Promise.all(
      Array.from({ length: 14 }, (_, i) => attempt(person.email, `wrong${i}xx`)),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([...Array(10).fill(400), ...Array(4).fill(423)]);
    expect(await lockedAt(person.email)).not.toBeNull();
    expect((await attempt(person.email, "secret123")).statusCode).toBe(423);
  });

  it("answers a real e-mail and an unknown one with the same statuses and bodies, before and after the lock", async () => {
    const { person } = await registerPerson(t);
    const ghost = `ghost.${process.pid}@example.com`;
    const real: unknown[] = [];
    const unknown: unknown[] = [];
    for (let i = 1; i <= 13; i++) {
      const a = await attempt(person.email, `wrong${i}xx`);
      const b = await attempt(ghost, `wrong${i}xx`);
      real.push([a.statusCode, a.json()]);
      unknown.push([b.statusCode, b.json()]);
    }
    expect(real).toEqual(unknown);
    expect(real.map((r) => (r as [number])[0])).toEqual([...Array(10).fill(400), 423, 423, 423]);
  });

  it("keeps a username locked on the next Bangkok day alike for a real and an unknown one", async () => {
    const { person } = await registerPerson(t);
    const today = new Date();
    const tomorrow = new Date(today.getTime() + 24 * 3600 * 1000);
    const ghost = `nobody.${process.pid}@example.com`;
    for (const username of [person.email, ghost]) {
      for (let i = 1; i <= 11; i++) {
        await expect(
          login(t.db, t.app.config, { username, password: `wrong${i}xx` }, { now: today }),
        ).rejects.toMatchObject({ code: i <= 10 ? "INVALID_CREDENTIALS" : "LOCKED" });
      }
      await expect(
        login(t.db, t.app.config, { username, password: "wrongagain" }, { now: tomorrow }),
      ).rejects.toMatchObject({ code: "LOCKED" });
    }
  });

  it("does not link the e-mail and the phone: failures with one leave the other's answers unchanged", async () => {
    const { person } = await registerPerson(t);
    expect(await statuses(person.email, 11)).toEqual([...Array(10).fill(400), 423]);
    // The phone of the same account answers exactly like a phone that belongs to no one.
    const phone = await statuses(person.phone_number, 12);
    const strangerPhone = await statuses("0899912345", 12);
    expect(phone).toEqual(strangerPhone);
    expect(phone).toEqual([...Array(10).fill(400), 423, 423]);
  });

  it("an attacker hammering the victim's e-mail does not lock the victim out of their trusted browser", async () => {
    const { person } = await registerPerson(t);
    const first = await attempt(person.email, "secret123");
    expect(first.statusCode).toBe(200);
    const cookie = deviceCookieOf(first);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/api/v1/c/guest" });

    // The attacker has no device cookie, or one of their own account.
    const { person: attacker } = await registerPerson(t);
    const attackerCookie = deviceCookieOf(await attempt(attacker.email, "secret123"))?.value;
    expect(await statuses(person.email, 15)).toEqual([...Array(10).fill(400), ...Array(5).fill(423)]);
    expect((await attempt(person.email, "secret123", attackerCookie)).statusCode).toBe(423);
    expect((await attempt(person.email, "secret123")).statusCode).toBe(423);

    const mine = await attempt(person.email, "secret123", cookie?.value);
    expect(mine.statusCode).toBe(200);
    const me = await t.app.inject({
      method: "GET",
      url: "/api/v1/c/me",
      headers: bearer(mine.json().data.token),
    });
    expect(me.statusCode).toBe(200);
    // The cookie is replaced on every login; the old value is no longer trusted.
    const renewed = deviceCookieOf(mine)?.value;
    expect(renewed).toBeDefined();
    expect(renewed).not.toBe(cookie?.value);
    expect((await attempt(person.email, "secret123", cookie?.value)).statusCode).toBe(423);
    expect((await attempt(person.email, "secret123", renewed)).statusCode).toBe(200);
  });

  it("an attacker using up the reset-code quota cannot keep the owner from unlocking", async () => {
    const { person } = await registerPerson(t);
    const cookie = deviceCookieOf(await attempt(person.email, "secret123"))?.value;
    await statuses(person.email, 11);
    expect(await lockedAt(person.email)).not.toBeNull();

    const burned: number[] = [];
    for (let i = 0; i < 6; i++)
      burned.push((await post("forgot-password", { username: person.email })).statusCode);
    expect(burned).toEqual([200, 200, 200, 200, 200, 429]);

    const forgot = await post("forgot-password", { username: person.email }, cookie);
    expect(forgot.statusCode).toBe(200);
    const { ref_code: ref, token } = forgot.json().data;
    const mail = (await messagesTo(t, person.email)).find((m) => m.text.includes(ref));
    const code = mail?.text.match(/\d{6}/)?.[0] ?? "";
    const verify = await post("forgot-password/verify", { token, code });
    expect(verify.statusCode).toBe(200);
    const reset = await post("reset-password", {
      reset_token: verify.json().data.reset_token,
      password: "newpass456",
      password_confirmation: "newpass456",
    });
    expect(reset.statusCode).toBe(200);
    expect(await lockedAt(person.email)).toBeNull();
    // Unlocked for every client, and the reset ended the device trust (it may follow a compromise).
    expect((await attempt(person.email, "newpass456")).statusCode).toBe(200);
    expect((await attempt(person.phone_number, "newpass456")).statusCode).toBe(200);
    const [user] = await t.db.select().from(schema.users).where(eq(schema.users.email, person.email));
    const devices = await t.db
      .select()
      .from(schema.trustedDevices)
      .where(eq(schema.trustedDevices.userId, user?.id ?? 0));
    expect(devices.filter((d) => d.revokedAt === null)).toHaveLength(2);
    expect(devices.length).toBeGreaterThan(2);
  });

  it("a trusted device has its own budget: over the limit it loses its trust and the account locks", async () => {
    const { person } = await registerPerson(t);
    const cookie = deviceCookieOf(await attempt(person.email, "secret123"))?.value;
    expect(await statuses(person.email, 11, cookie)).toEqual([...Array(10).fill(400), 423]);
    expect(await lockedAt(person.email)).not.toBeNull();
    expect((await attempt(person.email, "secret123", cookie)).statusCode).toBe(423);
    expect((await attempt(to66(person.phone_number), "secret123")).statusCode).toBe(423);
  });

  it("a locked account shows the lock only to a caller who gives its right password", async () => {
    const { person } = await registerPerson(t);
    await statuses(person.email, 11);
    expect((await attempt(person.phone_number, "wrong-again1")).statusCode).toBe(400);
    const right = await attempt(person.phone_number, "secret123");
    expect(right.statusCode).toBe(423);
    expect(right.json().error.code).toBe("LOCKED");
  });
});
