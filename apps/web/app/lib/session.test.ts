import { describe, expect, it } from "vitest";
import { afterLoginPath, loginPath, safeNextPath } from "./session";

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
  });
});
