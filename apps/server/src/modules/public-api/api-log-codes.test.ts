import { API_LOG_ERROR_CODES } from "@sms/domain";
import { describe, expect, it } from "vitest";
import { PUBLIC_ERROR_NAMES } from "./errors.ts";
import { PUBLIC_OTP_ERROR_NAMES } from "./otp-errors.ts";

describe("the request log's error-code filter", () => {
  it("offers every error name the SMS and OTP APIs answer, and no other", () => {
    const answered = new Set([...Object.keys(PUBLIC_ERROR_NAMES), ...Object.keys(PUBLIC_OTP_ERROR_NAMES)]);
    expect([...API_LOG_ERROR_CODES].sort()).toEqual([...answered].sort());
  });
});
