import type { TSchedule, TScheduleDetail } from "@sms/domain/contracts/schedules";
import { contactsEndpoints } from "@sms/domain/endpoints/contacts";
import { schedulesEndpoints } from "@sms/domain/endpoints/schedules";
import { screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { contactGroup, page } from "../../../../test/factories";
import { mockEndpoint } from "../../../../test/msw";
import { renderApp } from "../../../../test/render";
import { spyOnToasts } from "../../../../test/toasts";
import { SchedulesTable } from "./schedules-table";

spyOnToasts();

const schedule = (id: number, extra: Partial<TSchedule>): TSchedule => ({
  id,
  kind: "campaign",
  purpose: "general",
  name: `Schedule ${id}`,
  sender: "SMSPortal",
  template_id: null,
  message: "Hello",
  track_links: false,
  opt_out_link: false,
  group_ids: [1],
  manual_contacts: 0,
  file_name: null,
  cron: null,
  recurring: false,
  run_at: "2026-12-01T02:00:00.000Z",
  ends_at: null,
  next_run_at: "2026-12-01T02:00:00.000Z",
  status: "active",
  run_count: 0,
  last_run_at: null,
  cancelled_at: null,
  created_at: "2026-11-20T03:00:00.000Z",
  ...extra,
});

const ONCE = schedule(1, { name: "Black Friday" });
const WEEKLY = schedule(2, {
  name: "Weekly news",
  recurring: true,
  cron: "30 9 * * 1",
  ends_at: "2027-01-31T16:00:00.000Z",
  status: "pause",
  run_count: 2,
});
const DONE = schedule(3, {
  name: "Old one",
  kind: "file",
  file_name: "old.csv",
  status: "completed",
  next_run_at: null,
});

const DETAIL: TScheduleDetail = {
  ...WEEKLY,
  runs: [
    {
      occurrence_at: "2026-11-23T02:30:00.000Z",
      status: "failed",
      campaign_id: null,
      reason: "Not enough credits.",
      created_at: "2026-11-23T02:30:00.000Z",
    },
    {
      occurrence_at: "2026-11-16T02:30:00.000Z",
      status: "sent",
      campaign_id: 88,
      reason: null,
      created_at: "2026-11-16T02:30:00.000Z",
    },
  ],
};

let rows: TSchedule[];

async function renderTable(path = "/en/reports/campaigns/schedule_headers") {
  mockEndpoint(schedulesEndpoints.list, () => page(rows));
  mockEndpoint(schedulesEndpoints.get, { data: DETAIL });
  // The runs dialog names the schedule's groups.
  mockEndpoint(contactsEndpoints.listGroups, page([contactGroup({ id: 1, name: "Customers" })]));
  const cancel = mockEndpoint(schedulesEndpoints.cancel, { data: { ...ONCE, status: "cancelled" } });
  const view = await renderApp(<SchedulesTable />, { path });
  return { ...view, cancel };
}

const rowOf = (name: string) => screen.getByText(name).closest("tr") as HTMLElement;

beforeEach(() => {
  rows = [ONCE, WEEKLY, DONE];
});
afterEach(() => vi.clearAllMocks());

describe("SchedulesTable", () => {
  it("lists schedules with the next send, the recurring flag in words and the status", async () => {
    await renderTable();
    expect(await screen.findByText("Black Friday")).toBeInTheDocument();
    expect(rowOf("Black Friday")).toHaveTextContent("01 Dec 2026 09:00");
    expect(rowOf("Black Friday")).toHaveTextContent("Once");
    expect(within(rowOf("Black Friday")).getByTestId("schedule-status")).toHaveTextContent("Active");
    expect(await within(rowOf("Weekly news")).findByText("Every Monday at 09:30")).toBeInTheDocument();
    expect(within(rowOf("Weekly news")).getByTestId("schedule-status")).toHaveTextContent("Paused");
    expect(within(rowOf("Old one")).getByTestId("schedule-status")).toHaveTextContent("Completed");
    expect(rowOf("Old one")).toHaveTextContent("From file old.csv");
    expect(rowOf("Old one")).toHaveTextContent("—");
  });

  it("offers cancel only on active and paused schedules", async () => {
    await renderTable();
    await screen.findByText("Black Friday");
    expect(
      within(rowOf("Black Friday")).getByRole("button", { name: "Cancel Black Friday" }),
    ).toBeInTheDocument();
    expect(
      within(rowOf("Weekly news")).getByRole("button", { name: "Cancel Weekly news" }),
    ).toBeInTheDocument();
    expect(within(rowOf("Old one")).queryByRole("button", { name: /Cancel/ })).not.toBeInTheDocument();
  });

  it("cancels after confirming, with a toast; keeping it asks nothing", async () => {
    const { user, cancel } = await renderTable();
    await screen.findByText("Black Friday");
    await user.click(screen.getByRole("button", { name: "Cancel Black Friday" }));
    let dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent('"Black Friday" will not be sent again.');
    await user.click(within(dialog).getByRole("button", { name: "Keep it" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(cancel.calls).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Cancel Black Friday" }));
    dialog = await screen.findByRole("alertdialog");
    rows = rows.map((row) => (row.id === 1 ? { ...row, status: "cancelled" } : row));
    await user.click(within(dialog).getByRole("button", { name: "Cancel schedule" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Schedule cancelled: Black Friday"));
    expect(cancel.calls.map((call) => call.params)).toEqual([{ id: 1 }]);
    // The row stays, its Cancel button (which had the focus) goes: the list takes the focus.
    await waitFor(() => expect(screen.getByTestId("schedules-region")).toHaveFocus());
    expect(within(rowOf("Black Friday")).queryByRole("button", { name: /Cancel/ })).not.toBeInTheDocument();
  });

  it("shows a schedule's runs: a sent one links to its report, a failed one says why", async () => {
    const { user } = await renderTable();
    await screen.findByText("Weekly news");
    await user.click(screen.getByRole("button", { name: "Runs of Weekly news" }));
    const dialog = await screen.findByRole("dialog");
    const runs = await within(dialog).findAllByTestId("schedule-run");
    expect(runs).toHaveLength(2);
    expect(runs[0]).toHaveTextContent("23 Nov 2026 09:30");
    expect(within(runs[0] as HTMLElement).getByTestId("schedule-run-reason")).toHaveTextContent(
      "Not enough credits.",
    );
    expect(within(runs[1] as HTMLElement).getByRole("link", { name: "View report" })).toHaveAttribute(
      "href",
      "/en/reports/campaigns/88",
    );
  });

  it("says so when there is none, in Thai", async () => {
    rows = [];
    await renderTable("/reports/campaigns/schedule_headers");
    expect(await screen.findByText("ยังไม่มีแคมเปญที่ตั้งเวลาส่ง")).toBeInTheDocument();
  });
});
