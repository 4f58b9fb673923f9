import type { TSortState, TTableHeader } from "@sms/domain/contracts/lists";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18next } from "~/lib/i18n";
import { installMatchMedia } from "../../../test/match-media";
import { cardPlaces, DataTable, type DataTableColumn } from "./data-table";

type Row = { id: number; name: string; sent: string; status: string; note: string | null };
type Key = "name" | "sent";

const ROWS: Row[] = [
  { id: 1, name: "Anong", sent: "1 Nov", status: "Delivered", note: "VIP" },
  { id: 2, name: "Boon", sent: "2 Nov", status: "Failed", note: null },
];

const COLUMNS: DataTableColumn<Row, Key>[] = [
  { title: "Sent", key: "sent", sort: true, reverse: true },
  { title: "Name", key: "name", sort: true, card: "title" },
  { title: "Note", key: "note", cell: (r) => r.note },
  { title: "Status", key: "status", cell: (r) => <span data-testid="chip">{r.status}</span> },
  { title: "Internal", key: "internal", card: "hidden", cell: () => "secret" },
  { title: "", key: "actions", card: "actions", cell: (r) => <button type="button">Open {r.name}</button> },
];

function Harness({ onSort }: { onSort?: (header: TTableHeader<Key>) => void }) {
  const [sort, setSort] = useState<TSortState<Key>>({ sort: "sent", reverse: true });
  return (
    <DataTable
      caption="Messages"
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

describe("DataTable on a phone (cards)", () => {
  let media: ReturnType<typeof installMatchMedia>;
  beforeEach(async () => {
    media = installMatchMedia(375);
    await i18next.changeLanguage("en");
  });
  afterEach(async () => {
    media.restore();
    await i18next.changeLanguage("th");
  });

  it("shows one card per row, status first, then the title, the labelled fields and the actions", () => {
    render(<Harness />);
    expect(screen.queryByRole("table")).toBeNull();
    const list = screen.getByRole("list", { name: "Messages" });
    const cards = within(list).getAllByRole("listitem");
    expect(cards).toHaveLength(2);
    const [first, second] = cards as [HTMLElement, HTMLElement];
    // The status is the card's first content, the title next.
    expect(first.firstElementChild).toHaveAttribute("data-testid", "card-status");
    expect(first.firstElementChild).toHaveTextContent("Status: Delivered");
    expect(first.children[1]).toHaveTextContent("Name: Anong");
    const terms = within(first)
      .getAllByRole("term")
      .map((term) => term.textContent);
    expect(terms).toEqual(["Sent", "Note"]);
    expect(
      within(first)
        .getAllByRole("definition")
        .map((value) => value.textContent),
    ).toEqual(["1 Nov", "VIP"]);
    expect(first).toHaveTextContent("VIP");
    expect(first).not.toHaveTextContent("secret");
    expect(within(first).getByRole("button", { name: "Open Anong" })).toBeVisible();
    // An empty cell is no line of its own.
    expect(
      within(second)
        .getAllByRole("term")
        .map((term) => term.textContent),
    ).toEqual(["Sent"]);
  });

  it("sorts with a select and a direction button, since there are no headers to press", async () => {
    const onSort = vi.fn();
    render(<Harness onSort={onSort} />);
    const select = screen.getByRole("combobox", { name: "Sort by" });
    expect(select).toHaveValue("sent");
    expect(
      within(select)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Sent", "Name"]);
    const direction = screen.getByRole("button", { name: /^Order: Descending/ });
    await userEvent.click(direction);
    expect(onSort).toHaveBeenLastCalledWith(expect.objectContaining({ key: "sent" }));
    expect(screen.getByRole("button", { name: /^Order: Ascending/ })).toBeInTheDocument();
    await userEvent.selectOptions(select, "name");
    expect(onSort).toHaveBeenLastCalledWith(expect.objectContaining({ key: "name" }));
    expect(select).toHaveValue("name");
  });

  it("turns back into a table when the screen gets wider, and into cards again when narrower", () => {
    render(<Harness />);
    expect(screen.queryByRole("table")).toBeNull();
    media.setWidth(640);
    expect(screen.getByRole("table", { name: "Messages" })).toBeInTheDocument();
    expect(screen.queryByTestId("data-card")).toBeNull();
    media.setWidth(639);
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.getAllByTestId("data-card")).toHaveLength(2);
  });

  it("shows skeleton cards while loading, the empty text, and an error with a retry", async () => {
    const onRetry = vi.fn();
    const props = { caption: "Messages", columns: COLUMNS, rowKey: (r: Row) => r.id };
    const { rerender } = render(<DataTable {...props} rows={undefined} isLoading />);
    expect(screen.getAllByTestId("skeleton-row").length).toBeGreaterThan(0);
    expect(screen.getByTestId("data-cards")).toHaveAttribute("aria-busy", "true");
    rerender(<DataTable {...props} rows={[]} />);
    expect(screen.getByTestId("table-empty")).toHaveTextContent("Nothing to show.");
    rerender(<DataTable {...props} rows={undefined} error={new Error("Away.")} onRetry={onRetry} />);
    await userEvent.click(within(screen.getByRole("alert")).getByRole("button", { name: "Try again" }));
    expect(onRetry).toHaveBeenCalledOnce();
    expect(screen.queryByTestId("table-empty")).toBeNull();
  });

  it("speaks Thai in Thai", async () => {
    await i18next.changeLanguage("th");
    render(<Harness />);
    expect(screen.getByRole("combobox", { name: "เรียงตาม" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /มากไปน้อย/ })).toBeInTheDocument();
  });
});

describe("cardPlaces", () => {
  const col = (key: string, card?: DataTableColumn<Row>["card"]): DataTableColumn<Row> => ({
    title: key,
    key,
    card,
  });

  it("takes the column keyed status as the status and the first other column as the title", () => {
    expect(cardPlaces([col("time"), col("to"), col("status")])).toEqual(["title", "field", "status"]);
  });

  it("lets a column say its place, and never picks a second status or title", () => {
    expect(cardPlaces([col("time"), col("state", "status"), col("to", "title"), col("status")])).toEqual([
      "field",
      "status",
      "title",
      "field",
    ]);
    expect(cardPlaces([col("x", "hidden"), col("y", "actions"), col("z")])).toEqual([
      "hidden",
      "actions",
      "title",
    ]);
  });
});
