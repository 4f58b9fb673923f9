import { describe, expect, it } from "vitest";
import {
  CONTACT_BULK_DELETE_MAX,
  contactSearchOf,
  ZContactsQuery,
  ZCreateContactRequest,
  ZDeleteContactsRequest,
  ZUpdateContactRequest,
} from "./contacts.ts";

describe("contactSearchOf", () => {
  it.each([
    ["0812345678", "66812345678"],
    ["081", "6681"],
    ["081-234", "6681234"],
    ["66812", "66812"],
    ["+66812", "66812"],
    ["+66 81 234", "6681234"],
    ["812", "66812"],
    [" 0 ", "66"],
  ])("reads %j as a prefix of the 66 form %j", (text, prefix) => {
    expect(contactSearchOf(text)).toEqual({ kind: "phone", prefix });
  });

  it.each(["สมชาย", "Som", "A1", "+", "--", "081a"])("reads %j as a name", (text) => {
    expect(contactSearchOf(text)).toEqual({ kind: "name", text: text.trim() });
  });
});

describe("ZCreateContactRequest", () => {
  it("stores any typed form in the 66 form", () => {
    for (const phone of ["0812345678", "+66812345678", "66812345678", "081-234-5678"]) {
      const body = ZCreateContactRequest.parse({ first_name: " Somchai ", phone_number: phone });
      // A caller that does not say where the opt-in came from is an API caller (ADR 94).
      expect(body).toEqual({
        first_name: "Somchai",
        last_name: "",
        phone_number: "66812345678",
        consent_source: "api",
      });
    }
  });

  it("refuses a number that is not a Thai mobile with the recipient message", () => {
    const result = ZCreateContactRequest.safeParse({ first_name: "A", phone_number: "021234567" });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ["phone_number"], message: "validation.recipient_invalid" }),
    ]);
  });

  it("takes a contact without a name, as an import does, and refuses markup", () => {
    expect(ZCreateContactRequest.parse({ first_name: "  ", phone_number: "0812345678" })).toEqual({
      first_name: "",
      last_name: "",
      phone_number: "66812345678",
      consent_source: "api",
    });
    expect(ZCreateContactRequest.parse({ phone_number: "0812345678" }).first_name).toBe("");
    const markup = ZCreateContactRequest.safeParse({
      first_name: "A",
      last_name: "<b>",
      phone_number: "0812345678",
    });
    expect(markup.error?.issues[0]?.message).toBe("validation.name_markup");
  });

  it("lets an update change one field", () => {
    // A changed number's opt-in is recorded as an API one unless the form says so (ADR 94 addendum).
    expect(ZUpdateContactRequest.parse({ phone_number: "0912345678" })).toEqual({
      phone_number: "66912345678",
      consent_source: "api",
    });
  });
});

describe("contacts lists", () => {
  it("are newest first by default and sort only by the spec's columns", () => {
    expect(ZContactsQuery.parse({})).toMatchObject({ sort: "created_at", reverse: true, page: 1 });
    expect(ZContactsQuery.safeParse({ sort: "first_name" }).success).toBe(false);
  });

  it("bulk delete takes 1 to 1,000 ids", () => {
    expect(ZDeleteContactsRequest.safeParse({ ids: [] }).error?.issues[0]?.message).toBe(
      "contacts.validation.ids_required",
    );
    const ids = Array.from({ length: CONTACT_BULK_DELETE_MAX + 1 }, (_, i) => i + 1);
    expect(ZDeleteContactsRequest.safeParse({ ids }).error?.issues[0]?.message).toBe(
      "contacts.validation.ids_too_many",
    );
    expect(ZDeleteContactsRequest.parse({ ids: [1, 2] })).toEqual({ ids: [1, 2] });
  });
});
