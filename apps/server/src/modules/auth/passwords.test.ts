import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { bearer, loginPerson, registerPerson } from "../../test/accounts.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";

/** Counts the argon2 work each request does; the real functions still run. */
const argon = vi.hoisted(() => ({ calls: 0 }));
vi.mock("@node-rs/argon2", async (importOriginal) => {
  const real = await importOriginal<typeof import("@node-rs/argon2")>();
  return {
    ...real,
    hash: (...args: Parameters<typeof real.hash>) => {
      argon.calls += 1;
      return real.hash(...args);
    },
    verify: (...args: Parameters<typeof real.verify>) => {
      argon.calls += 1;
      return real.verify(...args);
    },
  };
});

describe("password hashing work", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
    // The dummy hash is made once, lazily; make it now so it is not counted below.
    await t.app.inject({
      method: "POST",
      url: "/api/v1/c/guest/login",
      payload: { username: "warmup@example.com", password: "x" },
    });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    argon.calls = 0;
  });

  const login = (username: string, password: string) =>
    t.app.inject({ method: "POST", url: "/api/v1/c/guest/login", payload: { username, password } });
  const work = async (request: () => Promise<unknown>) => {
    argon.calls = 0;
    await request();
    return argon.calls;
  };

  it("does one password check for a real account, an unknown name and a locked name alike", async () => {
    const { person } = await registerPerson(t);
    const ghost = `ghost.${process.pid}@example.com`;
    const counts = {
      real: await work(() => login(person.email, "wrong1xx")),
      unknown: await work(() => login(ghost, "wrong1xx")),
      unparsable: await work(() => login("not-a-username", "wrong1xx")),
    };
    for (let i = 0; i < 11; i++) {
      await login(person.email, "wrong2xx");
      await login(ghost, "wrong2xx");
    }
    const locked = {
      real: await work(() => login(person.email, "wrong3xx")),
      unknown: await work(() => login(ghost, "wrong3xx")),
    };
    expect(counts).toEqual({ real: 1, unknown: 1, unparsable: 1 });
    expect(locked).toEqual({ real: 1, unknown: 1 });
  });

  const huge = "a".repeat(200_000);

  it("refuses a password longer than the policy before any hashing, on every route that takes one", async () => {
    const { person } = await registerPerson(t);
    const session = await loginPerson(t, person.email);
    argon.calls = 0;
    const answers = [
      await login(person.email, huge),
      await t.app.inject({
        method: "POST",
        url: "/api/v1/c/guest/register",
        payload: { ...person, email: "other@example.com", password: huge, password_confirmation: huge },
      }),
      await t.app.inject({
        method: "POST",
        url: "/api/v1/c/guest/reset-password",
        payload: { reset_token: "x".repeat(43), password: huge, password_confirmation: huge },
      }),
      await t.app.inject({
        method: "PUT",
        url: "/api/v1/c/me/password",
        headers: bearer(session.token),
        payload: { current_password: huge, password: "newpass456", password_confirmation: "newpass456" },
      }),
      await t.app.inject({
        method: "PUT",
        url: "/api/v1/c/me/password",
        headers: bearer(session.token),
        payload: { current_password: "secret123", password: huge, password_confirmation: huge },
      }),
    ];
    expect(answers.map((r) => [r.statusCode, r.json().error.code])).toEqual(
      Array(5).fill([400, "VALIDATION"]),
    );
    expect(argon.calls).toBe(0);
    // Too long to be anyone's password, and not counted as a wrong one.
    expect(answers[0]?.json().error.details).toEqual([{ path: "password", message: "รหัสผ่านยาวเกินไป" }]);
  });

  it("accepts a sign-in password up to the check limit (passwords of an older, longer policy)", async () => {
    const res = await work(() => login("someone@example.com", "b".repeat(128)));
    expect(res).toBe(1);
    expect((await login("someone@example.com", "b".repeat(129))).json().error.code).toBe("VALIDATION");
  });
});
