import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { i18next } from "~/lib/i18n";
import { useListParams } from "~/lib/use-list-params";
import { day, freezeCalendarClock, openCalendar } from "../form/calendar-test-utils";
import { REPORT_FILTER_PARAMS, ReportFilters, type ReportFiltersProps } from "./report-filters";

freezeCalendarClock();

const statuses = [
  { value: "delivered", label: "Delivered" },
  { value: "failed", label: "Failed" },
];
const types = [
  { value: "instant", label: "Instant" },
  { value: "otp", label: "OTP" },
];

function renderFilters(props: Partial<ReportFiltersProps> = {}) {
  const onApply = vi.fn();
  const view = render(
    <ReportFilters
      values={{}}
      onApply={onApply}
      statuses={statuses}
      types={types}
      phone
      maxSpanDays={7}
      {...props}
    />,
  );
  return { onApply, ...view };
}

const search = () => userEvent.click(screen.getByRole("button", { name: "Search" }));

// Calendar grids are heavy in jsdom; on a busy 2-core CI a test can take several seconds.
describe("ReportFilters", { timeout: 20_000 }, () => {
  it("applies a period, a status, a type and a phone number", async () => {
    const { onApply } = renderFilters();
    const dialog = await openCalendar();
    await userEvent.click(day(dialog, 3));
    await userEvent.click(day(dialog, 9));
    await userEvent.selectOptions(screen.getByLabelText("Status"), "failed");
    await userEvent.selectOptions(screen.getByLabelText("Type"), "otp");
    await userEvent.type(screen.getByLabelText("Phone number"), "0812345678");
    await search();
    expect(onApply).toHaveBeenCalledWith({
      start: "2026-05-03",
      end: "2026-05-09",
      status: "failed",
      type: "otp",
      phone: "0812345678",
    });
  });

  it("starts from the report's default period when none is chosen, without counting it (review D7)", async () => {
    const { onApply } = renderFilters({ defaultPeriod: { start: "2026-05-01", end: "2026-05-05" } });
    expect(screen.queryByText(/\(1\)/)).not.toBeInTheDocument();
    await search();
    expect(onApply).toHaveBeenCalledWith({
      start: "2026-05-01",
      end: "2026-05-05",
      status: undefined,
      type: undefined,
      phone: undefined,
    });
  });

  it("refuses an invalid phone number with the spec message, in both languages", async () => {
    const { onApply, rerender } = renderFilters();
    await userEvent.type(screen.getByLabelText("Phone number"), "12345");
    await search();
    expect(onApply).not.toHaveBeenCalled();
    expect(screen.getByLabelText("Phone number")).toHaveAccessibleDescription("* Phone Number is invalid!");
    await i18next.changeLanguage("th");
    rerender(<ReportFilters values={{}} onApply={onApply} phone />);
    expect(screen.getByText("* หมายเลขโทรศัพท์ไม่ถูกต้อง!")).toBeInTheDocument();
  });

  it("never applies a period that breaks the span limit", async () => {
    const { onApply } = renderFilters({ values: { start: "2026-05-01", end: "2026-05-12" } });
    expect(screen.getByText("* The range can be at most 7 days.")).toBeInTheDocument();
    await search();
    expect(onApply).not.toHaveBeenCalled();
  });

  it("clears every filter", async () => {
    const { onApply } = renderFilters({ values: { status: "failed", phone: "0812345678" } });
    expect(screen.getByLabelText("Status")).toHaveValue("failed");
    await userEvent.click(screen.getByRole("button", { name: "Clear filters" }));
    expect(onApply).toHaveBeenCalledWith({
      start: undefined,
      end: undefined,
      status: undefined,
      type: undefined,
      phone: undefined,
    });
    expect(screen.getByLabelText("Phone number")).toHaveValue("");
  });

  it("round-trips through the URL: applied filters come back after a reload", async () => {
    function Report() {
      const list = useListParams({
        sort: { keys: ["created_at"], default: { key: "created_at", reverse: true } },
        filters: REPORT_FILTER_PARAMS,
        key: ["report"],
      });
      return <ReportFilters values={list.filters} onApply={list.setFilters} statuses={statuses} phone />;
    }
    const routes = [{ path: "/report", element: <Report /> }];
    const router = createMemoryRouter(routes, { initialEntries: ["/report?page=4"] });
    const { unmount } = render(<RouterProvider router={router} />);
    await userEvent.selectOptions(screen.getByLabelText("Status"), "delivered");
    await userEvent.type(screen.getByLabelText("Phone number"), "0812345678");
    await search();
    expect(router.state.location.search).toBe("?status=delivered&phone=0812345678");
    unmount();

    const reloaded = createMemoryRouter(routes, {
      initialEntries: [`/report${router.state.location.search}`],
    });
    render(<RouterProvider router={reloaded} />);
    expect(screen.getByLabelText("Status")).toHaveValue("delivered");
    expect(screen.getByLabelText("Phone number")).toHaveValue("0812345678");
  });
});
