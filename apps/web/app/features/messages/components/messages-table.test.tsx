import type { TMessage } from "@sms/domain/contracts/campaigns";
import { campaignsEndpoints } from "@sms/domain/endpoints/campaigns";
import { refundsEndpoints } from "@sms/domain/endpoints/refunds";
import { screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { page } from "../../../../test/factories";
import { mockEndpoint } from "../../../../test/msw";
import { renderApp } from "../../../../test/render";
import { spyOnToasts } from "../../../../test/toasts";
import { isInFlight } from "../api/list-messages";
import { MessagesTable } from "./messages-table";

spyOnToasts();

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

async function renderTable(path = "/en/messages") {
  const refund = mockEndpoint(refundsEndpoints.refundMessage, {
    data: { campaign_id: 7, message_id: 7, refunded_credits: 2, refunded_at: "x", balance: 52 },
  });
  const list = mockEndpoint(campaignsEndpoints.messages, () => page(rows));
  const view = await renderApp(<MessagesTable />, {
    path,
    pattern: path.startsWith("/en") ? "/:lang/messages" : "/messages",
  });
  return { ...view, list, refund };
}

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
    await renderTable();
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
    rows = [message(1, "queued"), message(3, "delivered")];
    await renderTable("/messages");
    const chips = await screen.findAllByTestId("message-status");
    expect(chips.map((c) => c.textContent)).toEqual(["กำลังดำเนินการ", "ส่งถึงผู้รับแล้ว"]);
  });

  it("says when there is nothing in the period", async () => {
    rows = [];
    await renderTable();
    expect(await screen.findByText("No messages in the last 7 days.")).toBeInTheDocument();
  });

  it("sends the phone and status filters to the server and keeps them in the URL", async () => {
    rows = [];
    const { user, router, list } = await renderTable();
    await screen.findByText("No messages in the last 7 days.");
    await user.type(screen.getByRole("textbox", { name: "Phone number" }), "0812345678");
    await user.selectOptions(screen.getByRole("combobox", { name: "Status" }), "delivered");
    await user.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() =>
      expect(list.lastCall?.search).toMatchObject({ phone: "0812345678", status: "delivered" }),
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
    const { user, refund } = await renderTable();
    const button = await screen.findByTestId("message-refund-7");
    for (const id of [8, 9, 10, 11])
      expect(screen.queryByTestId(`message-refund-${id}`)).not.toBeInTheDocument();
    await user.click(button);
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent("Claim back 2 credits of this undelivered message?");
    await user.click(within(dialog).getByRole("button", { name: "Claim refund" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Refund succeeded: 2 credits returned."));
    expect(refund.calls.map((call) => call.params)).toEqual([{ id: 7 }]);
    expect(screen.queryByTestId("message-refund-7")).not.toBeInTheDocument();
    expect(screen.getByText("Refund claimed")).toBeInTheDocument();
  });
});
