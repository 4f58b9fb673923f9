import type { TSuppression } from "@sms/domain/contracts/suppressions";
import type { AnyEndpoint } from "@sms/domain/endpoints/define";
import { suppressionsEndpoints } from "@sms/domain/endpoints/suppressions";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, api } from "~/lib/api-client";
import { i18next } from "~/lib/i18n";
import { SuppressionsList } from "./suppressions-list";

vi.mock("~/lib/api-client", async (original) => ({
  ...(await original<typeof import("~/lib/api-client")>()),
  api: { call: vi.fn() },
}));
const call = vi.mocked(api.call);

const aRow = (n: number, patch: Partial<TSuppression> = {}): TSuppression => ({
  phone_number: `08123456${String(n).padStart(2, "0")}`,
  reason: "manual",
  reason_label: "Added manually",
  code: null,
  created_at: "2026-11-20T03:00:00.000Z",
  ...patch,
});

const ROWS = [
  aRow(3, { reason: "gateway_report", reason_label: "Blocks marketing (operator report)", code: "3/305" }),
  aRow(2, { reason: "stop_reply", reason_label: "Replied STOP" }),
  aRow(1),
];

const pageOf = (entities: TSuppression[], total = entities.length) => ({
  data: { entities, page_information: { page: 1, size: 10, total_item: total, total_pages: 1, limit: 5 } },
});
const routeOf = (endpoint: AnyEndpoint) => `${endpoint.method} ${endpoint.path}`;

function show(path = "/en/suppressions") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: "/en/suppressions", element: <SuppressionsList /> }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await i18next.changeLanguage("en");
  call.mockImplementation((async (
    endpoint: AnyEndpoint,
    options: { body?: { phone_numbers?: string[] } },
  ) => {
    switch (routeOf(endpoint)) {
      case routeOf(suppressionsEndpoints.listSuppressions):
        return pageOf(ROWS, 3);
      case routeOf(suppressionsEndpoints.removeSuppressions):
        return { data: { deleted: options.body?.phone_numbers?.length ?? 0 } };
      case routeOf(suppressionsEndpoints.removeSuppression):
        return { data: { phone_number: "0812345602" } };
      case routeOf(suppressionsEndpoints.addSuppressions):
        return { data: { added: 1, already_suppressed: 0, invalid: [] } };
      default:
        throw new Error(`unexpected ${routeOf(endpoint)}`);
    }
  }) as never);
});
afterEach(() => vi.clearAllMocks());

describe("SuppressionsList", () => {
  it("shows the number, the reason, the code and the date, newest first", async () => {
    show();
    await screen.findByText("0812345603");
    const rows = screen.getAllByRole("row").slice(1);
    expect(rows[0]).toHaveTextContent("Blocks marketing (operator report)");
    expect(rows[0]).toHaveTextContent("3/305");
    expect(rows[1]).toHaveTextContent("Replied STOP");
    expect(screen.getByRole("columnheader", { name: /Added/ })).toHaveAttribute("aria-sort", "descending");
    expect(call).toHaveBeenCalledWith(suppressionsEndpoints.listSuppressions, {
      query: { page: 1, size: 10, sort: "created_at", reverse: true },
    });
  });

  it("searches by number and filters by reason through the server", async () => {
    const user = userEvent.setup();
    show();
    await screen.findByText("0812345603");
    call.mockResolvedValue(pageOf([]) as never);
    await user.type(screen.getByLabelText("Search by phone number"), "0812{Enter}");
    await screen.findByText("No number matches your search.");
    expect(call).toHaveBeenLastCalledWith(suppressionsEndpoints.listSuppressions, {
      query: { page: 1, size: 10, sort: "created_at", reverse: true, search: "0812" },
    });
    await user.selectOptions(screen.getByLabelText("Reason"), "stop_reply");
    await waitFor(() =>
      expect(call).toHaveBeenLastCalledWith(suppressionsEndpoints.listSuppressions, {
        query: { page: 1, size: 10, sort: "created_at", reverse: true, search: "0812", reason: "stop_reply" },
      }),
    );
  });

  it("says when the list is empty", async () => {
    call.mockResolvedValueOnce(pageOf([]) as never);
    show();
    expect(await screen.findByText("No numbers on the suppression list.")).toBeInTheDocument();
  });

  it("removes one number from its row after confirming", async () => {
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole("button", { name: "Remove 0812345602" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent("Marketing messages will reach 0812345602 again.");
    await user.click(within(dialog).getByTestId("confirm-delete"));
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(suppressionsEndpoints.removeSuppression, {
        params: { phone: "0812345602" },
      }),
    );
  });

  it("removes the selected numbers together after confirming", async () => {
    const user = userEvent.setup();
    show();
    await screen.findByText("0812345603");
    await user.click(screen.getByLabelText("Select all on this page"));
    await user.click(screen.getByRole("checkbox", { name: "Select 0812345601" }));
    expect(screen.getByText("2 selected")).toBeInTheDocument();
    await user.click(screen.getByTestId("remove-selected"));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent("Marketing messages will reach these 2 numbers again.");
    await user.click(within(dialog).getByTestId("confirm-delete"));
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(suppressionsEndpoints.removeSuppressions, {
        body: { phone_numbers: ["0812345603", "0812345602"] },
      }),
    );
  });

  it("adds numbers from a dialog, checking them as the API does", async () => {
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByTestId("add-numbers"));
    const dialog = await screen.findByRole("dialog");
    const field = within(dialog).getByLabelText(/Phone numbers/);
    expect(field).toHaveFocus();
    await user.click(within(dialog).getByRole("button", { name: "Add" }));
    expect(await within(dialog).findByText(/Please enter the numbers to add\./)).toBeInTheDocument();
    await user.type(field, "abc");
    await user.click(within(dialog).getByRole("button", { name: "Add" }));
    expect(await within(dialog).findByText(/The recipient is invalid/)).toBeInTheDocument();
    expect(call).not.toHaveBeenCalledWith(suppressionsEndpoints.addSuppressions, expect.anything());

    await user.clear(field);
    await user.type(field, "0812345678{Enter}0912345678");
    await user.click(within(dialog).getByRole("button", { name: "Add" }));
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(suppressionsEndpoints.addSuppressions, {
        body: { numbers: "0812345678\n0912345678" },
      }),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("keeps the entries that are not numbers in the dialog to correct", async () => {
    const user = userEvent.setup();
    call.mockImplementation((async (endpoint: AnyEndpoint) =>
      routeOf(endpoint) === routeOf(suppressionsEndpoints.addSuppressions)
        ? {
            data: {
              added: 1,
              already_suppressed: 1,
              invalid: [{ number: "12345", message: "The recipient is invalid" }],
            },
          }
        : pageOf(ROWS, 3)) as never);
    show();
    await user.click(await screen.findByTestId("add-numbers"));
    const dialog = await screen.findByRole("dialog");
    const field = within(dialog).getByLabelText(/Phone numbers/);
    await user.type(field, "0812345678,12345");
    await user.click(within(dialog).getByRole("button", { name: "Add" }));
    expect(await within(dialog).findByTestId("invalid-numbers")).toHaveTextContent(
      "12345: The recipient is invalid",
    );
    expect(field).toHaveValue("12345");
  });

  it("puts the server's refusal on the field", async () => {
    const user = userEvent.setup();
    call.mockImplementation((async (endpoint: AnyEndpoint) => {
      if (routeOf(endpoint) === routeOf(suppressionsEndpoints.addSuppressions))
        throw new ApiError(400, "VALIDATION", "Please check the form.", {
          details: [{ path: "numbers", message: "Please add at most 1,000 numbers at a time." }],
        });
      return pageOf(ROWS, 3);
    }) as never);
    show();
    await user.click(await screen.findByTestId("add-numbers"));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText(/Phone numbers/), "0812345678");
    await user.click(within(dialog).getByRole("button", { name: "Add" }));
    expect(
      await within(dialog).findByText(/Please add at most 1,000 numbers at a time\./),
    ).toBeInTheDocument();
  });
});
