import { describe, expect, it } from "vitest";
import en from "../catalogue-en.ts";
import th from "../catalogue-th.ts";
import { TEMPLATE_TAGS, templateTag } from "../rules/template-tags.ts";
import {
  TEMPLATE_MESSAGE_MAX_LENGTH,
  ZCreateTemplateRequest,
  ZTemplatesQuery,
  ZUpdateTemplateRequest,
} from "./templates.ts";

function errorsOf(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);
}

describe("ZCreateTemplateRequest", () => {
  it("trims the name and message and turns a new template on", () => {
    expect(ZCreateTemplateRequest.parse({ name: " Promo ", message: " Hi {first_name} \n" })).toEqual({
      name: "Promo",
      message: "Hi {first_name}",
      enabled: true,
    });
  });

  it("requires a name and a message, blank ones too", () => {
    expect(errorsOf(ZCreateTemplateRequest.safeParse({ name: "  ", message: "" }))).toEqual([
      "templates.validation.name_required",
      "templates.validation.message_required",
    ]);
    expect(errorsOf(ZCreateTemplateRequest.safeParse({}))).toEqual([
      "templates.validation.name_required",
      "templates.validation.message_required",
    ]);
  });

  it("caps the name at 100 and the message at 1,000 characters as the SMS counts them", () => {
    const ok = { name: "n".repeat(100), message: "ก".repeat(TEMPLATE_MESSAGE_MAX_LENGTH) };
    expect(ZCreateTemplateRequest.safeParse(ok).success).toBe(true);
    expect(errorsOf(ZCreateTemplateRequest.safeParse({ ...ok, name: "n".repeat(101) }))).toEqual([
      "templates.validation.name_too_long",
    ]);
    // 999 characters and one emoji: 1,001 UCS-2 units.
    expect(errorsOf(ZCreateTemplateRequest.safeParse({ ...ok, message: `${"a".repeat(999)}😀` }))).toEqual([
      "templates.validation.message_too_long",
    ]);
  });

  it("refuses a placeholder that is not a tag", () => {
    expect(errorsOf(ZCreateTemplateRequest.safeParse({ name: "x", message: "Hi {firstname}" }))).toEqual([
      "templates.validation.unknown_tag",
    ]);
  });
});

describe("ZUpdateTemplateRequest", () => {
  it("accepts the toggle alone", () => {
    expect(ZUpdateTemplateRequest.parse({ enabled: false })).toEqual({ enabled: false });
  });

  it("refuses an empty change and a status that is not a boolean", () => {
    expect(errorsOf(ZUpdateTemplateRequest.safeParse({}))).toEqual([
      "templates.validation.nothing_to_update",
    ]);
    expect(errorsOf(ZUpdateTemplateRequest.safeParse({ enabled: "off" }))).toContain(
      "templates.validation.enabled_invalid",
    );
  });
});

describe("ZTemplatesQuery", () => {
  it("lists newest first and reads the enabled filter from the query string", () => {
    expect(ZTemplatesQuery.parse({ enabled: "false" })).toMatchObject({
      sort: "created_at",
      reverse: true,
      enabled: false,
    });
    expect(ZTemplatesQuery.parse({ enabled: "" }).enabled).toBeUndefined();
    expect(ZTemplatesQuery.safeParse({ enabled: "yes" }).success).toBe(false);
    expect(ZTemplatesQuery.safeParse({ sort: "message" }).success).toBe(false);
  });
});

describe("the unknown-tag message", () => {
  it("names every tag in both languages", () => {
    for (const tag of TEMPLATE_TAGS.map((name) => templateTag(name))) {
      expect(en["templates.validation.unknown_tag"]).toContain(tag);
      expect(th["templates.validation.unknown_tag"]).toContain(tag);
    }
  });
});
