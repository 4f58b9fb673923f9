import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { TextDialog } from "./text-dialog";

const TEXTS: Record<string, string> = { "reason.required": "Please give a reason." };

function renderDialog(error: string | null = null) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  render(
    <TextDialog
      title="Block VIP"
      label="Reason"
      isRequired
      maxLength={20}
      validate={(text) =>
        text.trim() ? { ok: true, value: text.trim() } : { ok: false, problem: "reason.required" }
      }
      message={(key) => (key ? TEXTS[key] : undefined)}
      confirmLabel="Block"
      cancelLabel="Cancel"
      confirmTestId="block-confirm"
      testId="block-dialog"
      busy={false}
      error={error}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />,
  );
  return { onConfirm, onCancel };
}

describe("TextDialog", () => {
  it("refuses an empty required text with the contract's message, then sends the checked value", async () => {
    const { onConfirm } = renderDialog();
    const field = screen.getByRole("textbox", { name: /Reason/ });
    expect(field).toHaveFocus();
    await userEvent.click(screen.getByTestId("block-confirm"));
    expect(screen.getByText(/Please give a reason\./)).toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
    await userEvent.type(field, "  spam  ");
    await userEvent.click(screen.getByTestId("block-confirm"));
    expect(onConfirm).toHaveBeenCalledWith("spam");
  });

  it("shows the server's refusal and cancels without sending", async () => {
    const { onConfirm, onCancel } = renderDialog("Already decided.");
    expect(screen.getByText("Already decided.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onCancel).toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
