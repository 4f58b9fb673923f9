import type { TOtpRequest, TOtpRequestDetail } from "@sms/domain/contracts/api-otp";
import type { TMessage } from "@sms/domain/contracts/campaigns";
import type { TApiMessage, TWebhookDelivery } from "@sms/domain/contracts/webhooks";
import { apiOtpEndpoints } from "@sms/domain/endpoints/api-otp";
import { campaignsEndpoints } from "@sms/domain/endpoints/campaigns";
import { otpConversionEndpoints } from "@sms/domain/endpoints/otp-guard";
import { webhooksEndpoints } from "@sms/domain/endpoints/webhooks";
import { formatDateTime } from "@sms/domain/rules/format";
import { screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { matchPath } from "react-router";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { page } from "../../../../test/factories";
import { apiError, mockEndpoint } from "../../../../test/msw";
import { renderApp } from "../../../../test/render";
import { spyOnToasts } from "../../../../test/toasts";
import { ApiMessageDetail } from "./api-message-detail";
import { ApiMessagesTable } from "./api-messages-table";
import { OtpRequestDetail } from "./otp-request-detail";
import { OtpRequestsTable } from "./otp-requests-table";

spyOnToasts();

const message = (id: number, extra: Partial<TMessage> = {}): TMessage => ({
  id,
  campaign_id: 40 + id,
  type: "api",
  sender: "SMSPortal",
  recipient: "66812345678",
  message: `API message ${id}`,
  billed_parts: 1,
  credits: 1,
  status: "delivered",
  state: 3,
  code: "000",
  created_at: "2026-11-25T03:00:00.000Z",
  submitted_at: "2026-11-25T03:00:01.000Z",
  done_at: "2026-11-25T03:00:05.000Z",
  ...extra,
});

const otpRequest = (id: number, extra: Partial<TOtpRequest> = {}): TOtpRequest => ({
  id,
  msisdn: "66898765432",
  refno: `REF${id}`,
  status: "verified",
  attempts: 1,
  credits: 1,
  message_id: 900 + id,
  expires_at: "2026-11-25T03:05:00.000Z",
  verified_at: "2026-11-25T03:01:00.000Z",
  created_at: "2026-11-25T03:00:00.000Z",
  ...extra,
});

/** Renders the route of `routes` that `path` matches (with or without the language prefix); the others are pages to go to. */
function renderAt(path: string, routes: { path: string; element: ReactNode }[]) {
  const patterns = routes.flatMap((r) => [{ ...r, path: `/:lang${r.path}` }, r]);
  const pathname = new URL(path, "http://localhost").pathname;
  const here = patterns.find((r) => matchPath(r.path, pathname));
  if (!here) throw new Error(`no route for ${path}`);
  return renderApp(here.element, {
    path,
    pattern: here.path,
    pages: Object.fromEntries(patterns.filter((r) => r !== here).map((r) => [r.path, r.element])),
  });
}

afterEach(() => vi.clearAllMocks());

describe("ApiMessagesTable", () => {
  const routes = (type: "api" | "otp") => [
    { path: `/reports/${type === "api" ? "sms-api" : "sms-otp"}`, element: <ApiMessagesTable type={type} /> },
  ];

  it("lists the API messages with their status, each linking to its detail", async () => {
    const messages = mockEndpoint(
      campaignsEndpoints.messages,
      page([message(1), message(2, { status: "failed", state: 3, code: "303" })]),
    );
    const { router, user } = await renderAt("/en/reports/sms-api", routes("api"));
    const chips = await screen.findAllByTestId("message-status");
    expect(chips.map((c) => c.textContent)).toEqual(["Delivered", "Failed"]);
    expect(screen.getByText("API message 1")).toBeInTheDocument();
    expect(screen.getAllByTestId("message-recipient")[0]).toHaveTextContent("0812345678");
    expect(messages.calls[0]?.query).toMatchObject({ type: "api", page: 1 });
    const links = screen.getAllByRole("link", { name: "View the message to 0812345678" });
    expect(links[0]).toHaveAttribute("href", "/en/reports/sms-api/1");
    await user.click(links[1]!);
    expect(router.state.location.pathname).toBe("/en/reports/sms-api/2");
  });

  it("sends the phone and status filters with the report's type and keeps them in the URL", async () => {
    const messages = mockEndpoint(campaignsEndpoints.messages, page([]));
    const { router, user } = await renderAt("/en/reports/sms-api", routes("api"));
    expect(
      await screen.findByText("No message was sent through the API in the last 7 days."),
    ).toBeInTheDocument();
    await user.type(screen.getByRole("textbox", { name: "Phone number" }), "0812345678");
    await user.selectOptions(screen.getByRole("combobox", { name: "Status" }), "failed");
    await user.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() =>
      expect(messages.lastCall?.search).toMatchObject({ type: "api", phone: "0812345678", status: "failed" }),
    );
    expect(router.state.location.search).toContain("status=failed");
    expect(router.state.location.search).toContain("phone=0812345678");
    expect(await screen.findByText("No message matches these filters.")).toBeInTheDocument();
  });

  it("lists OTP messages without their text (it holds the code), in Thai with Buddhist-era dates", async () => {
    const messages = mockEndpoint(
      campaignsEndpoints.messages,
      page([message(3, { type: "otp", message: "Your code is 975310" })]),
    );
    await renderAt("/reports/sms-otp", routes("otp"));
    expect(await screen.findByTestId("message-status")).toHaveTextContent("ส่งถึงผู้รับแล้ว");
    expect(messages.calls[0]?.query).toMatchObject({ type: "otp" });
    expect(screen.queryByText(/975310/)).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /ดูข้อความถึง/ })).not.toBeInTheDocument();
    expect(screen.getByRole("table")).toHaveTextContent("2569");
  });

  it("says when a queued message's scheduled send goes, in Thai with the Buddhist era, and not once the time has passed", async () => {
    const at = new Date(Math.floor((Date.now() + 2 * 3_600_000) / 60_000) * 60_000);
    mockEndpoint(
      campaignsEndpoints.messages,
      page([
        message(1, { status: "queued", state: 0, code: null, scheduled_for: at.toISOString() }),
        message(2, { status: "queued", state: 0, code: null, scheduled_for: "2026-01-01T03:00:00.000Z" }),
        message(3, { scheduled_for: at.toISOString() }),
        message(4, { status: "queued", state: 0, code: null, scheduled_for: null }),
      ]),
    );
    await renderAt("/reports/sms-api", routes("api"));
    const lines = await screen.findAllByTestId("message-scheduled");
    expect(lines.map((l) => l.textContent)).toEqual([`ตั้งเวลาส่ง ${formatDateTime(at, "th")}`]);
    expect(lines[0]).toHaveTextContent(String(at.getFullYear() + 543));
    expect(within(screen.getAllByRole("row")[1]!).getByTestId("message-scheduled")).toBe(lines[0]);
  });

  it("shows the server's error with a retry", async () => {
    mockEndpoint(campaignsEndpoints.messages, apiError(500, "INTERNAL", "Something went wrong on our side."));
    await renderAt("/en/reports/sms-otp", routes("otp"));
    expect(await screen.findByText("Something went wrong on our side.")).toBeInTheDocument();
  });
});

describe("OtpRequestsTable", () => {
  const routes = [{ path: "/reports/sms-otp/headers", element: <OtpRequestsTable /> }];
  // The conversion above the list has its own tests (otp-conversion.test.tsx).
  const none = {
    requests: 0,
    verified: 0,
    expired: 0,
    failed: 0,
    pending: 0,
    blocked: 0,
    conversion: null,
    median_verify_seconds: null,
  };
  beforeEach(() => {
    mockEndpoint(otpConversionEndpoints.conversion, {
      data: {
        start: "2026-11-22T17:00:00.000Z",
        end: "2026-11-29T17:00:00.000Z",
        first_day: "2026-11-23",
        last_day: "2026-11-29",
        totals: none,
        days: [],
        senders: [],
        blocked_reasons: [],
        holds: [],
        recent_blocks: [],
      },
    });
  });

  it("lists the OTP requests with status, wrong codes and credits, each linking to its detail", async () => {
    mockEndpoint(
      apiOtpEndpoints.list,
      page([
        otpRequest(1),
        otpRequest(2, { status: "pending", attempts: 0, verified_at: null }),
        otpRequest(3, { status: "expired", attempts: 2, verified_at: null }),
        otpRequest(4, { status: "failed", attempts: 5, verified_at: null }),
      ]),
    );
    await renderAt("/en/reports/sms-otp/headers", routes);
    const badges = await screen.findAllByTestId("otp-status");
    expect(badges.map((b) => b.textContent)).toEqual(["Verified", "Waiting for code", "Expired", "Failed"]);
    const failed = screen.getByRole("row", { name: /REF4/ });
    expect(
      within(failed)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual([expect.stringMatching(/2026/), "0898765432", "REF4", "Failed", "5", "1"]);
    expect(screen.getByRole("link", { name: "0898765432: view OTP request REF1" })).toHaveAttribute(
      "href",
      "/en/reports/sms-otp/1",
    );
  });

  it("filters by status and phone through the URL, and says when nothing matches", async () => {
    const list = mockEndpoint(apiOtpEndpoints.list, page([]));
    const { router, user } = await renderAt("/en/reports/sms-otp/headers", routes);
    expect(await screen.findByText("No OTP was requested in the last 7 days.")).toBeInTheDocument();
    await user.selectOptions(screen.getByRole("combobox", { name: "Status" }), "expired");
    await user.type(screen.getByRole("textbox", { name: "Phone number" }), "0898765432");
    await user.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() =>
      expect(list.lastCall?.search).toMatchObject({ status: "expired", phone: "0898765432" }),
    );
    expect(router.state.location.search).toContain("status=expired");
    expect(await screen.findByText("No OTP request matches these filters.")).toBeInTheDocument();
  });

  it("says which period the list shows: the last 7 days, or the one chosen in the URL", async () => {
    mockEndpoint(apiOtpEndpoints.list, page([]));
    const first = await renderAt("/en/reports/sms-otp/headers", routes);
    expect(await screen.findByTestId("report-period")).toHaveTextContent(
      "Showing the last 7 days. Choose a period of up to 31 days to see older ones.",
    );
    first.unmount();
    await renderAt("/en/reports/sms-otp/headers?start=2026-11-01&end=2026-11-10", routes);
    expect(await screen.findByTestId("report-period")).toHaveTextContent(
      "A period can be at most 31 days long.",
    );
  });
});

const apiMessage: TApiMessage = {
  id: "7",
  campaign_id: 70,
  sender: "SMSPortal",
  recipient: "66812345678",
  text: "Your parcel is on its way",
  credits: 1,
  status: "delivered",
  state: 3,
  code: "000",
  created_at: "2026-11-25T03:00:00.000Z",
  submitted_at: "2026-11-25T03:00:01.000Z",
  done_at: "2026-11-25T03:00:05.000Z",
  tag: "order-1",
  callback_url: "https://example.com/hook",
  scheduled_for: null,
};

const delivery = (extra: Partial<TWebhookDelivery> = {}): TWebhookDelivery => ({
  id: 31,
  message_id: "7",
  campaign_id: 70,
  url: "https://example.com/hook",
  event: "delivered",
  payload: {},
  status: "failed",
  attempt_count: 2,
  next_attempt_at: null,
  last_http_status: null,
  last_error: "webhooks.error.timeout",
  delivered_at: null,
  created_at: "2026-11-25T03:00:05.000Z",
  attempts: [
    {
      id: 1,
      attempted_at: "2026-11-25T03:00:06.000Z",
      http_status: 500,
      error: "webhooks.error.status",
      error_message: "The receiver answered HTTP 500.",
      duration_ms: 120,
      manual: false,
    },
    {
      id: 2,
      attempted_at: "2026-11-25T03:00:40.000Z",
      http_status: null,
      error: "webhooks.error.timeout",
      error_message: "No answer within 10 seconds.",
      duration_ms: 10000,
      manual: false,
    },
  ],
  ...extra,
});

describe("ApiMessageDetail", () => {
  const routes = [
    { path: "/reports/sms-api/:id", element: <ApiMessageDetail id={7} /> },
    { path: "/reports/sms-api/x/:id", element: <ApiMessageDetail id={Number.NaN} /> },
  ];

  it("shows the message and its webhooks' attempt log, and resends one after confirming", async () => {
    let resent = false;
    const read = mockEndpoint(webhooksEndpoints.apiMessage, { data: apiMessage });
    const list = mockEndpoint(webhooksEndpoints.list, () => {
      const current = delivery();
      return page([
        resent
          ? {
              ...current,
              status: "delivered",
              attempts: [
                ...current.attempts,
                {
                  id: 3,
                  attempted_at: "2026-11-25T04:00:00.000Z",
                  http_status: 204,
                  error: null,
                  error_message: null,
                  duration_ms: 80,
                  manual: true,
                },
              ],
            }
          : current,
      ]);
    });
    const resend = mockEndpoint(webhooksEndpoints.resend, () => {
      resent = true;
      return { data: { ...delivery(), status: "delivered" as const } };
    });
    const { user } = await renderAt("/en/reports/sms-api/7", routes);
    expect(await screen.findByTestId("detail-recipient")).toHaveTextContent("0812345678");
    expect(screen.getByRole("heading", { name: "API message 7" })).toBeInTheDocument();
    expect(screen.getByTestId("detail-text")).toHaveTextContent("Your parcel is on its way");
    expect(screen.getByText("https://example.com/hook", { selector: "dd code" })).toBeInTheDocument();
    expect(read.calls[0]?.params).toEqual({ id: 7 });

    const hook = within(await screen.findByTestId("webhook-31"));
    expect(hook.getByTestId("webhook-status")).toHaveTextContent("Failed");
    const attempts = hook.getAllByTestId("webhook-attempt");
    expect(
      within(attempts[0]!)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual([
      expect.stringMatching(/2026/),
      "500",
      "The receiver answered HTTP 500.",
      "120 ms",
      "Automatically",
    ]);
    expect(within(attempts[1]!).getAllByRole("cell")[1]).toHaveTextContent("No answer");

    await user.click(hook.getByRole("button", { name: "Resend webhook 31" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Resend this webhook?" });
    expect(dialog).toHaveTextContent("https://example.com/hook");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(resend.calls).toHaveLength(0);

    await user.click(hook.getByRole("button", { name: "Resend webhook 31" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Resend" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Webhook resent and delivered"));
    await waitFor(() => expect(hook.getAllByTestId("webhook-attempt")).toHaveLength(3));
    expect(hook.getAllByTestId("webhook-attempt")[2]).toHaveTextContent("By hand");
    expect(hook.getByTestId("webhook-status")).toHaveTextContent("Delivered");
    expect(resend.calls.map((call) => call.params)).toEqual([{ id: 31 }]);
    for (const call of list.calls) expect(call.query).toMatchObject({ message_id: 7 });
  });

  it("says when a queued message's scheduled send goes", async () => {
    const at = new Date(Math.floor((Date.now() + 2 * 3_600_000) / 60_000) * 60_000);
    mockEndpoint(webhooksEndpoints.apiMessage, {
      data: {
        ...apiMessage,
        status: "queued",
        state: 0,
        code: null,
        submitted_at: null,
        done_at: null,
        scheduled_for: at.toISOString(),
      },
    });
    mockEndpoint(webhooksEndpoints.list, page([]));
    await renderAt("/en/reports/sms-api/7", routes);
    expect(await screen.findByTestId("detail-scheduled")).toHaveTextContent(
      `Scheduled for ${formatDateTime(at, "en")}`,
    );
  });

  it("says when the message has no callback_url", async () => {
    mockEndpoint(webhooksEndpoints.apiMessage, { data: { ...apiMessage, callback_url: null } });
    mockEndpoint(webhooksEndpoints.list, page([]));
    await renderAt("/en/reports/sms-api/7", routes);
    expect(await screen.findByTestId("webhooks-empty")).toHaveTextContent("its send had no callback_url");
  });

  it("shows the not-found state for another organization's or an unknown message, and for a bad id", async () => {
    mockEndpoint(webhooksEndpoints.apiMessage, apiError(404, "NOT_FOUND", "Not found"));
    mockEndpoint(webhooksEndpoints.list, apiError(404, "NOT_FOUND", "Not found"));
    await renderAt("/en/reports/sms-api/7", routes);
    expect(await screen.findByTestId("detail-not-found")).toHaveTextContent("This message was not found.");
    expect(screen.getByRole("link", { name: "← SMS API report" })).toHaveAttribute(
      "href",
      "/en/reports/sms-api",
    );
    expect(screen.queryByRole("button", { name: "Try again" })).not.toBeInTheDocument();
  });

  it("asks nothing of the API for an id that is not a number", async () => {
    const read = mockEndpoint(webhooksEndpoints.apiMessage, { data: apiMessage });
    const list = mockEndpoint(webhooksEndpoints.list, page([]));
    await renderAt("/en/reports/sms-api/x/abc", routes);
    expect(await screen.findByTestId("detail-not-found")).toBeInTheDocument();
    expect([...read.calls, ...list.calls]).toEqual([]);
  });
});

describe("OtpRequestDetail", () => {
  const routes = [{ path: "/reports/sms-otp/:id", element: <OtpRequestDetail id={5} /> }];
  const detail: TOtpRequestDetail = {
    ...otpRequest(5, { status: "failed", attempts: 5, verified_at: null }),
    message: {
      id: 905,
      sender: "SMSPortal",
      status: "delivered",
      state: 3,
      code: "000",
      submitted_at: "2026-11-25T03:00:01.000Z",
      done_at: "2026-11-25T03:00:04.000Z",
    },
  };

  it("shows the request and the delivery status of its SMS, in Thai", async () => {
    const read = mockEndpoint(apiOtpEndpoints.get, { data: detail });
    await renderAt("/reports/sms-otp/5", routes);
    expect(await screen.findByRole("heading", { name: "คำขอ OTP REF5" })).toBeInTheDocument();
    expect(screen.getByTestId("otp-status")).toHaveTextContent("ไม่สำเร็จ");
    expect(screen.getByTestId("detail-recipient")).toHaveTextContent("0898765432");
    expect(within(screen.getByTestId("otp-sms-status")).getByTestId("message-status")).toHaveTextContent(
      "ส่งถึงผู้รับแล้ว",
    );
    expect(read.calls.map((call) => call.params)).toEqual([{ id: 5 }]);
  });

  it("shows the not-found state", async () => {
    mockEndpoint(apiOtpEndpoints.get, apiError(404, "NOT_FOUND", "Not found"));
    await renderAt("/en/reports/sms-otp/5", routes);
    expect(await screen.findByTestId("detail-not-found")).toHaveTextContent(
      "This OTP request was not found.",
    );
  });
});
