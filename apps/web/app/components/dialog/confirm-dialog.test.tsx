import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ConfirmDialog, type ConfirmDialogProps } from "./confirm-dialog";

function renderDialog(props: Partial<ConfirmDialogProps> = {}) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  render(
    <ConfirmDialog
      isOpen
      title="Delete this group?"
      body="The group “VIP” will be deleted."
      confirmLabel="Delete"
      cancelLabel="Cancel"
      onConfirm={onConfirm}
      onCancel={onCancel}
      {...props}
    />,
  );
  return { onConfirm, onCancel };
}

describe("ConfirmDialog", () => {
  it("asks in an alert dialog named by its title, starting on Cancel", async () => {
    const { onConfirm, onCancel } = renderDialog();
    const dialog = screen.getByRole("alertdialog", { name: "Delete this group?" });
    expect(dialog).toHaveTextContent("The group “VIP” will be deleted.");
    expect(screen.getByRole("button", { name: "Cancel" })).toHaveFocus();
    await userEvent.click(screen.getByTestId("confirm-delete"));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await userEvent.keyboard("{Escape}");
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it("shows the caller's error and test id, and stays open while the action runs", async () => {
    const { onCancel } = renderDialog({ isPending: true, error: "Server down", confirmTestId: "confirm" });
    expect(screen.getByRole("alert")).toHaveTextContent("Server down");
    expect(screen.getByTestId("confirm")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Cancel" })).toBeDisabled();
    await userEvent.keyboard("{Escape}");
    expect(onCancel).not.toHaveBeenCalled();
  });

  it("renders nothing while closed", () => {
    renderDialog({ isOpen: false });
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
  });
});
