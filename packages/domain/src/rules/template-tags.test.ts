import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  findTemplateTags,
  renderTemplate,
  SAMPLE_CONTACTS,
  sampleContact,
  TEMPLATE_TAGS,
  templateTag,
  unknownTemplateTags,
  withFallback,
} from "./template-tags.ts";

const somchai = { first_name: "สมชาย", last_name: "ใจดี", phone_number: "66812345678" };

describe("template tags", () => {
  it("are the spec's first name, last name and phone number, written in braces", () => {
    expect(TEMPLATE_TAGS.map((tag) => templateTag(tag))).toEqual([
      "{first_name}",
      "{last_name}",
      "{phone_number}",
    ]);
  });

  it("finds each placeholder with its position and whether it is a known tag", () => {
    expect(findTemplateTags("Hi {first_name}, {nickname}!")).toEqual([
      { name: "first_name", index: 3, text: "{first_name}", known: true, fallback: null },
      { name: "nickname", index: 17, text: "{nickname}", known: false, fallback: null },
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

describe("tag fallbacks", () => {
  it("finds a tag's fallback after the bar, trimmed; an empty one is none", () => {
    expect(findTemplateTags("{first_name| ลูกค้า } {last_name|}")).toEqual([
      { name: "first_name", index: 0, text: "{first_name| ลูกค้า }", known: true, fallback: "ลูกค้า" },
      { name: "last_name", index: 22, text: "{last_name|}", known: true, fallback: null },
    ]);
  });

  it("is refused like any unknown tag when the tag itself is unknown", () => {
    expect(unknownTemplateTags("{firstname|คุณลูกค้า} {first_name|คุณลูกค้า}")).toEqual(["{firstname|คุณลูกค้า}"]);
  });

  it("writes a tag with its fallback", () => {
    expect(templateTag("first_name", " ลูกค้า ")).toBe("{first_name|ลูกค้า}");
    expect(templateTag("first_name", "  ")).toBe("{first_name}");
  });

  it("gives the fallback to a contact without a value, and the value to one with it", () => {
    const message = "สวัสดีคุณ{first_name|ลูกค้า} {last_name}";
    expect(renderTemplate(message, { first_name: " ", last_name: "", phone_number: "66812345678" })).toBe(
      "สวัสดีคุณลูกค้า ",
    );
    expect(renderTemplate(message, somchai)).toBe("สวัสดีคุณสมชาย ใจดี");
  });
});

describe("withFallback", () => {
  it("gives the tag's placeholders without a fallback the one given, and leaves the rest", () => {
    expect(
      withFallback("คุณ{first_name} {first_name|เพื่อน} {last_name} {first_name|}", "first_name", "ลูกค้า"),
    ).toBe("คุณ{first_name|ลูกค้า} {first_name|เพื่อน} {last_name} {first_name|ลูกค้า}");
    expect(withFallback("คุณ{first_name}", "first_name", " ")).toBe("คุณ{first_name}");
  });
});

describe("sample contacts", () => {
  it("are Thai on a Thai page and Latin on an English one", () => {
    expect(renderTemplate("{first_name} {last_name}", sampleContact("th"))).toBe("สมชาย ใจดี");
    expect(renderTemplate("{first_name} {last_name}", sampleContact("en"))).toBe("Somchai Jaidee");
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
    expect(renderTemplate("{nickname} {1234} {first_name}", SAMPLE_CONTACTS.en)).toBe(
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
