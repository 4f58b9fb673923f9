import { describe, expect, it } from "vitest";
import { AppError, type ErrorCode, type RefusalReason } from "../../errors.ts";
import type { MessageKey } from "../../i18n/index.ts";
import { deferralOf, reasonOf } from "./fire-schedules.ts";

/**
 * ADR 88: a run's reason and a deferral follow the refusal's `reason`, never its message key: each
 * refusal is thrown under an unrelated key (as if its text were renamed) and handled the same.
 */

const UNRELATED: MessageKey = "errors.validation";

describe("a schedule run's reason and deferral come from the refusal's reason", () => {
  const log = { error: () => {}, warn: () => {} };
  const run = { id: 1 };
  const refusal = (reason: RefusalReason | undefined, code: ErrorCode = "UNPROCESSABLE") =>
    new AppError(code, { messageKey: UNRELATED, params: { n: 1 }, ...(reason ? { reason } : {}) });

  it.each<[RefusalReason, string]>([
    ["empty_after_personalising", "schedules.run.empty_after_personalising"],
    ["file_unknown_tag", "schedules.run.file_changed"],
    ["file_phone_column_not_found", "schedules.run.file_changed"],
    ["file_too_many_rows", "schedules.run.file_changed"],
    ["trial_recipient_limit", "schedules.run.trial_recipient_limit"],
  ])("%s", (reason, runReason) => {
    expect(reasonOf(refusal(reason), log, run)).toBe(runReason);
  });

  it("a refusal without a reason and with parameters is a general refusal", () => {
    expect(reasonOf(refusal(undefined), log, run)).toBe("schedules.run.refused");
    expect(
      reasonOf(
        new AppError("UNPROCESSABLE", {
          messageKey: "campaigns.trial_recipient_limit",
          params: { limit: 1 },
        }),
        log,
        run,
      ),
    ).toBe("schedules.run.refused");
  });

  it("a plain 404 is a gone template or group; an unknown sender keeps its own words", () => {
    expect(reasonOf(new AppError("NOT_FOUND"), log, run)).toBe("schedules.run.not_found");
    expect(
      reasonOf(
        new AppError("NOT_FOUND", { messageKey: "senders.not_found", reason: "sender_not_found" }),
        log,
        run,
      ),
    ).toBe("senders.not_found");
  });

  it("defers on a busy pool or a campaign still being accepted, whatever their keys", () => {
    expect(deferralOf(refusal("heavy_work_busy", "UNAVAILABLE"))).toBe(UNRELATED);
    expect(deferralOf(refusal("still_accepting", "CONFLICT"))).toBe(UNRELATED);
    expect(deferralOf(new AppError("UNAVAILABLE", { messageKey: "files.error.busy" }))).toBeNull();
    expect(deferralOf(new Error("files.error.busy"))).toBeNull();
  });
});
