import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  findTemplateTags,
  renderTemplate,
  SAMPLE_TEMPLATE_CONTACT,
  TEMPLATE_TAGS,
  templateTag,
  unknownTemplateTags,
} from "./template-tags.ts";

const somchai = { first_name: "สมชาย", last_name: "ใจดี", phone_number: "66812345678" };

describe("template tags", () => {
  it("are the spec's first name, last name and phone number, written in braces", () => {
    expect(TEMPLATE_TAGS.map(templateTag)).toEqual(["{first_name}", "{last_name}", "{phone_number}"]);
  });

  it("finds each placeholder with its position and whether it is a known tag", () => {
    expect(findTemplateTags("Hi {first_name}, {nickname}!")).toEqual([
      { name: "first_name", index: 3, text: "{first_name}", known: true },
      { name: "nickname", index: 17, text: "{nickname}", known: false },
    ]);
  });

  it("reports unknown placeholders once each, and a typo or a wrong case as unknown", () => {
    expect(unknownTemplateTags("{firstname} {First_Name} {firstname} {last_name}")).toEqual([
      "{firstname}",
      "{First_Name}",
    ]);
  });

  it("treats braces around anything but an identifier as text", () => {
    expect(unknownTemplateTags("Code {1234} for {ชื่อ} { } {} {first name}")).toEqual([]);
  });
});

describe("renderTemplate", () => {
  it("replaces every tag with the contact's value, the phone number in local form", () => {
    expect(renderTemplate("เรียน {first_name} {last_name} ({phone_number}) สวัสดี {first_name}", somchai)).toBe(
      "เรียน สมชาย ใจดี (0812345678) สวัสดี สมชาย",
    );
  });

  it("leaves nothing for an empty value and keeps a number that is not Thai as it is", () => {
    expect(
      renderTemplate("[{first_name}][{last_name}][{phone_number}]", {
        first_name: "Ann",
        last_name: "  ",
        phone_number: "+1 555 0100",
      }),
    ).toBe("[Ann][][+1 555 0100]");
  });

  it("keeps unknown placeholders and other braces unchanged", () => {
    expect(renderTemplate("{nickname} {1234} {first_name}", SAMPLE_TEMPLATE_CONTACT)).toBe(
      "{nickname} {1234} Somchai",
    );
  });

  it("does not expand a tag written in a contact's value", () => {
    expect(renderTemplate("{first_name}", { ...somchai, first_name: "{last_name}" })).toBe("{last_name}");
  });

  it("changes nothing in a message without tags", () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => findTemplateTags(s).length === 0),
        (text) => renderTemplate(text, somchai) === text,
      ),
    );
  });
});
