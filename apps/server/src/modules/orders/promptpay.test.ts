import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { promptPayPayload, promptPayQr } from "./promptpay.ts";

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF), as EMVCo QRCPS §4.7.3 asks, written here independently. */
function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, "utf8")) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

/** Top-level EMVCo TLV fields: two-digit tag, two-digit length, value. */
function tlv(payload: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (let i = 0; i < payload.length; ) {
    const tag = payload.slice(i, i + 2);
    const length = Number(payload.slice(i + 2, i + 4));
    fields.set(tag, payload.slice(i + 4, i + 4 + length));
    i += 4 + length;
  }
  return fields;
}

describe("PromptPay payload", () => {
  it("ends with a CRC that matches an independent CRC-16/CCITT computation", () => {
    for (const [id, satang] of [
      ["0105556000009", 85_493],
      ["0812345678", 10],
      ["0105556000009", 2_675_000],
    ] as const) {
      const payload = promptPayPayload(id, satang);
      expect(payload.slice(-8, -4)).toBe("6304");
      expect(payload.slice(-4)).toBe(crc16(payload.slice(0, -4)));
    }
  });

  it("carries the exact total in baht with 2 decimals in tag 54, in THB (tag 53 = 764)", () => {
    const fields = tlv(promptPayPayload("0105556000009", 85_493));
    expect(fields.get("54")).toBe("854.93");
    expect(fields.get("53")).toBe("764");
    expect(fields.get("58")).toBe("TH");
    // Dynamic (one-time amount) QR.
    expect(fields.get("01")).toBe("12");
    expect(tlv(promptPayPayload("0105556000009", 80_000)).get("54")).toBe("800.00");
    expect(tlv(promptPayPayload("0105556000009", 1)).get("54")).toBe("0.01");
  });

  it("pays to the configured PromptPay id: a tax id as sub-tag 02, a mobile as 01 in 0066 form", () => {
    const merchant = tlv(tlv(promptPayPayload("0105556000009", 100)).get("29") ?? "");
    expect(merchant.get("00")).toBe("A000000677010111");
    expect(merchant.get("02")).toBe("0105556000009");
    const mobile = tlv(tlv(promptPayPayload("0812345678", 100)).get("29") ?? "");
    expect(mobile.get("01")).toBe("0066812345678");
  });

  it("refuses a zero, negative or fractional satang amount", () => {
    expect(() => promptPayPayload("0105556000009", 0)).toThrow(RangeError);
    expect(() => promptPayPayload("0105556000009", -5)).toThrow(RangeError);
    expect(() => promptPayPayload("0105556000009", 1.5)).toThrow(RangeError);
  });

  it("draws the payload as an SVG, with the whole id the QR carries and the payee name", () => {
    const qr = promptPayQr("0105556000009", "บริษัท เอสเอ็มเอส พอร์ทัล จำกัด", 85_493);
    expect(qr.qr_svg.startsWith("<svg")).toBe(true);
    expect(qr.qr_svg).not.toMatch(/<script/i);
    expect(qr).toMatchObject({ id: "0105556000009", payee_name: "บริษัท เอสเอ็มเอส พอร์ทัล จำกัด" });
    expect(qr.payload).toContain(qr.id);
  });
});

describe("PROMPTPAY_ID", () => {
  const env = {
    NODE_ENV: "test",
    JWT_SECRET: "x".repeat(32),
    DATA_DIR: "/tmp/sms-promptpay-config",
  } as const;

  it("takes a 13-digit tax id or a 10-digit mobile number, with a tax id by default", () => {
    expect(loadConfig(env).promptPayId).toMatch(/^\d{13}$/);
    expect(loadConfig({ ...env, PROMPTPAY_ID: "0812345678" }).promptPayId).toBe("0812345678");
  });

  it("names the payee after the seller's Thai name unless PROMPTPAY_NAME is set", () => {
    expect(loadConfig(env).promptPayName).toBe(loadConfig(env).seller.name.th);
    expect(loadConfig({ ...env, PROMPTPAY_NAME: "บจก. ทดสอบ" }).promptPayName).toBe("บจก. ทดสอบ");
  });

  it("refuses anything else at start-up", () => {
    for (const PROMPTPAY_ID of ["12345", "08123456789", "081-234-5678", "abcdefghijklm"]) {
      expect(() => loadConfig({ ...env, PROMPTPAY_ID })).toThrow(/PROMPTPAY_ID/);
    }
  });
});
