import type { TDashboard } from "@sms/domain/contracts/dashboard";
import { dashboardEndpoints } from "@sms/domain/endpoints/dashboard";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { apiError, type MockedEndpoint, mockEndpoint } from "../../../../test/msw";
import { renderApp } from "../../../../test/render";
import { Dashboard } from "./dashboard";

const zeroDay = (day: string) => ({ day, queued: 0, sent: 0, delivered: 0, failed: 0, pending: 0 });

function busy(): TDashboard {
  return {
    period: { start: "2026-11-25", end: "2026-11-27" },
    credits: { remaining: 12_345, expires_at: "2027-03-31T16:59:59.000Z" },
    messages: {
      totals: {
        sent: 1_500,
        delivered: 1_200,
        delivered_to_network: 100,
        failed: 150,
        queued: 30,
        pending: 20,
        used_credits: 3_000,
      },
      days: [
        zeroDay("2026-11-25"),
        { day: "2026-11-26", queued: 0, sent: 50, delivered: 700, failed: 100, pending: 10 },
        { day: "2026-11-27", queued: 30, sent: 50, delivered: 500, failed: 50, pending: 10 },
      ],
      types: [
        { type: "instant", messages: 100, credits: 100 },
        { type: "campaign", messages: 1_000, credits: 2_000 },
        { type: "api", messages: 300, credits: 800 },
        { type: "otp", messages: 100, credits: 100 },
      ],
    },
    recent_campaigns: [
      {
        id: 42,
        name: "Year-end sale",
        kind: "campaign",
        status: "sent",
        recipients: 1_000,
        credits: 2_000,
        accepted_at: "2026-11-26T03:00:00.000Z",
      },
    ],
    checklist: { verify: true, buy_credit: true, sender: true, contacts: true, send: true },
  };
}

function fresh(): TDashboard {
  const d = busy();
  return {
    ...d,
    credits: { remaining: 0, expires_at: null },
    messages: {
      totals: {
        sent: 0,
        delivered: 0,
        delivered_to_network: 0,
        failed: 0,
        queued: 0,
        pending: 0,
        used_credits: 0,
      },
      days: d.messages!.days.map((x) => zeroDay(x.day)),
      types: d.messages!.types.map((x) => ({ ...x, messages: 0, credits: 0 })),
    },
    recent_campaigns: [],
    checklist: { verify: true, buy_credit: false, sender: false, contacts: false, send: false },
  };
}

let answer: () => TDashboard | Response;
let get: MockedEndpoint<typeof dashboardEndpoints.get>;

const renderAt = (path: string) => renderApp(<Dashboard />, { path });

beforeEach(() => {
  answer = () => busy();
  get = mockEndpoint(dashboardEndpoints.get, () => {
    const value = answer();
    return value instanceof Response ? value : { data: value };
  });
});

describe("Dashboard", () => {
  it("shows every figure in English with the Gregorian expiry, the chart with its table, types and campaigns", async () => {
    await renderAt("/en/dashboard");
    expect(await screen.findByTestId("figure-remaining")).toHaveTextContent("12,345");
    expect(screen.getByTestId("figure-expiry")).toHaveTextContent("31 Mar 2027");
    expect(screen.getByTestId("figure-used")).toHaveTextContent("3,000");
    expect(screen.getByTestId("figure-sent")).toHaveTextContent("1,500");
    expect(screen.getByTestId("figure-delivered")).toHaveTextContent("1,200");
    expect(screen.getByTestId("figure-delivery-rate")).toHaveTextContent("80%");
    // One name per status (review D58): the status `sent` is "Sent" here as in the chart and reports.
    expect(screen.getByText("Sent", { selector: "dt" }).nextElementSibling).toHaveTextContent("100");
    expect(screen.getByTestId("figure-network")).toHaveTextContent("100");
    expect(screen.getByTestId("figure-failed")).toHaveTextContent("150");
    // The chart is lazy; its accessible summary and the table of the series.
    const chart = await screen.findByRole("img", {
      name: /Messages per day by status from 25 Nov 2026 to 27 Nov 2026: 1,500/,
    });
    expect(chart).toBeInTheDocument();
    const table = screen.getByRole("table", { name: "Messages per day" });
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(4);
    expect(within(rows[2]!).getByRole("rowheader")).toHaveTextContent("26 Nov 2026");
    expect(rows[2]).toHaveTextContent("860");
    expect(screen.getByTestId("type-api")).toHaveTextContent("API");
    expect(screen.getByTestId("type-api")).toHaveTextContent("300");
    expect(screen.getByTestId("type-api")).toHaveTextContent("20%");
    expect(screen.getByRole("link", { name: "Year-end sale" })).toHaveAttribute(
      "href",
      "/en/reports/campaigns/42",
    );
    // Every step done: no checklist.
    expect(screen.queryByTestId("checklist")).not.toBeInTheDocument();
    expect(get.calls.map((call) => call.search)).toEqual([{}]);
  });

  it("shows the Buddhist-era expiry in Thai", async () => {
    await renderAt("/dashboard");
    expect(await screen.findByTestId("figure-expiry")).toHaveTextContent("31 มี.ค. 2570");
    expect(screen.getByText("เครดิตคงเหลือ")).toBeInTheDocument();
  });

  it("says there is no credit yet instead of 'No expiry' at a zero balance (review D6)", async () => {
    answer = () => fresh();
    await renderAt("/dashboard");
    expect(await screen.findByTestId("figure-expiry")).toHaveTextContent("ยังไม่มีเครดิต");
    expect(screen.getByTestId("figure-expiry")).not.toHaveTextContent("ไม่มีวันหมดอายุ");
  });

  it("asks for the period in the URL", async () => {
    await renderAt("/en/dashboard?start=2026-11-01&end=2026-11-20");
    await screen.findByTestId("figure-remaining");
    expect(get.calls.map((call) => call.search)).toEqual([{ start: "2026-11-01", end: "2026-11-20" }]);
  });

  it("shows a new organization's empty state and its checklist, each open step linking to its page", async () => {
    answer = () => fresh();
    await renderAt("/en/dashboard");
    const checklist = await screen.findByTestId("checklist");
    expect(checklist).toHaveTextContent("1 of 5 done");
    expect(screen.getByTestId("step-verify")).toHaveAttribute("data-done", "true");
    expect(within(screen.getByTestId("step-verify")).queryByRole("link")).toBeNull();
    expect(within(screen.getByTestId("step-buy_credit")).getByRole("link")).toHaveAttribute(
      "href",
      "/en/subscriptions",
    );
    expect(within(screen.getByTestId("step-sender")).getByRole("link")).toHaveAttribute(
      "href",
      "/en/senders/create",
    );
    expect(within(screen.getByTestId("step-contacts")).getByRole("link")).toHaveAttribute(
      "href",
      "/en/contacts",
    );
    expect(within(screen.getByTestId("step-send")).getByRole("link")).toHaveAttribute(
      "href",
      "/en/messages/campaigns",
    );
    expect(screen.getByTestId("figure-expiry")).toHaveTextContent("No credit yet");
    expect(await screen.findByTestId("chart-empty")).toHaveTextContent("No message was sent in this period.");
    expect(screen.getByTestId("recent-empty")).toBeInTheDocument();
  });

  it("hides organization-wide message figures from a member who sees its own sends only", async () => {
    answer = () => ({ ...busy(), messages: null });
    await renderAt("/en/dashboard");
    await screen.findByTestId("figure-remaining");
    expect(screen.queryByTestId("figure-sent")).toBeNull();
    expect(screen.queryByTestId("chart-section")).toBeNull();
    expect(screen.getByText(/shown to its owner and account service/)).toBeInTheDocument();
  });

  it("shows the loading state, then an error with a retry", async () => {
    let fail = true;
    answer = () => (fail ? apiError(500, "INTERNAL", "boom") : busy());
    const { user } = await renderAt("/en/dashboard");
    expect(screen.getByTestId("dashboard-loading")).toHaveTextContent("Loading the dashboard");
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The dashboard could not be loaded.");
    fail = false;
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(screen.getByTestId("figure-remaining")).toHaveTextContent("12,345"));
  });
});
