import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isFormulaLike, protectCell } from "./spreadsheet-cell.ts";

describe("protectCell", () => {
  it.each([
    ['=HYPERLINK("http://x","y")', '\'=HYPERLINK("http://x","y")'],
    ["+66812345678", "'+66812345678"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\t=1", "'\t=1"],
    ["\r=1", "'\r=1"],
    ["\0x", "'\0x"],
  ])("prefixes a formula-like cell %j", (input, expected) => {
    expect(protectCell(input)).toBe(expected);
  });

  it.each(["สมชาย", "0812345678", "Somchai", "", " =1", "a=b", "2026-01-01 10:00:00"])(
    "leaves %j as it is",
    (input) => {
      expect(protectCell(input)).toBe(input);
    },
  );

  it("never leaves a formula start, and changes only what it must", () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const out = protectCell(value);
        expect(isFormulaLike(out)).toBe(false);
        expect(out === value || out === `'${value}`).toBe(true);
        expect(out === value).toBe(!isFormulaLike(value));
      }),
    );
  });
});
