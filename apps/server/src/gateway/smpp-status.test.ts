import { resolveDeliveryStatus } from "@sms/domain";
import { describe, expect, it } from "vitest";
import type { ReceiptStat } from "./smpp/receipt.ts";
import { errCode, receiptStatus, submitRefusal } from "./smpp-status.ts";

describe("submitRefusal", () => {
  it("maps refusals for good to spec §4 state-1 pairs", () => {
    expect(submitRefusal(0x0b)).toEqual({ status: "rejected", state: 1, code: "005" });
    expect(submitRefusal(0x50)).toEqual({ status: "rejected", state: 1, code: "005" });
    expect(submitRefusal(0x0a)).toEqual({ status: "rejected", state: 1, code: "006" });
    expect(submitRefusal(0x49)).toEqual({ status: "rejected", state: 1, code: "006" });
    expect(submitRefusal(0x15)).toEqual({ status: "rejected", state: 1, code: "010" });
    expect(submitRefusal(0x01)).toEqual({ status: "rejected", state: 1, code: "002" });
    expect(submitRefusal(0xc4)).toEqual({ status: "rejected", state: 1, code: "002" });
  });

  it("makes temporary and account-side refusals retries", () => {
    for (const status of [0x04, 0x08, 0x0d, 0x14, 0x45, 0x58, 0x64]) {
      expect(submitRefusal(status)).toMatchObject({ status: "retry" });
    }
    expect(submitRefusal(0x58)).toEqual({ status: "retry", reason: "throttled (0x58)" });
  });

  it("makes an unlisted status a permanent network error, never an endless retry", () => {
    expect(submitRefusal(0xff)).toEqual({ status: "rejected", state: 1, code: "003" });
    expect(submitRefusal(0x401)).toEqual({ status: "rejected", state: 1, code: "003" });
  });

  it("only ever answers failures of the catalogue", () => {
    for (let status = 1; status < 0x500; status++) {
      const outcome = submitRefusal(status);
      if (outcome.status === "rejected") {
        expect(resolveDeliveryStatus(outcome.state, outcome.code).kind).toBe("failed");
      }
    }
  });
});

describe("receiptStatus", () => {
  it("maps DELIVRD to delivered whatever err says", () => {
    expect(receiptStatus("DELIVRD", "000")).toEqual({ state: 3, code: "000" });
    expect(receiptStatus("DELIVRD", "123")).toEqual({ state: 3, code: "000" });
    expect(receiptStatus("DELIVRD", undefined)).toEqual({ state: 3, code: "000" });
  });

  it("uses err when it is a failure code of the catalogue, handset side first for UNDELIV", () => {
    expect(receiptStatus("UNDELIV", "001")).toEqual({ state: 3, code: "001" });
    expect(receiptStatus("UNDELIV", "303")).toEqual({ state: 3, code: "303" });
    expect(receiptStatus("UNDELIV", "100")).toEqual({ state: 3, code: "100" });
    // 005 exists only network side.
    expect(receiptStatus("UNDELIV", "5")).toEqual({ state: 2, code: "005" });
    expect(receiptStatus("DELETED", "302")).toEqual({ state: 3, code: "302" });
  });

  it("prefers the network side for REJECTD", () => {
    expect(receiptStatus("REJECTD", "100")).toEqual({ state: 2, code: "100" });
    expect(receiptStatus("REJECTD", "001")).toEqual({ state: 2, code: "001" });
    expect(receiptStatus("REJECTD", "305")).toEqual({ state: 3, code: "305" });
  });

  it("falls back to 3/001, or 3/200 for EXPIRED, when err says nothing the catalogue knows", () => {
    for (const err of [undefined, "", "000", "999", "abc", "1234", "0x1F"]) {
      expect(receiptStatus("UNDELIV", err)).toEqual({ state: 3, code: "001" });
      expect(receiptStatus("REJECTD", err)).toEqual({ state: 3, code: "001" });
      expect(receiptStatus("DELETED", err)).toEqual({ state: 3, code: "001" });
      expect(receiptStatus("EXPIRED", err)).toEqual({ state: 3, code: "200" });
    }
    expect(receiptStatus("EXPIRED", "303")).toEqual({ state: 3, code: "303" });
  });

  it("has no pair for states that are not final", () => {
    for (const stat of ["ENROUTE", "ACCEPTD", "UNKNOWN", undefined] as const) {
      expect(receiptStatus(stat, "000")).toBeNull();
    }
  });

  it("only ever answers pairs of the catalogue", () => {
    const stats: ReceiptStat[] = ["DELIVRD", "UNDELIV", "REJECTD", "EXPIRED", "DELETED"];
    for (const stat of stats) {
      for (let err = 0; err < 1000; err++) {
        const pair = receiptStatus(stat, String(err));
        expect(pair).not.toBeNull();
        expect(resolveDeliveryStatus(pair!.state, pair!.code).kind).not.toBe("pending");
      }
    }
  });

  it("reads err as a three-digit code", () => {
    expect(errCode("5")).toBe("005");
    expect(errCode(" 042 ")).toBe("042");
    expect(errCode("1234")).toBeNull();
    expect(errCode(undefined)).toBeNull();
  });
});
