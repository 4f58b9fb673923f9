import { describe, expect, it } from "vitest";
import { localizePath, matchRoute, prerenderPaths, ROUTES, splitLocale, switchLocalePath } from "./routes.ts";

describe("route table", () => {
  it("has unique keys and paths", () => {
    expect(new Set(ROUTES.map((r) => r.key)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
  });

  it("matches both locales, params and trailing slashes", () => {
    expect(matchRoute("/contacts/42")?.route.key).toBe("contacts.detail");
    expect(matchRoute("/en/contacts/42/edit/")).toMatchObject({
      locale: "en",
      route: { key: "contacts.detail.edit" },
    });
    expect(matchRoute("/contacts/create")?.route.key).toBe("contacts.create");
    expect(matchRoute("/reports/campaigns/headers")?.route.key).toBe("reports.campaigns.headers");
    expect(matchRoute("/en")).toMatchObject({ locale: "en", route: { key: "home" } });
    expect(matchRoute("/")).toMatchObject({ locale: "th", route: { key: "home" } });
  });

  it("rejects unknown paths and hides dev pages unless asked", () => {
    expect(matchRoute("/nope")).toBeNull();
    expect(matchRoute("/en/contacts/1/2/3")).toBeNull();
    expect(matchRoute("/enx/dashboard")).toBeNull();
    expect(matchRoute("/dev/ui")).toBeNull();
    expect(matchRoute("/dev/ui", { includeDev: true })?.route.key).toBe("dev.ui");
  });

  it("switches locale keeping the page", () => {
    expect(switchLocalePath("/clients/packages", "en")).toBe("/en/clients/packages");
    expect(switchLocalePath("/en/clients/packages", "th")).toBe("/clients/packages");
    expect(switchLocalePath("/en", "th")).toBe("/");
    expect(switchLocalePath("/", "en")).toBe("/en");
    expect(splitLocale("/english")).toEqual({ locale: "th", path: "/english" });
    expect(localizePath("/login", "en")).toBe("/en/login");
  });

  it("prerenders every marketing page in both locales", () => {
    const paths = prerenderPaths();
    expect(paths).toContain("/");
    expect(paths).toContain("/en");
    expect(paths).toContain("/en/clients/supports/faq");
    expect(paths).toHaveLength(28);
    expect(paths.some((p) => p.includes(":"))).toBe(false);
  });
});
