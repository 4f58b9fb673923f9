import { ROUTES } from "@sms/domain/routes";
import { describe, expect, it } from "vitest";
import { dataKey, i18next } from "./i18n";
import { pageTitle } from "./meta";

describe("page titles", () => {
  it("resolves dotted route keys even when a parent key is also a page", () => {
    expect(pageTitle("en:contacts.detail.edit", "/en/contacts/1/edit")).toBe(
      "Edit contact group | SMS Portal",
    );
    expect(pageTitle("th:contacts", "/contacts")).toBe("กลุ่มรายชื่อ | SMS Portal");
    expect(pageTitle("en:unknown", "/en/x")).toBe("SMS Portal");
  });

  it("has a title for every route in both languages", () => {
    for (const lng of ["th", "en"] as const) {
      const t = i18next.getFixedT(lng, "common");
      for (const route of ROUTES) {
        const title = t(dataKey(`pages.${route.key}`));
        expect(title, `${lng} ${route.key}`).not.toContain("pages.");
        expect(title.length).toBeGreaterThan(1);
      }
    }
  });
});
