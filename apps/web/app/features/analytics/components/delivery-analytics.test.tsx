import type { TDeliveryAnalytics, TNumberHistory } from "@sms/domain/contracts/analytics";
import type { TMessage } from "@sms/domain/contracts/campaigns";
import { analyticsEndpoints } from "@sms/domain/endpoints/analytics";
import { resolveDeliveryStatus } from "@sms/domain/rules/delivery-status";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { installMatchMedia } from "../../../../test/match-media";
import { apiError, type MockedEndpoint, mockEndpoint } from "../../../../test/msw";
import { renderApp } from "../../../../test/render";
import { DeliveryAnalytics } from "./delivery-analytics";
import { NumberHistory } from "./number-history";

const day = (
  d: string,
  messages = 0,
  delivered = 0,
  failed = 0,
  top_reason: TDeliveryAnalytics["days"][number]["top_reason"] = null,
) => ({ day: d, messages, delivered, failed, top_reason });

function busy(by: TDeliveryAnalytics["by"] = "campaign"): TDeliveryAnalytics {
  const groups: Record<TDeliveryAnalytics["by"], TDeliveryAnalytics["groups"]> = {
    campaign: [
      {
        key: "42",
        name: "Year-end sale",
        messages: 800,
        delivered: 700,
        failed: 80,
        top_reason: { state: 3, code: "303", messages: 50 },
      },
      { key: "43", name: "Reminder", messages: 200, delivered: 150, failed: 20, top_reason: null },
    ],
    sender: [{ key: "ShopA", name: "ShopA", messages: 1000, delivered: 850, failed: 100, top_reason: null }],
    operator: [
      {
        key: "AIS",
        name: "AIS",
        messages: 600,
        delivered: 500,
        failed: 90,
        top_reason: { state: 3, code: "303", messages: 60 },
      },
      { key: "-", name: "-", messages: 400, delivered: 350, failed: 10, top_reason: null },
    ],
  };
  return {
    start: "2026-11-24T17:00:00.000Z",
    end: "2026-11-27T17:00:00.000Z",
    first_day: "2026-11-25",
    last_day: "2026-11-27",
    by,
    totals: { messages: 1000, delivered: 850, failed: 100 },
    days: [
      day("2026-11-25"),
      day("2026-11-26", 600, 500, 70, { state: 3, code: "303", messages: 45 }),
      day("2026-11-27", 400, 350, 30, { state: 1, code: "005", messages: 20 }),
    ],
    reasons: [
      { state: 3, code: "303", messages: 60 },
      { state: 1, code: "005", messages: 40 },
    ],
    groups: groups[by],
    group_count: by === "campaign" ? 75 : groups[by].length,
  };
}

let answer: (by: TDeliveryAnalytics["by"]) => TDeliveryAnalytics | Response;
let delivery: MockedEndpoint<typeof analyticsEndpoints.delivery>;

const renderAt = (path: string) =>
  renderApp(<DeliveryAnalytics />, {
    path,
    pattern: path.startsWith("/en/") ? "/en/reports/analytics" : "/reports/analytics",
  });

beforeEach(() => {
  answer = (by) => busy(by);
  delivery = mockEndpoint(analyticsEndpoints.delivery, ({ query }) => {
    const value = answer(query.by);
    return value instanceof Response ? value : { data: value };
  });
});

describe("DeliveryAnalytics", () => {
  it("shows the rates in English, each figure linking to its messages in the report", async () => {
    await renderAt("/en/reports/analytics");
    const messages = within(await screen.findByTestId("figure-messages")).getByRole("link");
    expect(messages).toHaveTextContent("1,000");
    expect(messages).toHaveAttribute("href", "/en/reports/messages?start=2026-11-25&end=2026-11-27");
    expect(screen.getByTestId("figure-delivered")).toHaveTextContent("85%");
    expect(within(screen.getByTestId("figure-failed")).getByRole("link")).toHaveAttribute(
      "href",
      "/en/reports/messages?start=2026-11-25&end=2026-11-27&status=failed",
    );
    // Failure reasons, labelled from the catalogue, each linking to its failed messages.
    const reasons = screen.getByTestId("reasons");
    expect(reasons).toHaveTextContent("Mobile switched off (3/303)");
    expect(within(reasons).getByRole("link", { name: "60" })).toHaveAttribute(
      "href",
      "/en/reports/messages?start=2026-11-25&end=2026-11-27&status=failed&reason=3%2F303",
    );
    expect(reasons).toHaveTextContent("60%");
    // The breakdown by campaign: the rate links to the campaign's delivered messages.
    const breakdown = screen.getByTestId("breakdown");
    expect(within(breakdown).getByRole("link", { name: "87.5%" })).toHaveAttribute(
      "href",
      "/en/reports/messages?start=2026-11-25&end=2026-11-27&campaign_id=42&status=delivered",
    );
    expect(breakdown).toHaveTextContent("The 2 with the most messages of 75.");
    expect(delivery.calls.map((call) => call.search)).toEqual([{ by: "campaign" }]);
  });

  it("loads the chart on demand, with its table of linked figures", async () => {
    await renderAt("/en/reports/analytics");
    const chart = await screen.findByRole("img", {
      name: "Messages per day from 25 Nov 2026 to 27 Nov 2026: 1,000 messages, 85% delivered.",
    });
    expect(chart).toBeInTheDocument();
    const table = screen.getByRole("table", { name: "Delivery per day" });
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(4);
    expect(within(rows[2]!).getByRole("link", { name: "70" })).toHaveAttribute(
      "href",
      "/en/reports/messages?start=2026-11-26&end=2026-11-26&status=failed",
    );
    // The failure reasons over time: each day's most frequent one, linked to those messages.
    expect(within(table).getByRole("columnheader", { name: "Most common failure" })).toBeInTheDocument();
    const reason303 = resolveDeliveryStatus(3, "303").label;
    expect(within(rows[2]!).getByRole("link", { name: reason303.en })).toHaveAttribute(
      "href",
      "/en/reports/messages?start=2026-11-26&end=2026-11-26&status=failed&reason=3%2F303",
    );
    expect(within(rows[1]!).getAllByRole("cell").at(-1)).toHaveTextContent("—");
  });

  it("shows the day table as a card per day on a phone, every figure still a link (375 px)", async () => {
    const media = installMatchMedia(375);
    try {
      await renderAt("/reports/analytics");
      await screen.findByRole("img", { name: /ข้อความรายวันตั้งแต่/ });
      // No table to scroll sideways: the days are cards with labelled figures (DataTable, ADR 38).
      expect(screen.queryByRole("table", { name: "การส่งถึงผู้รับรายวัน" })).toBeNull();
      const cards = within(screen.getByTestId("delivery-chart")).getAllByTestId("data-card");
      expect(cards).toHaveLength(3);
      expect(cards[1]).toHaveTextContent(/^วัน: 26 พ.ย. 2569/);
      expect(
        within(cards[1]!).getByText("ส่งไม่สำเร็จ", { selector: "dt" }).nextElementSibling,
      ).toHaveTextContent("70");
      expect(within(cards[1]!).getByRole("link", { name: "70" })).toHaveAttribute(
        "href",
        "/reports/messages?start=2026-11-26&end=2026-11-26&status=failed",
      );
      expect(
        within(cards[2]!).getByRole("link", { name: resolveDeliveryStatus(1, "005").label.th }),
      ).toBeInTheDocument();
      // Back at a desktop's width the same rows are a table with the day heading each row.
      media.setWidth(1280);
      const table = await screen.findByRole("table", { name: "การส่งถึงผู้รับรายวัน" });
      expect(within(within(table).getAllByRole("row")[2]!).getByRole("rowheader")).toHaveTextContent(
        "26 พ.ย. 2569",
      );
    } finally {
      media.restore();
    }
  });

  it("names each day's most frequent failure reason in Thai", async () => {
    await renderAt("/reports/analytics");
    const table = await screen.findByRole("table", { name: "การส่งถึงผู้รับรายวัน" });
    const rows = within(table).getAllByRole("row");
    expect(within(table).getByRole("columnheader", { name: "สาเหตุที่พบบ่อยที่สุด" })).toBeInTheDocument();
    expect(
      within(rows[3]!).getByRole("link", { name: resolveDeliveryStatus(1, "005").label.th }),
    ).toHaveAttribute(
      "href",
      "/reports/messages?start=2026-11-27&end=2026-11-27&status=failed&reason=1%2F005",
    );
  });

  it("switches the breakdown to operators and narrows to one, keeping both in the URL", async () => {
    const { user, router } = await renderAt("/en/reports/analytics");
    await screen.findByTestId("breakdown");
    await user.click(screen.getByRole("radio", { name: "Operator" }));
    const breakdown = await screen.findByRole("heading", { name: "By operator" });
    expect(breakdown).toBeInTheDocument();
    expect(screen.getByText("No operator range")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Show only AIS" }));
    await waitFor(() => expect(router.state.location.search).toBe("?by=operator&operator=AIS"));
    expect(delivery.lastCall?.search).toEqual({ by: "operator", operator: "AIS" });
    // Links now carry the operator; the chip removes it.
    expect(within(await screen.findByTestId("figure-messages")).getByRole("link")).toHaveAttribute(
      "href",
      "/en/reports/messages?start=2026-11-25&end=2026-11-27&operator=AIS",
    );
    await user.click(screen.getByRole("button", { name: "Remove the filter: Operator AIS" }));
    await waitFor(() => expect(router.state.location.search).toBe("?by=operator"));
  });

  it("speaks Thai with Thai reason labels", async () => {
    await renderAt("/reports/analytics");
    expect(await screen.findByTestId("reasons")).toHaveTextContent("โทรศัพท์ปลายทางปิดเครื่อง (3/303)");
    expect(screen.getByRole("heading", { name: "สาเหตุที่ส่งไม่สำเร็จ" })).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "ผู้ให้บริการ" })).toBeInTheDocument();
  });

  it("says when nothing was sent", async () => {
    answer = (by) => ({
      ...busy(by),
      totals: { messages: 0, delivered: 0, failed: 0 },
      days: busy(by).days.map((d) => day(d.day)),
      reasons: [],
      groups: [],
      group_count: 0,
    });
    await renderAt("/en/reports/analytics");
    expect(await screen.findByTestId("analytics-empty")).toHaveTextContent(
      "No message was sent in this period.",
    );
    expect(screen.queryByTestId("chart-section")).toBeNull();
  });

  it("shows the loading state, then the server's error with a retry", async () => {
    let fail = true;
    answer = (by) =>
      fail ? apiError(400, "VALIDATION_ERROR", "The period can be at most 31 days long.") : busy(by);
    const { user } = await renderAt("/en/reports/analytics?start=2026-11-01&end=2026-11-27");
    expect(screen.getByTestId("analytics-loading")).toHaveTextContent("Loading the delivery analytics");
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The period can be at most 31 days long.");
    fail = false;
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(screen.getByTestId("figure-messages")).toHaveTextContent("1,000"));
  });
});

const historyMessage = (id: number, extra: Partial<TMessage> = {}): TMessage => ({
  id,
  campaign_id: 7,
  type: "campaign",
  sender: "ShopA",
  recipient: "66812993303",
  message: `Hello ${id}`,
  billed_parts: 1,
  credits: 1,
  status: "failed",
  state: 3,
  code: "303",
  created_at: "2026-11-25T03:00:00.000Z",
  submitted_at: null,
  done_at: null,
  ...extra,
});

describe("NumberHistory", () => {
  it("searches a typed number and pages back to older messages", async () => {
    const history = mockEndpoint(analyticsEndpoints.numberHistory, ({ query }): { data: TNumberHistory } =>
      query.before
        ? {
            data: {
              phone: "66812993303",
              entities: [
                historyMessage(1, {
                  status: "delivered",
                  code: "000",
                  created_at: "2026-03-02T03:00:00.000Z",
                }),
              ],
              searched_from: "2024-11-29T00:00:00.000Z",
              next: null,
            },
          }
        : {
            data: {
              phone: "66812993303",
              entities: [historyMessage(2)],
              searched_from: "2026-08-29T00:00:00.000Z",
              next: "2026-08-29T00:00:00.000Z~0",
            },
          },
    );
    const { user } = await renderApp(<NumberHistory />, { path: "/en/reports/analytics" });
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(await screen.findByText("Phone Number is invalid!", { exact: false })).toBeInTheDocument();
    await user.type(screen.getByLabelText("Phone number"), "081-299-3303");
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(await screen.findByTestId("history-for")).toHaveTextContent("Messages to 0812993303");
    expect(screen.getByTestId("number-history")).toHaveTextContent("Mobile switched off (3/303)");
    expect(screen.getByTestId("history-searched")).toHaveTextContent("Searched back to 29 Aug 2026.");
    await user.click(screen.getByRole("button", { name: "Older messages" }));
    await waitFor(() =>
      expect(screen.getByTestId("history-searched")).toHaveTextContent("Searched the whole history"),
    );
    expect(screen.getByText("Hello 1")).toBeInTheDocument();
    expect(screen.getByText("Hello 2")).toBeInTheDocument();
    expect(history.calls.map((call) => call.search)).toEqual([
      { phone: "0812993303" },
      { phone: "0812993303", before: "2026-08-29T00:00:00.000Z~0" },
    ]);
    expect(screen.queryByRole("button", { name: "Older messages" })).toBeNull();
  });
});
