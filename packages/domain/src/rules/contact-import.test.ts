import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cleanImportText, detectImportLayout, importPhone, recoverPhoneText } from "./contact-import.ts";

describe("recoverPhoneText", () => {
  it.each([
    // Excel number cells (XLSX)
    [812345678, "0812345678"],
    [912345678, "0912345678"],
    [66812345678, "66812345678"],
    [21234567, "21234567"],
    [812345678.5, "812345678.5"],
    [-812345678, "-812345678"],
    // CSV text written by Excel
    ["8.12345678E+08", "0812345678"],
    ["6.6812345678E+10", "66812345678"],
    ["6.68123457E+10", "6.68123457E+10"],
    ["6.68E+10", "6.68E+10"],
    ["8.123456789E+08", "8.123456789E+08"],
    ["812345678", "0812345678"],
    [" 081-234-5678 ", "081-234-5678"],
    ["+66812345678", "+66812345678"],
    ["", ""],
    [null, ""],
    [undefined, ""],
  ])("%j -> %j", (input, expected) => {
    expect(recoverPhoneText(input)).toBe(expected);
  });

  it("never invents digits: a recovered text has only the digits it was given, plus a leading 0", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d\.\d{1,12}E\+\d{1,2}$/), (text) => {
        const recovered = recoverPhoneText(text);
        const given = text.replace(/E.*$/, "").replace(".", "");
        expect([text, given, `0${given}`]).toContain(recovered);
      }),
    );
  });
});

describe("importPhone", () => {
  it.each([
    [812345678, "66812345678"],
    [66812345678, "66812345678"],
    ["0812345678", "66812345678"],
    ["081 234 5678", "66812345678"],
    ["8.12345678E+08", "66812345678"],
    ["6.68123457E+10", null],
    ["021234567", null],
    ["abc", null],
    ["", null],
  ])("%j -> %j", (input, expected) => {
    expect(importPhone(input)).toBe(expected);
  });
});

describe("detectImportLayout", () => {
  it("reads English and Thai headers in any order and case", () => {
    expect(detectImportLayout(["Phone Number", "First Name", "LAST_NAME"])).toEqual({
      header: true,
      columns: { firstName: 1, lastName: 2, phone: 0 },
    });
    expect(detectImportLayout(["ชื่อ", "นามสกุล", "เบอร์โทรศัพท์"])).toEqual({
      header: true,
      columns: { firstName: 0, lastName: 1, phone: 2 },
    });
    expect(detectImportLayout(["\uFEFFเบอร์โทร"]).columns.phone).toBe(0);
    expect(detectImportLayout(["name", "โทรศัพท์"])).toEqual({
      header: true,
      columns: { firstName: 0, lastName: -1, phone: 1 },
    });
  });

  it("reads a header-less file by position", () => {
    expect(detectImportLayout(["0812345678"])).toEqual({
      header: false,
      columns: { firstName: -1, lastName: -1, phone: 0 },
    });
    expect(detectImportLayout(["Somchai", "0812345678"]).columns).toEqual({
      firstName: 0,
      lastName: -1,
      phone: 1,
    });
    expect(detectImportLayout(["Somchai", "Jaidee", "0812345678", "x"])).toEqual({
      header: false,
      columns: { firstName: 0, lastName: 1, phone: 2 },
    });
  });
});

describe("cleanImportText", () => {
  it("drops control characters, trims and cuts long text", () => {
    expect(cleanImportText(" Som\u0000chai\t")).toBe("Som chai");
    expect(cleanImportText("ก".repeat(150))).toHaveLength(100);
  });
});
