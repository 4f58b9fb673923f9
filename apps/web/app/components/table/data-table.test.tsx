import type { TSortState, TTableHeader } from "@sms/domain/contracts/lists";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18next } from "~/lib/i18n";
import { DataTable, type DataTableColumn } from "./data-table";

type Row = { id: number; name: string; score: number };
type Key = "name" | "score";

const ROWS: Row[] = [
  { id: 1, name: "Anong", score: 3 },
  { id: 2, name: "Boon", score: 1 },
];

const COLUMNS: DataTableColumn<Row, Key>[] = [
  { title: "Name", key: "name", sort: true },
  { title: "Score", key: "score", sort: true, reverse: true, cell: (r) => `${r.score} pts` },
  { title: "Note", key: "note", cell: () => "—" },
];

function Harness({ onSort }: { onSort?: (header: TTableHeader<Key>) => void }) {
  const [sort, setSort] = useState<TSortState<Key>>({ sort: "name", reverse: false });
  return (
    <DataTable
      caption="Players"
      columns={COLUMNS}
      rows={ROWS}
      rowKey={(r) => r.id}
      sort={sort}
      onSort={(header) => {
        onSort?.(header);
        setSort((current) =>
          current.sort === header.key
            ? { sort: header.key, reverse: !current.reverse }
            : { sort: header.key, reverse: header.reverse ?? false },
        );
      }}
    />
  );
}

const header = (name: string) => screen.getByRole("columnheader", { name: new RegExp(name) });

describe("DataTable", () => {
  beforeEach(() => i18next.changeLanguage("en"));
  afterEach(() => i18next.changeLanguage("th"));

  it("renders the header model and the cells", () => {
    render(<Harness />);
    const table = screen.getByRole("table", { name: "Players" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Name", "Score", "Note"]);
    const rows = within(table).getAllByRole("row").slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole("cell")
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ["Anong", "3 pts", "—"],
      ["Boon", "1 pts", "—"],
    ]);
  });

  it("marks the sorted column with aria-sort and toggles it on click", async () => {
    const onSort = vi.fn();
    render(<Harness onSort={onSort} />);
    expect(header("Name")).toHaveAttribute("aria-sort", "ascending");
    expect(header("Score")).not.toHaveAttribute("aria-sort");
    expect(within(header("Note")).queryByRole("button")).toBeNull();

    await userEvent.click(screen.getByRole("button", { name: "Name" }));
    expect(onSort).toHaveBeenLastCalledWith(expect.objectContaining({ key: "name" }));
    expect(header("Name")).toHaveAttribute("aria-sort", "descending");

    await userEvent.click(screen.getByRole("button", { name: "Score" }));
    expect(header("Score")).toHaveAttribute("aria-sort", "descending");
    expect(header("Name")).not.toHaveAttribute("aria-sort");
  });

  it("shows a table in a fixed order without sort buttons or aria-sort", () => {
    render(<DataTable caption="Players" columns={COLUMNS} rows={ROWS} rowKey={(r) => r.id} />);
    const table = screen.getByRole("table", { name: "Players" });
    expect(within(table).queryAllByRole("button")).toHaveLength(0);
    expect(within(table).getByRole("columnheader", { name: "Name" })).not.toHaveAttribute("aria-sort");
    expect(within(table).getAllByRole("row")).toHaveLength(3);
  });

  it("sorts from the keyboard", async () => {
    render(<Harness />);
    await userEvent.tab();
    // The scroll frame comes first, then the header buttons.
    expect(screen.getByRole("region", { name: "Players" })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole("button", { name: "Name" })).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    expect(header("Name")).toHaveAttribute("aria-sort", "descending");
  });

  it("shows skeleton rows under aria-busy while the first page loads", () => {
    render(
      <DataTable
        caption="Players"
        columns={COLUMNS}
        rows={undefined}
        rowKey={(r) => r.id}
        sort={{ sort: "name", reverse: false }}
        onSort={() => {}}
        isLoading
        skeletonRows={3}
      />,
    );
    expect(screen.getByRole("table")).toHaveAttribute("aria-busy", "true");
    expect(screen.getAllByTestId("skeleton-row")).toHaveLength(3);
    expect(screen.getByRole("status")).toHaveTextContent("Loading…");
  });

  it("keeps the rows, dimmed and busy, while another page or order loads", () => {
    render(
      <DataTable
        caption="Players"
        columns={COLUMNS}
        rows={ROWS}
        rowKey={(r) => r.id}
        sort={{ sort: "name", reverse: false }}
        onSort={() => {}}
        isFetching
      />,
    );
    expect(screen.getByRole("table")).toHaveAttribute("aria-busy", "true");
    expect(screen.getByText("Anong")).toBeInTheDocument();
    expect(screen.queryByTestId("skeleton-row")).toBeNull();
  });

  it("says so when the list is empty", () => {
    const { rerender } = render(
      <DataTable
        caption="Players"
        columns={COLUMNS}
        rows={[]}
        rowKey={(r) => r.id}
        sort={{ sort: "name", reverse: false }}
        onSort={() => {}}
      />,
    );
    expect(screen.getByRole("cell", { name: "Nothing to show." })).toHaveAttribute("colspan", "3");
    expect(screen.getByRole("table")).toHaveAttribute("aria-busy", "false");
    rerender(
      <DataTable
        caption="Players"
        columns={COLUMNS}
        rows={[]}
        rowKey={(r) => r.id}
        sort={{ sort: "name", reverse: false }}
        onSort={() => {}}
        emptyText="No players yet."
      />,
    );
    expect(screen.getByText("No players yet.")).toBeInTheDocument();
  });

  it("shows an error with a retry", async () => {
    const onRetry = vi.fn();
    render(
      <DataTable
        caption="Players"
        columns={COLUMNS}
        rows={undefined}
        rowKey={(r) => r.id}
        sort={{ sort: "name", reverse: false }}
        onSort={() => {}}
        error={new Error("The server is away.")}
        onRetry={onRetry}
      />,
    );
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("The server is away.");
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(onRetry).toHaveBeenCalledOnce();
    expect(screen.queryByText("Nothing to show.")).toBeNull();
  });

  it("speaks Thai in Thai", async () => {
    await i18next.changeLanguage("th");
    render(
      <DataTable
        caption="ผู้เล่น"
        columns={COLUMNS}
        rows={[]}
        rowKey={(r) => r.id}
        sort={{ sort: "name", reverse: false }}
        onSort={() => {}}
      />,
    );
    expect(screen.getByText("ไม่มีข้อมูล")).toBeInTheDocument();
  });
});
