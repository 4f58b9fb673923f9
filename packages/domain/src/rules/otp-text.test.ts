import { describe, expect, it } from "vitest";
import { fillOtpMessage, OTP_DEFAULT_MESSAGES } from "../contracts/api-settings.ts";
import { maskOtpText, OTP_PIN_DIGITS, reportedMessageText } from "./otp-text.ts";

const fill = (template: string, pin: string, refno = "AB3CDE") =>
  fillOtpMessage(template, { pin, refno, minutes: 5 });

describe("OTP texts in reports", () => {
  it("hides the pin of the built-in texts and keeps the rest, reference and minutes included", () => {
    expect(maskOtpText(fill(OTP_DEFAULT_MESSAGES.en, "042917"))).toBe(
      "Your OTP is ****** (Ref: AB3CDE). It is valid for 5 minutes. Do not share it.",
    );
    expect(maskOtpText(fill(OTP_DEFAULT_MESSAGES.th, "000000"))).toBe(
      "รหัส OTP ของคุณคือ ****** (รหัสอ้างอิง AB3CDE) ใช้ได้ภายใน 5 นาที ห้ามบอกรหัสนี้กับผู้อื่น",
    );
  });

  it("hides the pin wherever an organization's own text puts it, however often", () => {
    const cases: [string, string][] = [
      ["{pin}", "******"],
      ["Code:{pin}.", "Code:******."],
      ["{minutes}{pin}", "*******"],
      ["{pin}{refno}", "******AB3CDE"],
      ["{pin}/{pin}", "******/******"],
      ["รหัส{pin}ค่ะ", "รหัส******ค่ะ"],
    ];
    for (const [template, masked] of cases) expect(maskOtpText(fill(template, "987654"))).toBe(masked);
    // A reference drawn only from digits sits next to the pin: hidden with it, never the other way.
    expect(maskOtpText(fill("{pin}{refno}", "123456", "234567"))).toBe("************");
  });

  it("never leaves a pin in any text it could be written in", () => {
    for (let i = 0; i < 200; i++) {
      const pin = String(Math.floor(Math.random() * 10 ** OTP_PIN_DIGITS)).padStart(OTP_PIN_DIGITS, "0");
      const text = fill(`x${"9".repeat(i % 4)}{pin}${"1".repeat(i % 3)} {minutes}`, pin);
      expect(maskOtpText(text)).not.toContain(pin);
    }
  });

  it("masks only OTP messages; shorter numbers and other types stay as sent", () => {
    const text = "Your OTP is 123456, sale ends 30/11, call 02123456789";
    expect(reportedMessageText("otp", text)).toBe("Your OTP is ******, sale ends 30/11, call ***********");
    for (const type of ["instant", "campaign", "api"] as const)
      expect(reportedMessageText(type, text)).toBe(text);
    expect(reportedMessageText("otp", "")).toBe("");
  });
});
