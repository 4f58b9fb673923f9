import type { TApiLog } from "@sms/domain/contracts/api-logs";
import { apiKeysEndpoints } from "@sms/domain/endpoints/api-keys";
import { apiLogsEndpoints } from "@sms/domain/endpoints/api-logs";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { page } from "../../../../test/factories";
import { installMatchMedia } from "../../../../test/match-media";
import { apiError, mockEndpoint } from "../../../../test/msw";
import { renderApp } from "../../../../test/render";
import { ApiLogsPage } from "./api-logs-page";

const call = (id: number, extra: Partial<TApiLog> = {}): TApiLog => ({
  id,
  created_at: "2026-11-25T03:00:07.000Z",
  api_key: "sk_live_abc",
  key_kind: "sms",
  ip: "203.0.113.9",
  method: "POST",
  endpoint: "/api/v2/sms",
  status: 201,
  error_code: null,
  latency_ms: 42,
  message_ids: [9001, 9002],
  ...extra,
});

function keys() {
  return mockEndpoint(apiKeysEndpoints.get, {
    data: {
      sms: { key: "sk_live_abc", has_secret: true, created_at: "2026-11-01T00:00:00.000Z" },
      otp: { key: "ok_live_def", has_secret: true, created_at: "2026-11-01T00:00:00.000Z" },
    },
  });
}

const render = (path = "/en/reports/api-logs") =>
  renderApp(<ApiLogsPage organizationId={7} />, { path, pattern: "/:lang?/reports/api-logs" });

let media: ReturnType<typeof installMatchMedia> | undefined;
afterEach(() => {
  media?.restore();
  media = undefined;
});

describe("ApiLogsPage", () => {
  it("lists the calls with status, error code, endpoint, key, IP, latency and message ids", async () => {
    keys();
    const list = mockEndpoint(
      apiLogsEndpoints.list,
      page([
        call(1),
        call(2, {
          status: 401,
          error_code: "ERROR_UNAUTHORIZED",
          message_ids: [],
          ip: "198.51.100.4",
          latency_ms: 3,
        }),
      ]),
    );
    await render();
    const rows = await screen.findAllByTestId("log-status");
    expect(rows.map((r) => r.textContent)).toEqual(["201", "401"]);
    expect(screen.getByTestId("log-error-code")).toHaveTextContent("ERROR_UNAUTHORIZED");
    expect(screen.getAllByTestId("log-endpoint")[0]).toHaveTextContent("POST /api/v2/sms");
    expect(screen.getAllByTestId("log-key")[0]).toHaveTextContent("SMS · sk_live_abc");
    expect(screen.getAllByTestId("log-message-ids")[0]).toHaveTextContent("9001, 9002");
    expect(screen.getByText("42 ms")).toBeInTheDocument();
    expect(screen.getByRole("table")).toHaveTextContent("25 Nov 2026 10:00:07");
    expect(list.calls[0]?.search).toMatchObject({ page: "1", sort: "created_at", reverse: "true" });
  });

  it("sends every filter, keeps them in the URL and exports the same filter", async () => {
    keys();
    const list = mockEndpoint(apiLogsEndpoints.list, page([]));
    const exported = mockEndpoint(
      apiLogsEndpoints.export,
      () => new Response("Time\n", { headers: { "content-type": "text/csv" } }),
    );
    const { router, user } = await render();
    expect(await screen.findByText("No API call today.")).toBeInTheDocument();
    await user.selectOptions(screen.getByRole("combobox", { name: "Endpoint" }), "/api/v2/otp/verify");
    await user.selectOptions(screen.getByRole("combobox", { name: "HTTP status" }), "400");
    await user.selectOptions(screen.getByRole("combobox", { name: "Error code" }), "ERROR_CODE_INVALID");
    await waitFor(() =>
      expect(within(screen.getByRole("combobox", { name: "API key" })).getAllByRole("option")).toHaveLength(
        3,
      ),
    );
    await user.selectOptions(screen.getByRole("combobox", { name: "API key" }), "ok_live_def");
    await user.type(screen.getByRole("textbox", { name: "IP address" }), "198.51.100.4");
    await user.type(screen.getByRole("textbox", { name: "Message ID" }), "9001");
    await user.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() =>
      expect(list.lastCall?.search).toMatchObject({
        endpoint: "/api/v2/otp/verify",
        status: "400",
        error_code: "ERROR_CODE_INVALID",
        api_key: "ok_live_def",
        ip: "198.51.100.4",
        message_id: "9001",
      }),
    );
    expect(router.state.location.search).toContain("error_code=ERROR_CODE_INVALID");
    expect(await screen.findByText("No API call matches these filters.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Export CSV" }));
    await waitFor(() =>
      expect(exported.lastCall?.search).toMatchObject({ format: "csv", ip: "198.51.100.4" }),
    );
    expect(exported.lastCall?.search).toMatchObject({ message_id: "9001", endpoint: "/api/v2/otp/verify" });
  });

  it("refuses a message id that is not a number before asking the server", async () => {
    keys();
    const list = mockEndpoint(apiLogsEndpoints.list, page([]));
    const { user } = await render();
    await screen.findByText("No API call today.");
    await user.type(screen.getByRole("textbox", { name: "Message ID" }), "12ab");
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(await screen.findByTestId("field-error")).toHaveTextContent(
      "The message ID must be a whole number.",
    );
    expect(list.calls.every((c) => c.search.message_id === undefined)).toBe(true);
  });

  it("shows the server's error with a retry", async () => {
    keys();
    mockEndpoint(apiLogsEndpoints.list, apiError(500, "INTERNAL", "Something went wrong"));
    await render();
    expect(await screen.findByRole("button", { name: /try again|retry/i })).toBeInTheDocument();
  });

  it("shows cards below 640 px, in Thai", async () => {
    media = installMatchMedia(375);
    keys();
    mockEndpoint(apiLogsEndpoints.list, page([call(1, { status: 429, error_code: "ERROR_RATE_LIMITED" })]));
    await render("/reports/api-logs");
    expect(await screen.findByRole("heading", { name: "บันทึกการเรียก API", level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    const card = (await screen.findAllByTestId("log-status"))[0]?.closest("[data-row]");
    expect(card).not.toBeNull();
    expect(card).toHaveTextContent("ERROR_RATE_LIMITED");
    expect(card).toHaveTextContent("2569");
    expect(screen.getByRole("button", { name: /ตัวกรอง/ })).toBeInTheDocument();
  });
});
