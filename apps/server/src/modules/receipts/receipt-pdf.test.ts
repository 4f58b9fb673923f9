import { describe, expect, it } from "vitest";
import { renderReceiptPdf, scriptRuns } from "./receipt-pdf.ts";

describe("scriptRuns", () => {
  it("splits Thai from Latin text and digits, keeping spaces with the run before them", () => {
    expect(scriptRuns("เลขที่ RC2026-000001 วันที่")).toEqual([
      { thai: true, text: "เลขที่ " },
      { thai: false, text: "RC2026-000001 " },
      { thai: true, text: "วันที่" },
    ]);
    expect(scriptRuns(" 7%")).toEqual([{ thai: false, text: " 7%" }]);
    expect(scriptRuns("")).toEqual([]);
  });

  it("keeps Thai vowels and tone marks in the run of their letter", () => {
    expect(scriptRuns("ที่จ่าย 3%")).toEqual([
      { thai: true, text: "ที่จ่าย " },
      { thai: false, text: "3%" },
    ]);
  });
});

describe("renderReceiptPdf", () => {
  const receipt = {
    documentNumber: "RC2026-000009",
    issuedAt: new Date("2026-11-23T03:00:00Z"),
    seller: {
      name: "บริษัท ทดสอบ จำกัด",
      address: "1 ถนนสาทร กรุงเทพมหานคร",
      taxId: "0105561123458",
      branch: "00000",
    },
    buyer: { juristic: false, name: "สมชาย ใจดี", taxId: null, branch: null, address: null },
    line: { packageName: "Starter", credits: 1500, months: 1 },
    subTotalSatang: 79_900,
    vatSatang: 5_593,
    withholdingTaxSatang: 0,
    totalSatang: 85_493,
  };

  it("writes the same bytes for the same order, with the Thai font subset embedded", async () => {
    const [a, b] = await Promise.all([renderReceiptPdf(receipt, "th"), renderReceiptPdf(receipt, "th")]);
    expect(a.equals(b)).toBe(true);
    const text = a.toString("latin1");
    expect(text.startsWith("%PDF-")).toBe(true);
    expect(text).toMatch(/\/FontFile2/);
    expect(text).toMatch(/NotoSansThai/);
    expect(text).toContain("(RC2026-000009)");
  });

  it("leaves the Thai font out of an English receipt that has no Thai text", async () => {
    const english = {
      ...receipt,
      seller: { ...receipt.seller, name: "Test Co., Ltd.", address: "1 Sathorn Road, Bangkok" },
      buyer: { ...receipt.buyer, name: "Somchai Jaidee" },
    };
    const text = (await renderReceiptPdf(english, "en")).toString("latin1");
    expect(text).not.toMatch(/\/FontFile2/);
    expect(text).toContain("/Helvetica");
  });
});
