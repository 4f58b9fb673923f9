import { beforeEach, describe, expect, it, vi } from "vitest";
import { redirectWithoutSession } from "./early-guard";
import { afterLoginPath, loginPath, safeNextPath, session, signInRedirect } from "./session";

describe("the page to return to after signing in", () => {
  it("keeps a path of the signed-in area with its query, without the locale", () => {
    expect(safeNextPath("/accounts")).toBe("/accounts");
    expect(safeNextPath("/en/contacts/12?tab=history")).toBe("/contacts/12?tab=history");
    expect(safeNextPath("/admin")).toBe("/admin");
  });

  it.each([
    ["another site", "https://evil.example/accounts"],
    ["a protocol-relative URL", "//evil.example/accounts"],
    ["a backslash trick", "/\\evil.example/accounts"],
    ["a tab that the URL parser drops", "/\t/evil.example/accounts"],
    ["a script URL", "javascript:alert(1)"],
    ["a relative path", "accounts"],
    ["a public page", "/clients/packages"],
    ["an auth page", "/en/login"],
    ["an unknown path", "/nope"],
    ["nothing", null],
  ])("refuses %s", (_label, raw) => {
    expect(safeNextPath(raw)).toBeNull();
  });

  it("builds /login with the page in either locale, and leaves out the dashboard", () => {
    expect(loginPath("th", "/accounts")).toBe("/login?next=%2Faccounts");
    expect(loginPath("en", "/en/accounts?x=1")).toBe("/en/login?next=%2Faccounts%3Fx%3D1");
    expect(loginPath("en", "/en/dashboard")).toBe("/en/login");
    expect(loginPath("th", "https://evil.example/")).toBe("/login");
  });

  it("goes to the page in the locale being used, or to the dashboard", () => {
    expect(afterLoginPath("en", "/accounts")).toBe("/en/accounts");
    expect(afterLoginPath("th", "/en/contacts/12?tab=history")).toBe("/contacts/12?tab=history");
    expect(afterLoginPath("en", "//evil.example")).toBe("/en/dashboard");
    expect(afterLoginPath("th", null)).toBe("/dashboard");
    // Staff land in the back office, unless they were on their way to a page.
    expect(afterLoginPath("en", null, true)).toBe("/en/admin");
    expect(afterLoginPath("th", null, true)).toBe("/admin");
    expect(afterLoginPath("en", "/accounts", true)).toBe("/en/accounts");
  });
});

describe("the first-load guard of the signed-in area", () => {
  beforeEach(() => localStorage.clear());

  it("sends an app or back-office page without a session to the localized /login, keeping the page", () => {
    expect(signInRedirect("/en/contacts/12/edit")).toBe("/en/login?next=%2Fcontacts%2F12%2Fedit");
    expect(signInRedirect("/reports/messages?page=2")).toBe("/login?next=%2Freports%2Fmessages%3Fpage%3D2");
    expect(signInRedirect("/en/admin")).toBe("/en/login?next=%2Fadmin");
    expect(signInRedirect("/dashboard")).toBe("/login");
  });

  it("leaves public, auth and unknown pages alone, and any page once a session is stored", () => {
    for (const path of ["/", "/en/clients/packages", "/login", "/en/register", "/no/such/page"]) {
      expect(signInRedirect(path)).toBeNull();
    }
    session.set({ token: "access", refresh_token: "refresh" });
    expect(signInRedirect("/en/contacts/12/edit")).toBeNull();
  });

  it("replaces the location only when the page needs a session", () => {
    const replace = vi.fn();
    expect(redirectWithoutSession({ pathname: "/en/verifications", search: "", replace })).toBe(true);
    expect(replace).toHaveBeenCalledWith("/en/login?next=%2Fverifications");
    replace.mockClear();
    expect(redirectWithoutSession({ pathname: "/en/login", search: "?next=%2Fverifications", replace })).toBe(
      false,
    );
    expect(replace).not.toHaveBeenCalled();
  });
});
