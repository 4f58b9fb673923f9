import { schema } from "@sms/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, loginPerson, registerPerson } from "../../test/accounts.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";

describe("PUT /c/me/password", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const change = (token: string, current: string, password = "newpass456") =>
    t.app.inject({
      method: "PUT",
      url: "/api/v1/c/me/password",
      headers: { ...bearer(token), "accept-language": "en" },
      payload: { current_password: current, password, password_confirmation: password },
    });

  it("counts wrong current passwords toward the lockout: the 11th locks the account and ends its sessions", async () => {
    const { person } = await registerPerson(t);
    const session = await loginPerson(t, person.email);
    for (let i = 1; i <= 10; i++) {
      const res = await change(session.token, `wrong${i}xx`);
      expect(res.statusCode, `attempt ${i}`).toBe(400);
      expect(res.json().error.details).toEqual([
        { path: "current_password", message: "The current password is incorrect." },
      ]);
    }
    const eleventh = await change(session.token, "wrong11xx");
    expect(eleventh.statusCode).toBe(423);
    expect(eleventh.json().error.code).toBe("LOCKED");

    const [user] = await t.db.select().from(schema.users).where(eq(schema.users.email, person.email));
    expect(user?.lockedAt).not.toBeNull();
    expect((await change(session.token, "secret123")).statusCode).toBe(401);
    const signIn = await t.app.inject({
      method: "POST",
      url: "/api/v1/c/guest/login",
      payload: { username: person.phone_number, password: "secret123" },
    });
    expect(signIn.statusCode).toBe(423);
  });

  it("still changes the password with the right current one", async () => {
    const { person } = await registerPerson(t);
    const session = await loginPerson(t, person.email);
    expect((await change(session.token, "wrong1xx")).statusCode).toBe(400);
    const res = await change(session.token, "secret123");
    expect(res.statusCode).toBe(200);
    await loginPerson(t, person.email, "newpass456");
  });
});
