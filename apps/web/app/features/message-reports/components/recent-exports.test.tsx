import type { TMessageExport } from "@sms/domain/contracts/message-exports";
import { messageExportsEndpoints } from "@sms/domain/endpoints/message-exports";
import { screen, waitFor, within } from "@testing-library/react";
import { HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { page } from "../../../../test/factories";
import { mockEndpoint } from "../../../../test/msw";
import { renderApp } from "../../../../test/render";
import { spyOnToasts } from "../../../../test/toasts";
import { EXPORT_POLL_MS } from "../api/exports";
import { RecentExports } from "./recent-exports";

spyOnToasts();

const exportOf = (extra: Partial<TMessageExport>): TMessageExport => ({
  id: "0b7c5c1e-8a55-4a8e-9b53-7c1f0d1d2a10",
  status: "running",
  format: "xlsx",
  file_name: "messages-2026-11-20_2026-11-27.xlsx",
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

const DONE = {
  status: "done",
  progress: 100,
  rows_written: 60_000,
  size_bytes: 2048,
  finished_at: "2026-11-27T03:01:00.000Z",
} as const;

async function renderList(answers: ReturnType<typeof page<TMessageExport>>[], path = "/en/reports/messages") {
  let reads = 0;
  const list = mockEndpoint(messageExportsEndpoints.list, () => {
    const answer = answers[Math.min(reads, answers.length - 1)] as ReturnType<typeof page<TMessageExport>>;
    reads += 1;
    return answer;
  });
  const view = await renderApp(<RecentExports />, { path, pattern: "*" });
  return { ...view, list, reads: () => reads };
}

afterEach(() => vi.restoreAllMocks());

describe("RecentExports", () => {
  it("shows the loading state, then the empty state, and does not poll", async () => {
    const list = await renderList([page([])]);
    const section = screen.getByRole("region", { name: "Recent exports" });
    expect(section).toHaveAttribute("aria-busy", "true");
    expect(within(section).getByText("Loading recent exports…")).toBeInTheDocument();
    expect(await screen.findByTestId("recent-exports-empty")).toHaveTextContent(
      "No recent exports. Exports of more than 50,000 messages",
    );
    expect(section).toHaveAttribute("aria-busy", "false");
    await new Promise((resolve) => setTimeout(resolve, EXPORT_POLL_MS * 1.5));
    expect(list.reads()).toBe(1);
    expect(list.list.calls.map((call) => call.search)).toEqual([{ size: "10" }]);
  });

  it("follows a running export to done by polling, announces it politely, then offers its download and stops", async () => {
    const list = await renderList([page([exportOf({})]), page([exportOf(DONE)])]);
    const file = mockEndpoint(
      messageExportsEndpoints.download,
      new HttpResponse("xlsx", {
        headers: { "Content-Disposition": 'attachment; filename="messages-2026-11-20_2026-11-27.xlsx"' },
      }),
    );
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const item = await screen.findByRole("listitem");
    expect(item).toHaveAttribute("data-status", "running");
    expect(within(item).getByRole("heading", { level: 3 })).toHaveTextContent("Excel (XLSX)");
    expect(within(item).getByText("60,000 messages")).toBeInTheDocument();
    const bar = within(item).getByRole("progressbar", { name: "Export progress" });
    expect(bar).toHaveAttribute("aria-valuenow", "50");
    expect(bar).toHaveAttribute("aria-valuetext", "30,000 of 60,000 messages written");
    const status = screen.getByRole("status");
    expect(status).toHaveTextContent("Files being prepared: 1.");
    expect(within(item).queryByRole("button", { name: "Download" })).toBeNull();

    const button = await screen.findByRole("button", { name: "Download" }, { timeout: EXPORT_POLL_MS * 3 });
    const done = screen.getByRole("listitem");
    expect(done).toHaveAttribute("data-status", "done");
    expect(within(done).getByText("Ready")).toBeInTheDocument();
    expect(within(done).getByText("60,000 messages, 2 KB")).toBeInTheDocument();
    expect(within(done).queryByRole("progressbar")).toBeNull();
    await waitFor(() => expect(status).toHaveTextContent("No file is being prepared any more."));

    await list.user.click(button);
    await waitFor(() => expect(saved).toEqual(["messages-2026-11-20_2026-11-27.xlsx"]));
    expect(file.calls.map((call) => call.params)).toEqual([{ id: "0b7c5c1e-8a55-4a8e-9b53-7c1f0d1d2a10" }]);
    expect(file.lastCall?.request.headers.get("Accept-Language")).toBe("en");
    const reads = list.reads();
    await new Promise((resolve) => setTimeout(resolve, EXPORT_POLL_MS * 1.5));
    expect(list.reads()).toBe(reads);
  });

  it("says a failed export failed, in Thai", async () => {
    await renderList([page([exportOf({ status: "failed", format: "csv" })])], "/reports/messages");
    const item = await screen.findByRole("listitem");
    expect(within(item).getByText("ไม่สำเร็จ")).toBeInTheDocument();
    expect(within(item).getByText("ไม่สามารถเตรียมไฟล์นี้ได้ กรุณาส่งออกใหม่อีกครั้ง")).toBeInTheDocument();
    expect(within(item).queryByRole("button")).toBeNull();
    expect(screen.getByRole("heading", { level: 2 })).toHaveTextContent("การส่งออกล่าสุด");
  });

  it("shows the server's reason when a failed export has one", async () => {
    const reason = "This file needed more memory than an export may use. Please export a shorter period.";
    await renderList([page([exportOf({ status: "failed", error: reason })])]);
    const item = await screen.findByRole("listitem");
    expect(within(item).getByText(reason)).toBeInTheDocument();
    expect(within(item).queryByText("This file could not be prepared. Please export again.")).toBeNull();
  });
});
