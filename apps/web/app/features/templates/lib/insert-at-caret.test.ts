import { describe, expect, it } from "vitest";
import { insertAtCaret } from "./insert-at-caret";

describe("insertAtCaret", () => {
  it("inserts at the caret and moves the caret past the inserted text", () => {
    expect(insertAtCaret("Hi !", 3, 3, "{first_name}")).toEqual({ value: "Hi {first_name}!", caret: 15 });
  });

  it("replaces the selection, whichever way it was made", () => {
    expect(insertAtCaret("Hi NAME!", 3, 7, "{first_name}")).toEqual({ value: "Hi {first_name}!", caret: 15 });
    expect(insertAtCaret("Hi NAME!", 7, 3, "{first_name}")).toEqual({ value: "Hi {first_name}!", caret: 15 });
  });

  it("clamps positions outside the text", () => {
    expect(insertAtCaret("abc", 10, 12, "X")).toEqual({ value: "abcX", caret: 4 });
    expect(insertAtCaret("abc", -2, -1, "X")).toEqual({ value: "Xabc", caret: 1 });
  });

  it("refuses an insertion that would pass the limit", () => {
    expect(insertAtCaret("abc", 3, 3, "{last_name}", 13)).toBeNull();
    expect(insertAtCaret("abc", 0, 3, "{last_name}", 11)).toEqual({ value: "{last_name}", caret: 11 });
  });
});
