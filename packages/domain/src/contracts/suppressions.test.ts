import { describe, expect, it } from "vitest";
import { parseSuppressionNumbers, ZAddSuppressionsRequest, ZSuppressionsQuery } from "./suppressions.ts";

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe("parseSuppressionNumbers", () => {
  it("splits on comma, semicolon and new lines, accepts every typed form and keeps a number once", () => {
    expect(
      parseSuppressionNumbers(" 0812345678;+66 91 234 5678,\r\n66612345678\n0812345678\nabc\n\n;,"),
    ).toEqual({
      valid: ["66812345678", "66912345678", "66612345678"],
      invalid: ["abc"],
      entries: 5,
    });
  });
});

describe("ZAddSuppressionsRequest", () => {
  it.each([
    ["", "suppressions.validation.numbers_required"],
    [" ;\n", "suppressions.validation.numbers_required"],
    ["021234567, x", "validation.recipient_invalid"],
    [Array.from({ length: 1001 }, () => "x").join(","), "suppressions.validation.numbers_too_many"],
  ])("refuses %j", (numbers, key) => {
    expect(messageOf(ZAddSuppressionsRequest.safeParse({ numbers }))).toBe(key);
  });

  it("takes a text with one valid number among invalid ones", () => {
    expect(ZAddSuppressionsRequest.safeParse({ numbers: "x,0812345678" }).success).toBe(true);
  });
});

describe("ZSuppressionsQuery", () => {
  it("is newest first, reads an empty reason as none and refuses an unknown one", () => {
    expect(ZSuppressionsQuery.parse({ reason: "" })).toMatchObject({
      page: 1,
      size: 10,
      sort: "created_at",
      reverse: true,
      reason: undefined,
    });
    expect(messageOf(ZSuppressionsQuery.safeParse({ reason: "spam" }))).toBe(
      "suppressions.validation.reason_invalid",
    );
  });
});
