import type { TRefundState } from "@sms/domain/contracts/refunds";
import { refundsEndpoints } from "@sms/domain/endpoints/refunds";
import { screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { page } from "../../../../test/factories";
import { apiError, mockEndpoint } from "../../../../test/msw";
import { renderApp } from "../../../../test/render";
import { spyOnToasts } from "../../../../test/toasts";
import { CreditRefundsTable } from "./credit-refunds-table";

spyOnToasts();

const state = (id: number, name: string, overrides: Partial<TRefundState> = {}): TRefundState => ({
  campaign_id: id,
  kind: "campaign",
  name,
  credits: 12_500,
  failed_credits: 1_234,
  refundable_credits: 1_234,
  checking_messages: 0,
  status: "open",
  sent_at: "2026-11-20T03:00:00.000Z",
  opens_at: "2026-11-21T03:00:00.000Z",
  closes_at: "2026-12-20T03:00:00.000Z",
  refunded_credits: 0,
  refunded_at: null,
  ...overrides,
});

let rows: TRefundState[];

const renderTable = (path = "/en/reports/credit-refunds") =>
  renderApp(<CreditRefundsTable />, { path, pattern: "/:lang/reports/credit-refunds" });

beforeEach(() => {
  rows = [
    state(3, "Big sale"),
    state(2, "Reminder", {
      status: "refunded",
      refundable_credits: 0,
      refunded_credits: 40,
      refunded_at: "2026-11-22T05:30:00.000Z",
    }),
    state(1, "Yesterday", { status: "too_early", refundable_credits: 0, kind: "instant" }),
  ];
  // Each request reads the rows of that moment (a claim changes them).
  mockEndpoint(refundsEndpoints.list, () => page(rows.map((row) => ({ ...row }))));
});
afterEach(() => vi.clearAllMocks());

describe("CreditRefundsTable", () => {
  it("shows each send's amounts with thousands separators and its refund state; a claim only where open", async () => {
    await renderTable();
    await screen.findByText("Big sale");
    const [open, refunded, early] = screen.getAllByRole("row").slice(1);
    expect(open).toHaveTextContent("12,500");
    expect(open).toHaveTextContent("1,234 credits now, until 20 Dec 2026 10:00");
    expect(
      within(open as HTMLElement).getByRole("button", { name: "Claim refund for Big sale" }),
    ).toBeVisible();
    expect(refunded).toHaveTextContent("40 credits refunded on 22 Nov 2026 12:30");
    expect(early).toHaveTextContent("Instant message");
    expect(early).toHaveTextContent("Can be claimed from 21 Nov 2026 10:00");
    expect(screen.getAllByRole("button", { name: /Claim refund for/ })).toHaveLength(1);
  });

  it("offers no claim for a send whose messages are still checking status (ADR 55)", async () => {
    rows = [state(4, "Checking", { refundable_credits: 0, checking_messages: 1 })];
    await renderTable();
    const row = (await screen.findByText("Checking")).closest("tr") as HTMLElement;
    expect(row).toHaveTextContent("1 message still checking status");
    expect(screen.queryByRole("button", { name: /Claim refund for/ })).not.toBeInTheDocument();
  });

  it("says a send with no failed message has nothing to refund, not that it is refundable (review D40)", async () => {
    rows = [
      state(5, "All delivered", { failed_credits: 0, refundable_credits: 0 }),
      state(6, "Sent today", { status: "too_early", failed_credits: 0, refundable_credits: 0 }),
    ];
    await renderTable();
    const delivered = (await screen.findByText("All delivered")).closest("tr") as HTMLElement;
    expect(within(delivered).getByTestId("refund-status-5")).toHaveTextContent("Nothing to refund");
    expect(delivered).toHaveTextContent("No message failed");
    expect(delivered).not.toHaveTextContent("Refundable");
    const today = screen.getByText("Sent today").closest("tr") as HTMLElement;
    expect(within(today).getByTestId("refund-status-6")).toHaveTextContent("Nothing to refund");
    expect(today).toHaveTextContent(
      "No message has failed so far; if one does, it can be claimed from 21 Nov 2026 10:00",
    );
    expect(screen.queryByRole("button", { name: /Claim refund for/ })).not.toBeInTheDocument();
  });

  it("shows dates in the Buddhist era in Thai", async () => {
    await renderTable("/th/reports/credit-refunds");
    await screen.findByText("Big sale");
    expect(screen.getAllByRole("row")[1]).toHaveTextContent("20 พ.ย. 2569 10:00");
  });

  it("claims after the confirmation, then says the refund succeeded", async () => {
    const refund = mockEndpoint(refundsEndpoints.refundCampaign, () => {
      rows = [state(3, "Big sale", { status: "refunded", refundable_credits: 0, refunded_credits: 1_234 })];
      return {
        data: {
          campaign_id: 3,
          message_id: null,
          refunded_credits: 1_234,
          refunded_at: "2026-11-23T00:00:00.000Z",
          balance: 10_000,
        },
      };
    });
    const { user } = await renderTable();
    await user.click(await screen.findByRole("button", { name: "Claim refund for Big sale" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Claim refund" });
    expect(dialog).toHaveTextContent('Refund 1,234 credits of undelivered messages for "Big sale"?');
    expect(refund.calls).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Claim refund" }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith("Refund succeeded", {
        description: "1,234 credits returned. Your balance is now 10,000 credits.",
      }),
    );
    expect(refund.calls.map((call) => call.params)).toEqual([{ id: 3 }]);
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    await waitFor(() =>
      expect(screen.queryByRole("button", { name: /Claim refund for/ })).not.toBeInTheDocument(),
    );
    // The row stays, its Claim button (which had the focus) goes: the list takes the focus.
    await waitFor(() => expect(screen.getByTestId("credit-refunds-region")).toHaveFocus());
  });

  it("keeps the dialog open with the server's message when the claim is refused", async () => {
    mockEndpoint(
      refundsEndpoints.refundCampaign,
      apiError(409, "CONFLICT", "This send was already refunded."),
    );
    const { user } = await renderTable();
    await user.click(await screen.findByRole("button", { name: "Claim refund for Big sale" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Claim refund" });
    await user.click(within(dialog).getByRole("button", { name: "Claim refund" }));
    await waitFor(() => expect(dialog).toHaveTextContent("This send was already refunded."));
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("says so when nothing can be refunded", async () => {
    rows = [];
    await renderTable();
    expect(await screen.findByText(/No send can be refunded yet/)).toBeVisible();
  });
});
