import { beforeEach, describe, expect, it } from "vitest";
import { session } from "~/lib/session";
import { clientLoader } from "./layout";

async function guard(url: string): Promise<string | null> {
  const request = new Request(`http://localhost${url}`);
  const outcome = await clientLoader({ request, params: {} } as never).catch((r: unknown) => r);
  return outcome instanceof Response ? outcome.headers.get("Location") : null;
}

beforeEach(() => localStorage.clear());

describe("the back office's guard", () => {
  it("sends a visitor without a session to /login, remembering the back-office page", async () => {
    expect(await guard("/en/admin/contact-submissions?page=2")).toBe(
      "/en/login?next=%2Fadmin%2Fcontact-submissions%3Fpage%3D2",
    );
    expect(await guard("/admin")).toBe("/login?next=%2Fadmin");
  });

  it("lets a stored session through", async () => {
    session.set({ token: "access", refresh_token: "refresh" });
    expect(await guard("/admin")).toBeNull();
  });
});
