import type { TMessage } from "@sms/domain/contracts/campaigns";
import { campaignsEndpoints } from "@sms/domain/endpoints/campaigns";
import { refundsEndpoints } from "@sms/domain/endpoints/refunds";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "~/lib/api-client";
import { i18next } from "~/lib/i18n";
import { isInFlight } from "../api/list-messages";
import { MessagesTable } from "./messages-table";

vi.mock("~/lib/api-client", async (original) => ({
  ...(await original<typeof import("~/lib/api-client")>()),
  api: { call: vi.fn() },
}));
vi.mock("sonner", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
const call = vi.mocked(api.call);

const message = (id: number, status: TMessage["status"], extra: Partial<TMessage> = {}): TMessage => ({
  id,
  campaign_id: id,
  type: "instant",
  sender: "SMSPortal",
  recipient: "66812345678",
  message: `Message ${id}`,
  billed_parts: 2,
  credits: 2,
  status,
  state: status === "delivered" ? 3 : 0,
  code: status === "delivered" ? "000" : null,
  created_at: "2026-11-25T03:00:00.000Z",
  submitted_at: null,
  done_at: null,
  ...extra,
});

let rows: TMessage[];

function renderTable(path = "/en/messages") {
  call.mockImplementation(async (endpoint: unknown) => {
    if (endpoint === refundsEndpoints.refundMessage)
      return {
        data: { campaign_id: 7, message_id: 7, refunded_credits: 2, refunded_at: "x", balance: 52 },
      } as never;
    if (endpoint !== campaignsEndpoints.messages) throw new Error("unexpected call");
    return {
      data: {
        entities: rows,
        page_information: { page: 1, size: 10, total_item: rows.length, total_pages: 1, limit: 5 },
      },
    } as never;
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: "/:lang/messages", element: <MessagesTable /> },
      { path: "/messages", element: <MessagesTable /> },
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

beforeEach(async () => {
  await i18next.changeLanguage("en");
});
afterEach(() => vi.clearAllMocks());

describe("MessagesTable", () => {
  it("shows each message with its local number, parts and credits, and its status in the spec colour", async () => {
    rows = [
      message(1, "queued"),
      message(2, "sent"),
      message(3, "delivered"),
      message(4, "failed", { state: 3, code: "303", recipient: "66812993303" }),
      message(5, "pending", { state: 9, code: "999" }),
    ];
    renderTable();
    const chips = await screen.findAllByTestId("message-status");
    expect(chips.map((c) => [c.textContent, c.dataset.colour])).toEqual([
      ["Processing", "yellow"],
      ["Sent", "blue"],
      ["Delivered", "green"],
      ["Failed", "red"],
      ["Checking status", "gray"],
    ]);
    const table = screen.getByRole("table");
    expect(within(table).getAllByTestId("message-recipient")[0]).toHaveTextContent("0812345678");
    expect(within(table).getAllByText("2 / 2")).toHaveLength(5);
    expect(within(table).getAllByText("Instant")).toHaveLength(5);
    expect(screen.getByTestId("messages-period")).toHaveTextContent("Showing the last 7 days");
  });

  it("labels the statuses in Thai", async () => {
    await i18next.changeLanguage("th");
    rows = [message(1, "queued"), message(3, "delivered")];
    renderTable("/messages");
    const chips = await screen.findAllByTestId("message-status");
    expect(chips.map((c) => c.textContent)).toEqual(["กำลังดำเนินการ", "ส่งถึงผู้รับแล้ว"]);
  });

  it("says when there is nothing in the period", async () => {
    rows = [];
    renderTable();
    expect(await screen.findByText("No messages in the last 7 days.")).toBeInTheDocument();
  });

  it("sends the phone and status filters to the server and keeps them in the URL", async () => {
    rows = [];
    const user = userEvent.setup();
    const router = renderTable();
    await screen.findByText("No messages in the last 7 days.");
    await user.type(screen.getByRole("textbox", { name: "Phone number" }), "0812345678");
    await user.selectOptions(screen.getByRole("combobox", { name: "Status" }), "delivered");
    await user.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() =>
      expect(call).toHaveBeenLastCalledWith(campaignsEndpoints.messages, {
        query: expect.objectContaining({ phone: "0812345678", status: "delivered" }),
      }),
    );
    expect(router.state.location.search).toContain("status=delivered");
    expect(await screen.findByText("No message matches these filters.")).toBeInTheDocument();
  });

  it("reads the list again only while a message is queued or sent", () => {
    expect(isInFlight({ status: "queued" })).toBe(true);
    expect(isInFlight({ status: "sent" })).toBe(true);
    expect(isInFlight({ status: "delivered" })).toBe(false);
    expect(isInFlight({ status: "failed" })).toBe(false);
    expect(isInFlight({ status: "pending" })).toBe(false);
  });

  it("offers Claim refund on a failed message outside a campaign in its window, and claims after confirming", async () => {
    const day = 24 * 3600_000;
    const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
    rows = [
      message(7, "failed", { created_at: ago(2 * day), submitted_at: ago(2 * day) }),
      message(8, "failed", { created_at: ago(3600_000), submitted_at: ago(3600_000) }),
      message(9, "failed", { type: "campaign", created_at: ago(2 * day) }),
      message(10, "delivered", { created_at: ago(2 * day) }),
      message(11, "failed", { type: "api", created_at: ago(31 * day), submitted_at: ago(31 * day) }),
    ];
    const user = userEvent.setup();
    renderTable();
    const button = await screen.findByTestId("message-refund-7");
    for (const id of [8, 9, 10, 11])
      expect(screen.queryByTestId(`message-refund-${id}`)).not.toBeInTheDocument();
    await user.click(button);
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent("Claim back 2 credits of this undelivered message?");
    await user.click(within(dialog).getByRole("button", { name: "Claim refund" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Refund succeeded: 2 credits returned."));
    expect(call.mock.calls.find(([e]) => e === refundsEndpoints.refundMessage)?.[1]).toEqual({
      params: { id: 7 },
    });
    expect(screen.queryByTestId("message-refund-7")).not.toBeInTheDocument();
    expect(screen.getByText("Refund claimed")).toBeInTheDocument();
  });
});
