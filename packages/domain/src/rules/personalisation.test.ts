import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isPersonalised, lacksValue, renderPieces, splitMessage } from "./personalisation.ts";
import { isTemplateTag, renderTemplate } from "./template-tags.ts";

describe("splitMessage", () => {
  it("splits text and known tags in order, leaving other placeholders as text", () => {
    expect(splitMessage("Hi {first_name} {nickname}, call {phone_number}", isTemplateTag)).toEqual([
      { text: "Hi " },
      { tag: "first_name" },
      { text: " {nickname}, call " },
      { tag: "phone_number" },
    ]);
  });

  it("answers one text piece (not personalised) when there is no tag", () => {
    const pieces = splitMessage("Sale {1234} today", isTemplateTag);
    expect(pieces).toEqual([{ text: "Sale {1234} today" }]);
    expect(isPersonalised(pieces)).toBe(false);
    expect(isPersonalised(splitMessage("{last_name}", isTemplateTag))).toBe(true);
  });
});

describe("fallbacks", () => {
  const pieces = splitMessage("คุณ{first_name|ลูกค้า} {last_name} {nickname|x}", isTemplateTag);

  it("carry a tag's fallback in its piece", () => {
    expect(pieces).toEqual([
      { text: "คุณ" },
      { tag: "first_name", fallback: "ลูกค้า" },
      { text: " " },
      { tag: "last_name" },
      { text: " {nickname|x}" },
    ]);
  });

  it("fill an empty value only", () => {
    expect(renderPieces(pieces, () => "")).toBe("คุณลูกค้า  {nickname|x}");
    expect(renderPieces(pieces, (tag) => (tag === "first_name" ? "มานี" : "ใจดี"))).toBe(
      "คุณมานี ใจดี {nickname|x}",
    );
  });

  it("leave a recipient lacking a value only where a tag without a fallback is empty", () => {
    expect(lacksValue(pieces, (tag) => (tag === "last_name" ? "" : "x"))).toBe(true);
    expect(lacksValue(pieces, (tag) => (tag === "first_name" ? "" : "x"))).toBe(false);
    expect(lacksValue(splitMessage("no tags", isTemplateTag), () => "")).toBe(false);
  });
});

describe("renderPieces", () => {
  it("fills each tag once, never re-expanding a value that looks like a tag", () => {
    const pieces = splitMessage("{first_name}/{last_name}", isTemplateTag);
    const values: Record<string, string> = { first_name: "{last_name}", last_name: "X" };
    expect(renderPieces(pieces, (tag) => values[tag] ?? "")).toBe("{last_name}/X");
  });

  it("gives renderTemplate's text for any message and contact", () => {
    const word = fc.string({ maxLength: 8 });
    const message = fc
      .array(
        fc.oneof(
          word,
          fc.constantFrom(
            "{first_name}",
            "{last_name|x}",
            "{phone_number}",
            "{other}",
            "{",
            "{first_name|คุณ}",
          ),
        ),
      )
      .map((parts) => parts.join(""));
    fc.assert(
      fc.property(message, word, word, (text, first, last) => {
        const contact = { first_name: first, last_name: last, phone_number: "66812345678" };
        const rendered = renderPieces(splitMessage(text, isTemplateTag), (tag) =>
          tag === "phone_number" ? "0812345678" : contact[tag as "first_name" | "last_name"].trim(),
        );
        expect(rendered).toBe(renderTemplate(text, contact));
      }),
    );
  });
});
