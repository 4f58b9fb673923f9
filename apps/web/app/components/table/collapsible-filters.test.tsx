import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18next } from "~/lib/i18n";
import { installMatchMedia } from "../../../test/match-media";
import { ReportFilters } from "./report-filters";
import { SearchBox } from "./search-box";

const statuses = [
  { value: "delivered", label: "Delivered" },
  { value: "failed", label: "Failed" },
];

describe("filters on a phone", { timeout: 20_000 }, () => {
  let media: ReturnType<typeof installMatchMedia>;
  beforeEach(async () => {
    media = installMatchMedia(375);
    await i18next.changeLanguage("en");
  });
  afterEach(async () => {
    media.restore();
    await i18next.changeLanguage("th");
  });

  it("folds the report filters behind a toggle that counts the applied ones, and folds them again once applied", async () => {
    const onApply = vi.fn();
    render(
      <ReportFilters
        values={{ status: "failed", start: "2026-11-01", end: "2026-11-07" }}
        onApply={onApply}
        statuses={statuses}
        phone
      />,
    );
    const toggle = screen.getByRole("button", { name: "Filters (2)" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("search", { name: "Report filters" })).toBeNull();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    const form = screen.getByRole("search", { name: "Report filters" });
    expect(form).toBeVisible();
    await userEvent.type(screen.getByLabelText("Phone number"), "0812345678");
    await userEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(onApply).toHaveBeenCalledWith(expect.objectContaining({ status: "failed", phone: "0812345678" }));
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("search", { name: "Report filters" })).toBeNull();
  });

  it("keeps what was typed while folded, and an invalid phone keeps the filters open", async () => {
    const onApply = vi.fn();
    render(<ReportFilters values={{}} onApply={onApply} phone />);
    const toggle = screen.getByRole("button", { name: "Filters" });
    await userEvent.click(toggle);
    await userEvent.type(screen.getByLabelText("Phone number"), "12");
    await userEvent.click(toggle);
    await userEvent.click(toggle);
    expect(screen.getByLabelText("Phone number")).toHaveValue("12");
    await userEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(onApply).not.toHaveBeenCalled();
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByLabelText("Phone number")).toHaveAccessibleDescription(/phone/i);
  });

  it("shows the filters without a toggle on a wider screen", () => {
    media.setWidth(1280);
    render(<ReportFilters values={{ status: "failed" }} onApply={() => {}} statuses={statuses} />);
    expect(screen.queryByTestId("filters-toggle")).toBeNull();
    expect(screen.getByRole("search", { name: "Report filters" })).toBeVisible();
  });

  it("folds a search box with other filters, and leaves a lone search box open", () => {
    const { unmount } = render(
      <SearchBox label="Search" value="abc" onSearch={() => {}} submitLabel="Go" activeFilters={1}>
        {() => <select aria-label="Reason" />}
      </SearchBox>,
    );
    expect(screen.getByRole("button", { name: "Filters (2)" })).toHaveAttribute("aria-expanded", "false");
    unmount();
    render(<SearchBox label="Search" value="" onSearch={() => {}} submitLabel="Go" />);
    expect(screen.queryByTestId("filters-toggle")).toBeNull();
    expect(screen.getByRole("searchbox", { name: "Search" })).toBeVisible();
  });
});
