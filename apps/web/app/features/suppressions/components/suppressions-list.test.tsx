import type { TSuppression } from "@sms/domain/contracts/suppressions";
import { suppressionsEndpoints } from "@sms/domain/endpoints/suppressions";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { page } from "../../../../test/factories";
import { apiError, type MockedEndpoint, mockEndpoint } from "../../../../test/msw";
import { renderApp } from "../../../../test/render";
import { SuppressionsList } from "./suppressions-list";

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

const show = (path = "/en/suppressions") => renderApp(<SuppressionsList />, { path });

let list: MockedEndpoint<typeof suppressionsEndpoints.listSuppressions>;
let removeMany: MockedEndpoint<typeof suppressionsEndpoints.removeSuppressions>;
let removeOne: MockedEndpoint<typeof suppressionsEndpoints.removeSuppression>;
let add: MockedEndpoint<typeof suppressionsEndpoints.addSuppressions>;

beforeEach(() => {
  list = mockEndpoint(suppressionsEndpoints.listSuppressions, page(ROWS, { total_item: 3 }));
  removeMany = mockEndpoint(suppressionsEndpoints.removeSuppressions, ({ body }) => ({
    data: { deleted: body.phone_numbers.length },
  }));
  removeOne = mockEndpoint(suppressionsEndpoints.removeSuppression, { data: { phone_number: "0812345602" } });
  add = mockEndpoint(suppressionsEndpoints.addSuppressions, {
    data: { added: 1, already_suppressed: 0, invalid: [] },
  });
});

describe("SuppressionsList", () => {
  it("shows the number, the reason, the code and the date, newest first", async () => {
    await show();
    await screen.findByText("0812345603");
    const rows = screen.getAllByRole("row").slice(1);
    expect(rows[0]).toHaveTextContent("Blocks marketing (operator report)");
    expect(rows[0]).toHaveTextContent("3/305");
    expect(rows[1]).toHaveTextContent("Replied STOP");
    expect(screen.getByRole("columnheader", { name: /Added/ })).toHaveAttribute("aria-sort", "descending");
    expect(list.calls[0]?.search).toEqual({ page: "1", size: "10", sort: "created_at", reverse: "true" });
  });

  it("searches by number and filters by reason through the server", async () => {
    const { user } = await show();
    await screen.findByText("0812345603");
    const searched = mockEndpoint(suppressionsEndpoints.listSuppressions, page([]));
    await user.type(screen.getByLabelText("Search by phone number"), "0812{Enter}");
    await screen.findByText("No number matches your search.");
    expect(searched.lastCall?.search).toEqual({
      page: "1",
      size: "10",
      sort: "created_at",
      reverse: "true",
      search: "0812",
    });
    await user.selectOptions(screen.getByLabelText("Reason"), "stop_reply");
    await waitFor(() =>
      expect(searched.lastCall?.search).toEqual({
        page: "1",
        size: "10",
        sort: "created_at",
        reverse: "true",
        search: "0812",
        reason: "stop_reply",
      }),
    );
  });

  it("says when the list is empty", async () => {
    mockEndpoint(suppressionsEndpoints.listSuppressions, page([]));
    await show();
    expect(await screen.findByText("No numbers on the suppression list.")).toBeInTheDocument();
  });

  it("removes one number from its row after confirming", async () => {
    const { user } = await show();
    await user.click(await screen.findByRole("button", { name: "Remove 0812345602" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent("Marketing messages will reach 0812345602 again.");
    mockEndpoint(suppressionsEndpoints.listSuppressions, page([ROWS[0]!, ROWS[2]!], { total_item: 2 }));
    await user.click(within(dialog).getByTestId("confirm-delete"));
    await waitFor(() =>
      expect(removeOne.calls.map((call) => call.request.url)).toEqual([
        expect.stringMatching(/\/c\/suppressions\/0812345602$/),
      ]),
    );
    // The row's Remove button went with its row: the focus goes to the list, not to the page's top.
    await waitFor(() => expect(screen.getByTestId("suppressions-region")).toHaveFocus());
  });

  it("removes the selected numbers together after confirming", async () => {
    const { user } = await show();
    await screen.findByText("0812345603");
    await user.click(screen.getByLabelText("Select all on this page"));
    await user.click(screen.getByRole("checkbox", { name: "Select 0812345601" }));
    expect(screen.getByText("2 selected")).toBeInTheDocument();
    await user.click(screen.getByTestId("remove-selected"));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent("Marketing messages will reach these 2 numbers again.");
    await user.click(within(dialog).getByTestId("confirm-delete"));
    await waitFor(() =>
      // As the server reads them: the contract turns local numbers into the 66 form.
      expect(removeMany.calls.map((call) => call.body)).toEqual([
        { phone_numbers: ["66812345603", "66812345602"] },
      ]),
    );
  });

  it("adds numbers from a dialog, checking them as the API does", async () => {
    const { user } = await show();
    await user.click(await screen.findByTestId("add-numbers"));
    const dialog = await screen.findByRole("dialog");
    const field = within(dialog).getByLabelText(/Phone numbers/);
    expect(field).toHaveFocus();
    await user.click(within(dialog).getByRole("button", { name: "Add" }));
    expect(await within(dialog).findByText(/Please enter the numbers to add\./)).toBeInTheDocument();
    await user.type(field, "abc");
    await user.click(within(dialog).getByRole("button", { name: "Add" }));
    expect(await within(dialog).findByText(/The recipient is invalid/)).toBeInTheDocument();
    expect(add.calls).toHaveLength(0);

    await user.clear(field);
    await user.type(field, "0812345678{Enter}0912345678");
    await user.click(within(dialog).getByRole("button", { name: "Add" }));
    await waitFor(() =>
      expect(add.calls.map((call) => call.body)).toEqual([{ numbers: "0812345678\n0912345678" }]),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("keeps the entries that are not numbers in the dialog to correct", async () => {
    mockEndpoint(suppressionsEndpoints.addSuppressions, {
      data: {
        added: 1,
        already_suppressed: 1,
        invalid: [{ number: "12345", message: "The recipient is invalid" }],
      },
    });
    const { user } = await show();
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
    mockEndpoint(
      suppressionsEndpoints.addSuppressions,
      apiError(400, "VALIDATION", "Please check the form.", {
        details: [{ path: "numbers", message: "Please add at most 1,000 numbers at a time." }],
      }),
    );
    const { user } = await show();
    await user.click(await screen.findByTestId("add-numbers"));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText(/Phone numbers/), "0812345678");
    await user.click(within(dialog).getByRole("button", { name: "Add" }));
    expect(
      await within(dialog).findByText(/Please add at most 1,000 numbers at a time\./),
    ).toBeInTheDocument();
  });
});
