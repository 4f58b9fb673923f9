import { beforeEach, describe, expect, it } from "vitest";
import { session } from "~/lib/session";
import { clientLoader } from "./layout";

async function guard(url: string): Promise<string | null> {
  const request = new Request(`http://localhost${url}`);
  const outcome = await clientLoader({ request, params: {} } as never).catch((r: unknown) => r);
  return outcome instanceof Response ? outcome.headers.get("Location") : null;
}

beforeEach(() => localStorage.clear());

describe("the signed-in area's guard", () => {
  it("sends a visitor without a session to /login, remembering the page in either locale", async () => {
    expect(await guard("/en/accounts?tab=password")).toBe("/en/login?next=%2Faccounts%3Ftab%3Dpassword");
    expect(await guard("/contacts/12")).toBe("/login?next=%2Fcontacts%2F12");
    expect(await guard("/dashboard")).toBe("/login");
  });

  it("lets a stored session through", async () => {
    session.set({ token: "access", refresh_token: "refresh" });
    expect(await guard("/en/accounts")).toBeNull();
  });
});
