import type { TMessage, TMessagesSummary } from "@sms/domain/contracts/campaigns";
import type { TMessageExport } from "@sms/domain/contracts/message-exports";
import { campaignsEndpoints } from "@sms/domain/endpoints/campaigns";
import { messageExportsEndpoints } from "@sms/domain/endpoints/message-exports";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { page } from "../../../../test/factories";
import { type MockedEndpoint, mockEndpoint } from "../../../../test/msw";
import { renderApp } from "../../../../test/render";
import { spyOnToasts } from "../../../../test/toasts";
import { MessagesReport } from "./messages-report";

spyOnToasts();

const message = (id: number, extra: Partial<TMessage> = {}): TMessage => ({
  id,
  campaign_id: 7,
  type: "campaign",
  sender: "ShopA",
  recipient: "66812345678",
  message: `Hello ${id}`,
  billed_parts: 1,
  credits: 2,
  status: "delivered",
  state: 3,
  code: "000",
  created_at: "2026-11-25T03:00:00.000Z",
  submitted_at: null,
  done_at: null,
  ...extra,
});

const summary = (total: number): TMessagesSummary => ({
  total,
  credits: total * 2,
  messages: { queued: 0, sent: 1, delivered: total - 1, failed: 0, pending: 0 },
  status_credits: { queued: 0, sent: 2, delivered: (total - 1) * 2, failed: 0, pending: 0 },
  start: "2026-11-20T17:00:00.000Z",
  end: "2026-11-27T17:00:00.000Z",
});

const job = (extra: Partial<TMessageExport>): TMessageExport => ({
  id: "0b7c5c1e-8a55-4a8e-9b53-7c1f0d1d2a10",
  status: "running",
  format: "csv",
  file_name: "messages.csv",
  total_rows: 60_000,
  rows_written: 30_000,
  progress: 50,
  size_bytes: null,
  error: null,
  created_at: "2026-11-27T03:00:00.000Z",
  finished_at: null,
  expires_at: "2026-11-28T03:00:00.000Z",
  ...extra,
});

const renderAt = (path: string) =>
  renderApp(<MessagesReport />, {
    path,
    pattern: path.startsWith("/en/") ? "/:lang/reports/messages" : "/reports/messages",
  });

const list = (entities: TMessage[], total = entities.length) => page(entities, { total_item: total });

let messages: MockedEndpoint<typeof campaignsEndpoints.messages>;
let summaries: MockedEndpoint<typeof campaignsEndpoints.messagesSummary>;
/** The direct export (GET /c/messages/export-report) and the names the files were saved under. */
let exported: MockedEndpoint<typeof messageExportsEndpoints.exportReport>;
let saved: string[];

/** Answers the report's list and summary with `entities` of `total` messages. */
function answer(entities: TMessage[], total = entities.length) {
  messages = mockEndpoint(campaignsEndpoints.messages, () => list(entities, total));
  summaries = mockEndpoint(campaignsEndpoints.messagesSummary, () => ({ data: summary(total) }));
}

beforeEach(() => {
  // The recent exports under the report: none unless a test says otherwise.
  mockEndpoint(messageExportsEndpoints.list, page<TMessageExport>([]));
  exported = mockEndpoint(messageExportsEndpoints.exportReport, new HttpResponse("a,b"));
  saved = [];
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => vi.restoreAllMocks());

describe("MessagesReport", () => {
  it("shows every column, the status colour, the filter's totals, and sorts on the server", async () => {
    answer([message(1), message(2, { status: "sent", type: "api", credits: 3 })]);
    const { router, user } = await renderAt("/en/reports/messages");
    await screen.findAllByText("Hello 2");
    const table = screen.getByRole("table");
    const chips = within(table).getAllByTestId("message-status");
    expect(chips.map((c) => c.getAttribute("data-colour"))).toEqual(["green", "blue"]);
    for (const name of ["Created", "Sender", "Recipient", "Type", "Message", "Credits", "Status"])
      expect(within(table).getByRole("columnheader", { name: new RegExp(name) })).toBeInTheDocument();
    expect(within(table).getAllByText("Hello 2").length).toBeGreaterThan(0);
    expect(within(table).getAllByTestId("report-recipient")[0]).toHaveTextContent("0812345678");
    expect(await screen.findByTestId("summary-total")).toHaveTextContent("2");
    expect(screen.getByTestId("summary-credits")).toHaveTextContent("4");

    await user.click(within(table).getByRole("button", { name: /Credits/ }));
    await waitFor(() => expect(router.state.location.search).toContain("sort=credits"));
    await waitFor(() =>
      expect(messages.calls.map((call) => call.query)).toContainEqual(
        expect.objectContaining({ sort: "credits", reverse: false }),
      ),
    );
    // The totals do not depend on the order: no second summary request.
    expect(summaries.calls).toHaveLength(1);
  });

  it("sends the filters to the list and the summary, and exports the same filter directly", async () => {
    answer([message(1)]);
    const { router, user } = await renderAt("/en/reports/messages");
    await screen.findAllByText("Hello 1");
    await user.type(screen.getByRole("textbox", { name: "Phone number" }), "0812345678");
    await user.selectOptions(screen.getByRole("combobox", { name: "Status" }), "delivered");
    await user.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(router.state.location.search).toContain("status=delivered"));
    await waitFor(() =>
      expect(summaries.calls.map((call) => call.search)).toContainEqual({
        phone: "0812345678",
        status: "delivered",
      }),
    );
    await user.click(screen.getByTestId("export-csv"));
    await waitFor(() => expect(saved).toEqual(["messages.csv"]));
    expect(exported.calls.map((call) => call.search)).toEqual([
      { phone: "0812345678", status: "delivered", format: "csv" },
    ]);
    expect(exported.lastCall?.request.headers.get("Accept-Language")).toBe("en");
  });

  it("exports in the table's current order, directly and in the background", async () => {
    answer([message(1)], 1);
    const create = mockEndpoint(messageExportsEndpoints.create, {
      data: job({ status: "queued", rows_written: 0, progress: 0 }),
    });
    const { user } = await renderAt("/en/reports/messages?status=failed");
    const table = await screen.findByRole("table");
    await user.click(within(table).getByRole("button", { name: /Credits/ }));
    await user.click(within(table).getByRole("button", { name: /Credits/ }));
    await waitFor(() =>
      expect(messages.calls.map((call) => call.query)).toContainEqual(
        expect.objectContaining({ sort: "credits", reverse: true }),
      ),
    );
    await user.click(screen.getByTestId("export-csv"));
    await waitFor(() => expect(saved).toEqual(["messages.csv"]));
    expect(exported.calls.map((call) => call.search)).toEqual([
      { status: "failed", sort: "credits", reverse: "true", format: "csv" },
    ]);
    cleanup();

    answer([message(1)], 60_000);
    await renderAt("/en/reports/messages?sort=sender&reverse=false");
    expect(await screen.findByText(/prepared in the background/)).toBeInTheDocument();
    await user.click(screen.getByTestId("export-xlsx"));
    await waitFor(() =>
      expect(create.calls.map((call) => call.search)).toEqual([
        { sort: "sender", reverse: "false", format: "xlsx" },
      ]),
    );
  });

  it("refuses a bad phone number with the spec's message before asking the server", async () => {
    mockEndpoint(campaignsEndpoints.messages, list([]));
    mockEndpoint(campaignsEndpoints.messagesSummary, { data: summary(1) });
    const { user } = await renderAt("/en/reports/messages");
    await user.type(await screen.findByRole("textbox", { name: "Phone number" }), "12345");
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(await screen.findByText(/Phone Number is invalid!/)).toBeInTheDocument();
  });

  it("runs a large export in the background and follows it in the recent exports until its download", async () => {
    let created = false;
    let polls = 0;
    answer([message(1)], 60_000);
    const create = mockEndpoint(messageExportsEndpoints.create, () => {
      created = true;
      return { data: job({ status: "queued", rows_written: 0, progress: 0 }) };
    });
    mockEndpoint(messageExportsEndpoints.list, () => {
      if (!created) return page<TMessageExport>([]);
      polls += 1;
      return page([
        polls < 2
          ? job({})
          : job({
              status: "done",
              progress: 100,
              rows_written: 60_000,
              size_bytes: 2048,
              finished_at: "2026-11-27T03:01:00.000Z",
            }),
      ]);
    });
    const file = mockEndpoint(messageExportsEndpoints.download, new HttpResponse("xlsx"));
    const { user } = await renderAt("/en/reports/messages");
    expect(await screen.findByText(/prepared in the background/)).toBeInTheDocument();
    expect(await screen.findByTestId("recent-exports-empty")).toBeInTheDocument();
    await user.click(screen.getByTestId("export-xlsx"));
    await waitFor(() => expect(create.calls.map((call) => call.search)).toEqual([{ format: "xlsx" }]));
    const bar = await screen.findByRole("progressbar", { name: "Export progress" });
    expect(bar).toHaveAttribute("aria-valuenow", "50");
    const button = await screen.findByTestId("recent-export-download", {}, { timeout: 3000 });
    expect(screen.getByText("60,000 messages, 2 KB")).toBeInTheDocument();
    await user.click(button);
    await waitFor(() => expect(saved).toEqual(["messages.csv"]));
    expect(file.calls.map((call) => call.params)).toEqual([{ id: "0b7c5c1e-8a55-4a8e-9b53-7c1f0d1d2a10" }]);
  });

  it("is in Thai with Thai labels", async () => {
    answer([message(1, { type: "instant" })]);
    await renderAt("/reports/messages");
    const table = await screen.findByRole("table");
    expect(await within(table).findByText("ส่งทันที")).toBeInTheDocument();
    expect(within(table).getByText("ส่งถึงผู้รับแล้ว")).toBeInTheDocument();
    expect(screen.getByTestId("export-csv")).toHaveTextContent("ส่งออก CSV");
  });

  it("opens with a delivery-analytics figure's filters as chips, sent to the list and the summary", async () => {
    answer([message(1, { status: "failed", state: 3, code: "303" })]);
    const { router, user } = await renderAt(
      "/en/reports/messages?start=2026-11-25&end=2026-11-27&operator=AIS&reason=3%2F303&status=failed",
    );
    const chips = await screen.findByTestId("figure-filters");
    expect(chips).toHaveTextContent("Operator AIS");
    expect(chips).toHaveTextContent("Failure reason Mobile switched off (3/303)");
    await waitFor(() =>
      expect(summaries.calls.map((call) => call.search)).toContainEqual({
        start: "2026-11-25",
        end: "2026-11-27",
        operator: "AIS",
        reason: "3/303",
        status: "failed",
      }),
    );
    await user.click(screen.getByRole("button", { name: "Remove the filter: Operator AIS" }));
    await waitFor(() => expect(router.state.location.search).not.toContain("operator"));
    expect(router.state.location.search).toContain("reason=3%2F303");
    await waitFor(() => expect(messages.lastCall?.search.operator).toBeUndefined());
  });
});
