import type { SortSpec } from "@sms/domain/contracts/lists";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { page } from "../../../test/factories";
import { renderApp } from "../../../test/render";
import type { DataTableColumn } from "./data-table";
import { DecisionButtons, DecisionQueue, queuedAtColumn, useQueueList } from "./decision-queue";

type Item = { id: number; name: string; created_at: string };
const SORT: SortSpec<"created_at"> = { keys: ["created_at"], default: { key: "created_at", reverse: false } };
const STATUSES = ["waiting", "done"] as const;

function Queue({ items, onDecide }: { items: Item[]; onDecide: (id: number, decision: string) => void }) {
  const { list, status, request } = useQueueList({
    sort: SORT,
    defaultSize: 20,
    key: ["queue-test"],
    defaultStatus: "waiting" as (typeof STATUSES)[number],
  });
  const columns: DataTableColumn<Item, "created_at">[] = [
    queuedAtColumn("Received", "en"),
    { title: "Name", key: "name", card: "title", cell: (item) => item.name },
    {
      title: "Actions",
      key: "actions",
      cell: (item) => (
        <DecisionButtons
          name={item.name}
          approve={{
            label: "Approve",
            onClick: () => onDecide(item.id, "approve"),
            testId: `approve-${item.id}`,
          }}
          refuse={{ label: "Block", onClick: () => onDecide(item.id, "block"), testId: `block-${item.id}` }}
        />
      ),
    },
  ];
  const query = {
    data: page(items, { size: 20 }).data,
    isPending: false,
    isFetching: false,
    isError: false,
    error: null,
    refetch: vi.fn(),
  };
  return (
    <DecisionQueue
      queue={{ list, status }}
      statuses={STATUSES}
      query={query}
      columns={columns}
      words={{
        statusLabel: "Status",
        optionLabel: (s) => `Show ${s}`,
        searchLabel: "Search",
        searchHint: "By name",
        searchButton: "Find",
        caption: "Requests",
        empty: "Nothing waiting",
      }}
    >
      <p data-testid="asked">{`${request.status}|${request.search ?? ""}`}</p>
    </DecisionQueue>
  );
}

const ann: Item = { id: 7, name: "ANNSHOP", created_at: "2026-11-02T03:04:00Z" };

describe("DecisionQueue", () => {
  it("lists the items with when each came and its number, and its children under the table", async () => {
    await renderApp(<Queue items={[ann]} onDecide={vi.fn()} />, { path: "/en/admin/queue" });
    const table = screen.getByRole("table", { name: "Requests" });
    const row = within(table).getByRole("row", { name: /ANNSHOP/ });
    expect(row).toHaveTextContent("#7");
    expect(row).toHaveTextContent("2026");
    expect(screen.getByTestId("asked")).toHaveTextContent("waiting|");
  });

  it("puts the status and the search in the URL, and asks for every status with 'all'", async () => {
    const { user, router } = await renderApp(<Queue items={[]} onDecide={vi.fn()} />, {
      path: "/en/admin/queue",
    });
    expect(screen.getAllByText("Nothing waiting").length).toBeGreaterThan(0);
    const filter = screen.getByTestId("status-filter");
    expect(
      within(filter)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Show waiting", "Show done", "Show all"]);
    await user.selectOptions(filter, "all");
    await waitFor(() => expect(router.state.location.search).toContain("status=all"));
    expect(screen.getByTestId("asked")).toHaveTextContent(/^\|$/);
    await user.type(screen.getByRole("searchbox", { name: "Search" }), "ann");
    await user.click(screen.getByRole("button", { name: "Find" }));
    await waitFor(() => expect(router.state.location.search).toContain("search=ann"));
    expect(screen.getByTestId("asked")).toHaveTextContent("|ann");
  });
});

describe("DecisionButtons", () => {
  it("names the item to a screen reader on each decision and hands over which was pressed", async () => {
    const onDecide = vi.fn();
    const { user } = await renderApp(<Queue items={[ann]} onDecide={onDecide} />, {
      path: "/en/admin/queue",
    });
    const approve = screen.getAllByTestId("approve-7")[0] as HTMLElement;
    expect(approve).toHaveTextContent("Approve ANNSHOP");
    expect(within(approve).getByText("ANNSHOP")).toHaveClass("sr-only");
    expect(screen.getAllByTestId("block-7")[0]).toHaveTextContent("Block ANNSHOP");
    await user.click(approve);
    expect(onDecide).toHaveBeenCalledWith(7, "approve");
    await user.click(screen.getAllByTestId("block-7")[0] as HTMLElement);
    expect(onDecide).toHaveBeenLastCalledWith(7, "block");
  });
});
