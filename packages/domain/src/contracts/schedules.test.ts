import { describe, expect, it } from "vitest";
import {
  parseScheduleTime,
  scheduleTimingProblem,
  ZCreateScheduleRequest,
  ZScheduleFileFields,
  ZSchedulesQuery,
} from "./schedules.ts";

const body = {
  name: "Promo",
  sender: "ACME",
  purpose: "general",
  manual_contacts: "0812345678",
  message: "Hello",
  run_at: "2026-12-01 09:00",
};

const messagesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]);

describe("parseScheduleTime", () => {
  it("reads Bangkok wall-clock times and ISO times with an offset, on whole minutes", () => {
    expect(parseScheduleTime("2026-12-01 09:00")?.toISOString()).toBe("2026-12-01T02:00:00.000Z");
    expect(parseScheduleTime("2026-12-01T09:00")?.toISOString()).toBe("2026-12-01T02:00:00.000Z");
    expect(parseScheduleTime("2026-12-01T09:00:45+07:00")?.toISOString()).toBe("2026-12-01T02:00:00.000Z");
    expect(parseScheduleTime("2026-12-01T02:00:00.000Z")?.toISOString()).toBe("2026-12-01T02:00:00.000Z");
    for (const bad of [
      "2026-12-01",
      "2026-02-30 09:00",
      "2026-12-01 24:00",
      "tomorrow",
      "2026-12-01T09:00:00",
    ]) {
      expect(parseScheduleTime(bad)).toBeNull();
    }
  });
});

describe("ZCreateScheduleRequest", () => {
  it("is the campaign body plus the schedule", () => {
    const parsed = ZCreateScheduleRequest.parse({ ...body, cron: "0 9 * * 1", ends_at: "2027-01-01 00:00" });
    expect(parsed.run_at.toISOString()).toBe("2026-12-01T02:00:00.000Z");
    expect(parsed.cron).toBe("0 9 * * 1");
    expect(parsed.ends_at?.toISOString()).toBe("2026-12-31T17:00:00.000Z");
    expect(parsed.group_ids).toEqual([]);
    const once = ZCreateScheduleRequest.parse({ ...body, cron: "", ends_at: null });
    expect(once.cron).toBeUndefined();
    expect(once.ends_at).toBeUndefined();
  });

  it("keeps the campaign body's rules and adds the schedule's", () => {
    expect(
      messagesOf(ZCreateScheduleRequest.safeParse({ ...body, manual_contacts: "", message: undefined })),
    ).toEqual([
      ["group_ids", "validation.recipients_required"],
      ["message", "campaigns.validation.message_required"],
    ]);
    expect(messagesOf(ZCreateScheduleRequest.safeParse({ ...body, run_at: undefined }))).toEqual([
      ["run_at", "schedules.validation.run_at_required"],
    ]);
    expect(messagesOf(ZCreateScheduleRequest.safeParse({ ...body, run_at: "1/12/2026" }))).toEqual([
      ["run_at", "schedules.validation.run_at_invalid"],
    ]);
    expect(messagesOf(ZCreateScheduleRequest.safeParse({ ...body, cron: "0 9 * *" }))).toEqual([
      ["cron", "schedules.cron.field_count"],
    ]);
    expect(
      messagesOf(
        ZCreateScheduleRequest.safeParse({ ...body, cron: "0 25 * * *", ends_at: "2027-01-01 00:00" }),
      ),
    ).toEqual([["cron", "schedules.cron.hour_invalid"]]);
    expect(
      messagesOf(
        ZCreateScheduleRequest.safeParse({ ...body, cron: "*/30 * * * *", ends_at: "2027-01-01 00:00" }),
      ),
    ).toEqual([["cron", "schedules.cron.too_frequent"]]);
    expect(messagesOf(ZCreateScheduleRequest.safeParse({ ...body, cron: "0 9 * * *" }))).toEqual([
      ["ends_at", "schedules.validation.ends_at_required"],
    ]);
  });

  it("multipart fields: blank values are missing", () => {
    const parsed = ZScheduleFileFields.parse({
      sender: "ACME",
      purpose: "general",
      message: "Hi",
      name: "",
      run_at: "2026-12-01 09:00",
      cron: "",
      ends_at: "",
    });
    expect(parsed.cron).toBeUndefined();
    expect(parsed.name).toBeUndefined();
    expect(
      messagesOf(
        ZScheduleFileFields.safeParse({ sender: "ACME", purpose: "general", message: "Hi", run_at: "" }),
      ),
    ).toEqual([["run_at", "schedules.validation.run_at_required"]]);
  });
});

describe("scheduleTimingProblem", () => {
  const now = new Date("2026-11-25T02:00:00Z"); // 09:00 Bangkok
  const at = (text: string) => parseScheduleTime(text) as Date;

  it("a one-time send: in the future with a minute of slack, within a year", () => {
    expect(scheduleTimingProblem({ runAt: at("2026-11-25 09:00") }, now)).toBeNull();
    expect(scheduleTimingProblem({ runAt: new Date(now.getTime() - 60_000) }, now)).toBeNull();
    expect(scheduleTimingProblem({ runAt: new Date(now.getTime() - 61_000) }, now)?.key).toBe(
      "schedules.validation.run_at_past",
    );
    expect(scheduleTimingProblem({ runAt: at("2027-12-01 09:00") }, now)?.key).toBe(
      "schedules.validation.run_at_too_far",
    );
  });

  it("a recurring send: an end after the start with an occurrence in between", () => {
    const runAt = at("2026-11-26 00:00");
    expect(
      scheduleTimingProblem({ runAt, cron: "0 9 * * *", endsAt: at("2026-11-26 09:00") }, now),
    ).toBeNull();
    expect(scheduleTimingProblem({ runAt, cron: "0 9 * * *", endsAt: at("2026-11-26 08:59") }, now)).toEqual({
      path: "cron",
      key: "schedules.validation.no_occurrence",
    });
    expect(scheduleTimingProblem({ runAt, cron: "0 9 * * *", endsAt: runAt }, now)?.key).toBe(
      "schedules.validation.ends_before_start",
    );
    expect(scheduleTimingProblem({ runAt, cron: "0 9 * * *" }, now)?.key).toBe(
      "schedules.validation.ends_at_required",
    );
    expect(
      scheduleTimingProblem({ runAt, cron: "0 9 * * *", endsAt: at("2029-01-01 00:00") }, now)?.key,
    ).toBe("schedules.validation.ends_at_too_far");
  });
});

describe("ZSchedulesQuery", () => {
  it("newest first by default, a status filter, and a whitelist of sort keys", () => {
    expect(ZSchedulesQuery.parse({})).toMatchObject({ sort: "created_at", reverse: true, page: 1 });
    expect(ZSchedulesQuery.parse({ status: "active", sort: "next_run_at" })).toMatchObject({
      status: "active",
      sort: "next_run_at",
      reverse: false,
    });
    expect(ZSchedulesQuery.parse({ status: "" }).status).toBeUndefined();
    expect(ZSchedulesQuery.safeParse({ status: "gone" }).success).toBe(false);
    expect(ZSchedulesQuery.safeParse({ sort: "sender" }).success).toBe(false);
  });
});
