import { describe, expect, it } from "vitest";
import { spokenName } from "./spoken-name";

describe("spokenName", () => {
  it("keeps a name that already starts with the visible word", () => {
    expect(spokenName("Delete", "Delete template Promo")).toBe("Delete template Promo");
    expect(spokenName("Mark answered", "Mark answered: the message of Boon")).toBe(
      "Mark answered: the message of Boon",
    );
  });

  it("makes the visible Thai verb a word of its own (Thai writes no space between words)", () => {
    expect(spokenName("แก้ไข", "แก้ไขเทมเพลต โปรโมชัน")).toBe("แก้ไข เทมเพลต โปรโมชัน");
    expect(spokenName("ลบ", "ลบ 0812345678")).toBe("ลบ 0812345678");
  });

  it("puts words that do not start with the visible ones in brackets after them", () => {
    expect(spokenName("0812345678", "View OTP request AB12")).toBe("0812345678 (View OTP request AB12)");
  });

  it("is the visible words alone when there is nothing more to say", () => {
    expect(spokenName("Save", "Save")).toBe("Save");
  });
});
