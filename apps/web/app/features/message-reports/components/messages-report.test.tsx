import type { TMessage, TMessagesSummary } from "@sms/domain/contracts/campaigns";
import type { TMessageExport } from "@sms/domain/contracts/message-exports";
import { campaignsEndpoints } from "@sms/domain/endpoints/campaigns";
import { messageExportsEndpoints } from "@sms/domain/endpoints/message-exports";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "~/lib/api-client";
import { downloadFile } from "~/lib/authorized-files";
import { i18next } from "~/lib/i18n";
import { MessagesReport } from "./messages-report";

vi.mock("~/lib/api-client", async (original) => ({
  ...(await original<typeof import("~/lib/api-client")>()),
  api: { call: vi.fn() },
}));
vi.mock("~/lib/authorized-files", () => ({ downloadFile: vi.fn(async () => undefined) }));
vi.mock("sonner", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
const call = vi.mocked(api.call);
const download = vi.mocked(downloadFile);

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

let handle: (endpoint: unknown, input: unknown) => unknown;
/** Whether the test's own handler answers GET /c/message-exports. */
let listsExports = false;

const noExports = {
  data: { entities: [], page_information: { page: 1, size: 10, total_item: 0, total_pages: 1, limit: 5 } },
};

function renderAt(path: string) {
  call.mockImplementation(
    async (endpoint: unknown, input: unknown) =>
      (endpoint === messageExportsEndpoints.list && !listsExports
        ? noExports
        : handle(endpoint, input)) as never,
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: "/:lang/reports/messages", element: <MessagesReport /> },
      { path: "/reports/messages", element: <MessagesReport /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const list = (entities: TMessage[], total = entities.length) => ({
  data: { entities, page_information: { page: 1, size: 10, total_item: total, total_pages: 1, limit: 5 } },
});

beforeEach(async () => {
  await i18next.changeLanguage("en");
});
afterEach(() => {
  vi.clearAllMocks();
  listsExports = false;
});

describe("MessagesReport", () => {
  it("shows every column, the status colour, the filter's totals, and sorts on the server", async () => {
    handle = (endpoint) => {
      if (endpoint === campaignsEndpoints.messages)
        return list([message(1), message(2, { status: "sent", type: "api", credits: 3 })]);
      if (endpoint === campaignsEndpoints.messagesSummary) return { data: summary(2) };
      throw new Error("unexpected call");
    };
    const router = renderAt("/en/reports/messages");
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

    await userEvent.setup().click(within(table).getByRole("button", { name: /Credits/ }));
    await waitFor(() => expect(router.state.location.search).toContain("sort=credits"));
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(campaignsEndpoints.messages, {
        query: expect.objectContaining({ sort: "credits", reverse: false }),
      }),
    );
    // The totals do not depend on the order: no second summary request.
    expect(call.mock.calls.filter(([e]) => e === campaignsEndpoints.messagesSummary)).toHaveLength(1);
  });

  it("sends the filters to the list and the summary, and exports the same filter directly", async () => {
    handle = (endpoint) => {
      if (endpoint === campaignsEndpoints.messages) return list([message(1)]);
      if (endpoint === campaignsEndpoints.messagesSummary) return { data: summary(1) };
      throw new Error("unexpected call");
    };
    const user = userEvent.setup();
    const router = renderAt("/en/reports/messages");
    await screen.findAllByText("Hello 1");
    await user.type(screen.getByRole("textbox", { name: "Phone number" }), "0812345678");
    await user.selectOptions(screen.getByRole("combobox", { name: "Status" }), "delivered");
    await user.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(router.state.location.search).toContain("status=delivered"));
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(campaignsEndpoints.messagesSummary, {
        query: { phone: "0812345678", status: "delivered" },
      }),
    );
    await user.click(screen.getByTestId("export-csv"));
    await waitFor(() =>
      expect(download).toHaveBeenCalledWith(
        "/c/messages/export-report?phone=0812345678&status=delivered&format=csv",
        "en",
        "messages.csv",
      ),
    );
  });

  it("exports in the table's current order, directly and in the background", async () => {
    let total = 1;
    handle = (endpoint) => {
      if (endpoint === campaignsEndpoints.messages) return list([message(1)], total);
      if (endpoint === campaignsEndpoints.messagesSummary) return { data: summary(total) };
      if (endpoint === messageExportsEndpoints.create)
        return { data: job({ status: "queued", rows_written: 0, progress: 0 }) };
      throw new Error("unexpected call");
    };
    const user = userEvent.setup();
    renderAt("/en/reports/messages?status=failed");
    const table = await screen.findByRole("table");
    await user.click(within(table).getByRole("button", { name: /Credits/ }));
    await user.click(within(table).getByRole("button", { name: /Credits/ }));
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(campaignsEndpoints.messages, {
        query: expect.objectContaining({ sort: "credits", reverse: true }),
      }),
    );
    await user.click(screen.getByTestId("export-csv"));
    await waitFor(() =>
      expect(download).toHaveBeenCalledWith(
        "/c/messages/export-report?status=failed&sort=credits&reverse=true&format=csv",
        "en",
        "messages.csv",
      ),
    );
    cleanup();

    total = 60_000;
    renderAt("/en/reports/messages?sort=sender&reverse=false");
    expect(await screen.findByText(/prepared in the background/)).toBeInTheDocument();
    await user.click(screen.getByTestId("export-xlsx"));
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(messageExportsEndpoints.create, {
        query: { sort: "sender", reverse: "false", format: "xlsx" },
      }),
    );
  });

  it("refuses a bad phone number with the spec's message before asking the server", async () => {
    handle = (endpoint) => {
      if (endpoint === campaignsEndpoints.messages) return list([]);
      if (endpoint === campaignsEndpoints.messagesSummary) return { data: summary(1) };
      throw new Error("unexpected call");
    };
    const user = userEvent.setup();
    renderAt("/en/reports/messages");
    await user.type(await screen.findByRole("textbox", { name: "Phone number" }), "12345");
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(await screen.findByText(/Phone Number is invalid!/)).toBeInTheDocument();
  });

  it("runs a large export in the background and follows it in the recent exports until its download", async () => {
    let created = false;
    let polls = 0;
    listsExports = true;
    const exportsPage = (entities: TMessageExport[]) => ({
      data: {
        entities,
        page_information: { page: 1, size: 10, total_item: entities.length, total_pages: 1, limit: 5 },
      },
    });
    handle = (endpoint) => {
      if (endpoint === campaignsEndpoints.messages) return list([message(1)], 60_000);
      if (endpoint === campaignsEndpoints.messagesSummary) return { data: summary(60_000) };
      if (endpoint === messageExportsEndpoints.create) {
        created = true;
        return { data: job({ status: "queued", rows_written: 0, progress: 0 }) };
      }
      if (endpoint === messageExportsEndpoints.list) {
        if (!created) return exportsPage([]);
        polls += 1;
        return exportsPage([
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
      }
      throw new Error("unexpected call");
    };
    const user = userEvent.setup();
    renderAt("/en/reports/messages");
    expect(await screen.findByText(/prepared in the background/)).toBeInTheDocument();
    expect(await screen.findByTestId("recent-exports-empty")).toBeInTheDocument();
    await user.click(screen.getByTestId("export-xlsx"));
    expect(call).toHaveBeenCalledWith(messageExportsEndpoints.create, { query: { format: "xlsx" } });
    const bar = await screen.findByRole("progressbar", { name: "Export progress" });
    expect(bar).toHaveAttribute("aria-valuenow", "50");
    const button = await screen.findByTestId("recent-export-download", {}, { timeout: 3000 });
    expect(screen.getByText("60,000 messages, 2 KB")).toBeInTheDocument();
    await user.click(button);
    expect(download).toHaveBeenCalledWith(
      "/c/message-exports/0b7c5c1e-8a55-4a8e-9b53-7c1f0d1d2a10/file",
      "en",
      "messages.csv",
    );
  });

  it("is in Thai with Thai labels", async () => {
    await i18next.changeLanguage("th");
    handle = (endpoint) => {
      if (endpoint === campaignsEndpoints.messages) return list([message(1, { type: "instant" })]);
      if (endpoint === campaignsEndpoints.messagesSummary) return { data: summary(1) };
      throw new Error("unexpected call");
    };
    renderAt("/reports/messages");
    const table = await screen.findByRole("table");
    expect(await within(table).findByText("ส่งทันที")).toBeInTheDocument();
    expect(within(table).getByText("ส่งถึงผู้รับแล้ว")).toBeInTheDocument();
    expect(screen.getByTestId("export-csv")).toHaveTextContent("ส่งออก CSV");
  });
});
