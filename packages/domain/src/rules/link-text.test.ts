import { describe, expect, it } from "vitest";
import { looksLikeLink } from "./link-text.ts";

describe("looksLikeLink", () => {
  it.each([
    "Your SCB account is locked - verify at http://scb-verify.example",
    "https://example.com",
    "HTTPS://EXAMPLE.COM/pay",
    "hxxp://evil",
    "ftp://files",
    "//evil.example",
    "www.scb-verify",
    "WWW2.bank",
    "scb-verify.example",
    "Pay at SCB-VERIFY.EXAMPLE now",
    "scb.co.th",
    "scb.ltd",
    "login.bank.xyz.",
    "ธนาคาร.ไทย",
    "bank.xn--o3cw4h",
    "mail support@scb-verify.example",
    "scb\u200b.example",
    "scb\uff0eexample",
    "scb\u3002example",
    "ｗｗｗ.bank",
    "call 203.0.113.9",
    "Dr.Smith Clinic",
  ])("refuses %j", (name) => {
    expect(looksLikeLink(name)).toBe(true);
  });

  it.each([
    "Acme",
    "Alpha Co., Ltd.",
    "Alpha Co.,Ltd.",
    "Alpha Co.Ltd",
    "Siam Pte.Ltd.",
    "Nestlé S.A.",
    "บริษัท สยามเทรดดิ้ง จำกัด",
    "บจก.สยามเทรดดิ้ง",
    "หจก.ก.ไก่",
    "Dr. Smith Clinic",
    "Version 2.0 Studio",
    "A. B. Trading",
    "1.5 Tonne Logistics",
    "Shop 24/7",
    "scb verify example",
  ])("accepts %j", (name) => {
    expect(looksLikeLink(name)).toBe(false);
  });
});
