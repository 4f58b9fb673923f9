import type { TOtpConversion, TOtpConversionCounts } from "@sms/domain/contracts/otp-guard";
import { otpConversionEndpoints } from "@sms/domain/endpoints/otp-guard";
import { screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { describe, expect, it, vi } from "vitest";
import { apiError, mockEndpoint } from "../../../../test/msw";
import { renderApp } from "../../../../test/render";
import { spyOnToasts } from "../../../../test/toasts";
import { OtpConversion } from "./otp-conversion";

spyOnToasts();

const counts = (extra: Partial<TOtpConversionCounts> = {}): TOtpConversionCounts => ({
  requests: 0,
  verified: 0,
  expired: 0,
  failed: 0,
  pending: 0,
  blocked: 0,
  conversion: null,
  median_verify_seconds: null,
  ...extra,
});

const days = [
  "2026-11-23",
  "2026-11-24",
  "2026-11-25",
  "2026-11-26",
  "2026-11-27",
  "2026-11-28",
  "2026-11-29",
];

const conversion = (extra: Partial<TOtpConversion> = {}): TOtpConversion => ({
  start: "2026-11-22T17:00:00.000Z",
  end: "2026-11-29T17:00:00.000Z",
  first_day: days[0] ?? "",
  last_day: days.at(-1) ?? "",
  totals: counts({
    requests: 200,
    verified: 150,
    expired: 30,
    failed: 10,
    pending: 10,
    blocked: 12,
    conversion: 0.75,
    median_verify_seconds: 75,
  }),
  days: days.map((day, i) =>
    i === 6
      ? {
          day,
          ...counts({
            requests: 200,
            verified: 150,
            expired: 30,
            failed: 10,
            pending: 10,
            blocked: 12,
            conversion: 0.75,
          }),
        }
      : { day, ...counts() },
  ),
  senders: [
    {
      sender: "MyBank",
      ...counts({ requests: 150, verified: 140, conversion: 140 / 150, median_verify_seconds: 40 }),
    },
    {
      sender: "SMSPortal",
      ...counts({ requests: 50, verified: 10, blocked: 12, conversion: 0.2, median_verify_seconds: 20 }),
    },
  ],
  blocked_reasons: [
    { reason: "prefix_held", requests: 11 },
    { reason: "deny_listed", requests: 1 },
  ],
  holds: [
    {
      prefix: "6681234",
      requests: 25,
      verified: 0,
      rate: 0,
      baseline: 0.85,
      held_at: "2026-11-29T03:00:00.000Z",
      held_until: "2026-11-29T04:00:00.000Z",
    },
  ],
  recent_blocks: [
    {
      id: 9,
      msisdn: "66812349999",
      sender: "SMSPortal",
      reason: "prefix_held",
      created_at: "2026-11-29T03:10:00.000Z",
    },
  ],
  ...extra,
});

describe("OtpConversion", () => {
  it("shows the figures, the chart on demand, the senders and what the guard held and refused", async () => {
    mockEndpoint(otpConversionEndpoints.conversion, { data: conversion() });
    await renderApp(<OtpConversion />, { path: "/en/reports/sms-otp/headers" });
    expect(await screen.findByTestId("figure-requests")).toHaveTextContent("200");
    expect(screen.getByTestId("figure-verified")).toHaveTextContent("15075%");
    expect(screen.getByTestId("figure-conversion")).toHaveTextContent("75%");
    expect(screen.getByTestId("figure-time")).toHaveTextContent("1 min 15 s");
    expect(screen.getByTestId("figure-blocked")).toHaveTextContent("12");
    expect(await screen.findByRole("img", { name: /200 codes requested, 75% verified/ })).toBeInTheDocument();
    const senders = within(screen.getByTestId("otp-conversion-senders"));
    expect(
      senders
        .getAllByRole("row")
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(["MyBank15093.3%40 s0", "SMSPortal5020%20 s12"]);
    expect(screen.getByTestId("otp-conversion-holds")).toHaveTextContent(
      "Numbers starting 081234: 0 of 25 verified in the last hour (your usual rate 85%)",
    );
    expect(screen.getByTestId("otp-conversion-reasons")).toHaveTextContent(
      "Number range on hold: 11 requests · Premium-rate or unallocated range: 1 request",
    );
    expect(within(screen.getByTestId("otp-conversion-blocks")).getByText("0812349999")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Export CSV" })).toBeInTheDocument();
  });

  it("narrows to one sender and back", async () => {
    const endpoint = mockEndpoint(otpConversionEndpoints.conversion, { data: conversion() });
    const { user } = await renderApp(<OtpConversion start="2026-11-01" end="2026-11-29" />, {
      path: "/en/reports/sms-otp/headers",
    });
    await user.click(await screen.findByRole("button", { name: "Show only sender SMSPortal" }));
    await waitFor(() =>
      expect(endpoint.lastCall?.search).toEqual({
        start: "2026-11-01",
        end: "2026-11-29",
        sender: "SMSPortal",
      }),
    );
    expect(screen.getByTestId("otp-conversion-sender")).toHaveTextContent("Sender: SMSPortal");
    await user.click(screen.getByRole("button", { name: "Show all senders" }));
    await waitFor(() =>
      expect(endpoint.lastCall?.search).toEqual({ start: "2026-11-01", end: "2026-11-29" }),
    );
  });

  it("says when the period has no code, in Thai", async () => {
    mockEndpoint(otpConversionEndpoints.conversion, {
      data: conversion({
        totals: counts(),
        days: days.map((day) => ({ day, ...counts() })),
        senders: [],
        blocked_reasons: [],
        holds: [],
        recent_blocks: [],
      }),
    });
    await renderApp(<OtpConversion />, { path: "/th/reports/sms-otp/headers" });
    expect(await screen.findByTestId("otp-conversion-empty")).toHaveTextContent("ไม่มีการขอรหัส OTP ในช่วงเวลานี้");
    expect(screen.getByRole("heading", { name: "อัตราการยืนยัน" })).toBeInTheDocument();
    expect(screen.queryByTestId("otp-conversion-guard")).not.toBeInTheDocument();
    expect(screen.queryByTestId("otp-conversion-chart-section")).not.toBeInTheDocument();
  });

  it("shows that it is loading, then a failure with a retry", async () => {
    let fail = true;
    mockEndpoint(otpConversionEndpoints.conversion, () =>
      fail ? apiError(500, "INTERNAL", "The conversion is not available.") : { data: conversion() },
    );
    const { user } = await renderApp(<OtpConversion />, { path: "/en/reports/sms-otp/headers" });
    expect(screen.getByTestId("otp-conversion-loading")).toHaveTextContent("Loading the conversion…");
    expect(await screen.findByRole("alert")).toHaveTextContent("The conversion is not available.");
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByTestId("figure-requests")).toHaveTextContent("200");
  });
});

describe("releasing a held range", () => {
  it("releases it and says so; a refusal shows the server's message", async () => {
    mockEndpoint(otpConversionEndpoints.conversion, { data: conversion() });
    let refuse = false;
    const release = mockEndpoint(otpConversionEndpoints.releaseHold, ({ params }) =>
      refuse
        ? apiError(403, "FORBIDDEN", "Only the owner may do this.")
        : { data: { prefix: params.prefix, released_at: "2026-11-29T03:30:00.000Z" } },
    );
    const { user } = await renderApp(<OtpConversion />, { path: "/en/reports/sms-otp/headers" });
    await user.click(await screen.findByRole("button", { name: "Release 081234" }));
    await vi.waitFor(() => expect(release.lastCall?.params).toEqual({ prefix: "6681234" }));
    await vi.waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith("Codes to numbers starting 081234 go out again."),
    );
    refuse = true;
    await user.click(screen.getByRole("button", { name: "Release 081234" }));
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledWith("Only the owner may do this."));
  });
});
