import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { classifyImportedNumbers, MANUAL_CONTACTS_LIMIT, parseManualContacts } from "./recipients.ts";

describe("parseManualContacts", () => {
  it("splits on comma, semicolon, \\n and \\r\\n and trims", () => {
    const result = parseManualContacts(
      " 0812345678, 0912345678;0612345678\n0812345679\r\n0812345670 \r0812345671",
    );
    expect(result.valid.map((contact) => contact.original)).toEqual([
      "0812345678",
      "0912345678",
      "0612345678",
      "0812345679",
      "0812345670",
      "0812345671",
    ]);
    expect(result.invalid).toEqual([]);
    expect(result.duplicates).toEqual([]);
  });

  it("keeps the original and the 66 form of each valid number", () => {
    expect(parseManualContacts("0812345678").valid).toEqual([
      { original: "0812345678", msisdn: "66812345678" },
    ]);
  });

  it("accepts the forms every other screen accepts (0…, 66…, +66…, spaces, dashes) and lists the rest as typed", () => {
    const result = parseManualContacts(
      "0812345678,66912345678,+66612345678,081-234-5679,+66 81 234 5670,021234567,0712345678,6681234567,abc",
    );
    expect(result.valid).toEqual([
      { original: "0812345678", msisdn: "66812345678" },
      { original: "66912345678", msisdn: "66912345678" },
      { original: "+66612345678", msisdn: "66612345678" },
      { original: "081-234-5679", msisdn: "66812345679" },
      { original: "+66 81 234 5670", msisdn: "66812345670" },
    ]);
    expect(result.invalid).toEqual(["021234567", "0712345678", "6681234567", "abc"]);
  });

  it("counts one number typed in two forms once, the later one a duplicate", () => {
    const result = parseManualContacts("0891112233, 66891112233; +66 89 111 2233");
    expect(result.valid.map((contact) => contact.msisdn)).toEqual(["66891112233"]);
    expect(result.duplicates).toEqual(["66891112233", "+66 89 111 2233"]);
  });

  it("deduplicates and lists each repeat", () => {
    const result = parseManualContacts("0812345678\n0812345678, 0812345678;0912345678");
    expect(result.valid.map((contact) => contact.original)).toEqual(["0812345678", "0912345678"]);
    expect(result.duplicates).toEqual(["0812345678", "0812345678"]);
  });

  it("ignores empty entries from doubled or trailing separators", () => {
    const result = parseManualContacts(",,;\n\n0812345678,\n  ,");
    expect(result.valid).toHaveLength(1);
    expect(result.invalid).toEqual([]);
  });

  it("returns nothing for empty text", () => {
    expect(parseManualContacts("")).toEqual({
      valid: [],
      invalid: [],
      duplicates: [],
      limit: MANUAL_CONTACTS_LIMIT,
      overLimit: false,
    });
  });

  const numbers = (count: number) =>
    Array.from({ length: count }, (_, index) => `08${String(index).padStart(8, "0")}`).join("\n");

  it("is within the default limit of 1000 at exactly 1000 and over it at 1001", () => {
    expect(parseManualContacts(numbers(1000))).toMatchObject({ limit: 1000, overLimit: false });
    expect(parseManualContacts(numbers(1001))).toMatchObject({ limit: 1000, overLimit: true });
  });

  it("counts only unique valid numbers against the limit", () => {
    expect(parseManualContacts(`${numbers(2)}\n${numbers(2)}\nbad`, 2).overLimit).toBe(false);
    expect(parseManualContacts(numbers(3), 2)).toMatchObject({ limit: 2, overLimit: true });
  });

  it("accounts for every non-empty entry exactly once", () => {
    const entry = fc.oneof(
      fc.stringMatching(/^0[689]\d{8}$/),
      fc.constantFrom("0812345678", "0912345678", "66812345678", "x", "  "),
      fc.string({ maxLength: 12 }),
    );
    fc.assert(
      fc.property(
        fc.array(entry, { maxLength: 40 }),
        fc.constantFrom(",", ";", "\n", "\r\n"),
        (entries, sep) => {
          const result = parseManualContacts(entries.join(sep));
          const nonEmpty = entries
            .join(sep)
            .split(/\r\n|[,;\r\n]/)
            .filter((value) => value.trim() !== "");
          expect(result.valid.length + result.invalid.length + result.duplicates.length).toBe(
            nonEmpty.length,
          );
          expect(new Set(result.valid.map((contact) => contact.msisdn)).size).toBe(result.valid.length);
        },
      ),
    );
  });
});

describe("classifyImportedNumbers", () => {
  it("normalises every accepted form to 66 and flags invalid entries and duplicates with their index", () => {
    const result = classifyImportedNumbers([
      "0812345678",
      "+66 81 234 5678",
      "66912345678",
      "021234567",
      "",
      "  ",
      "091-234-5678",
      "hello",
      "0912345678",
    ]);
    expect(result.valid).toEqual(["66812345678", "66912345678"]);
    expect(result.invalid).toEqual([
      { index: 3, value: "021234567" },
      { index: 7, value: "hello" },
    ]);
    expect(result.duplicates).toEqual([
      { index: 1, value: "+66 81 234 5678", msisdn: "66812345678" },
      { index: 6, value: "091-234-5678", msisdn: "66912345678" },
      { index: 8, value: "0912345678", msisdn: "66912345678" },
    ]);
  });

  it("returns empty lists for an empty import", () => {
    expect(classifyImportedNumbers([])).toEqual({ valid: [], invalid: [], duplicates: [] });
  });

  it("yields only unique, valid 66-form numbers", () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.stringMatching(/^(0|\+66|66)[689]\d{8}$/), fc.string()), { maxLength: 50 }),
        (list) => {
          const { valid, invalid, duplicates } = classifyImportedNumbers(list);
          for (const msisdn of valid) expect(msisdn).toMatch(/^66[689]\d{8}$/);
          expect(new Set(valid).size).toBe(valid.length);
          const blank = list.filter((value) => value.trim() === "").length;
          expect(valid.length + invalid.length + duplicates.length + blank).toBe(list.length);
        },
      ),
    );
  });
});
