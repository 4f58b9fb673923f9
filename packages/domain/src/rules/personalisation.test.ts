import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isPersonalised, renderPieces, splitMessage } from "./personalisation.ts";
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

describe("renderPieces", () => {
  it("fills each tag once, never re-expanding a value that looks like a tag", () => {
    const pieces = splitMessage("{first_name}/{last_name}", isTemplateTag);
    const values: Record<string, string> = { first_name: "{last_name}", last_name: "X" };
    expect(renderPieces(pieces, (tag) => values[tag] ?? "")).toBe("{last_name}/X");
  });

  it("gives renderTemplate's text for any message and contact", () => {
    const word = fc.string({ maxLength: 8 });
    const message = fc
      .array(fc.oneof(word, fc.constantFrom("{first_name}", "{last_name}", "{phone_number}", "{other}", "{")))
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
