import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { FilePicker, type FilePickerProps } from "./file-picker";

function renderPicker(props: Partial<FilePickerProps> = {}) {
  const onChoose = vi.fn();
  render(
    <FilePicker
      label="Contacts file"
      hint="CSV or Excel"
      accept=".csv,.xlsx"
      chooseLabel="Choose a file"
      chosen="No file chosen"
      error={null}
      disabled={false}
      onChoose={onChoose}
      testIds={{ input: "picker-input", error: "picker-error", chosen: "picker-chosen" }}
      {...props}
    />,
  );
  return { onChoose, input: screen.getByTestId("picker-input") };
}

describe("FilePicker", () => {
  it("is a labelled file input with its hint, the page's own button and the name chosen", async () => {
    const { onChoose, input } = renderPicker();
    expect(screen.getByLabelText("Contacts file")).toBe(input);
    expect(input).toHaveAttribute("type", "file");
    expect(input).toHaveAttribute("accept", ".csv,.xlsx");
    expect(input).not.toBeRequired();
    expect(input).toHaveAccessibleDescription(/^CSV or Excel\s*$/);
    expect(screen.getByText("Choose a file").closest("label")).toHaveAttribute("for", input.id);
    expect(screen.getByTestId("picker-chosen")).toHaveTextContent("No file chosen");
    const file = new File(["phone\n0812345678"], "list.csv", { type: "text/csv" });
    await userEvent.upload(input, file);
    expect(onChoose).toHaveBeenCalledWith(file);
  });

  it("marks a required field and shows its error, announced when asked", () => {
    const { input } = renderPicker({ required: true, error: "Please choose a file.", announceError: true });
    expect(input).toBeRequired();
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByTestId("picker-error")).toHaveTextContent("* Please choose a file.");
    expect(screen.getByRole("alert")).toBe(screen.getByTestId("picker-error"));
    expect(input).toHaveAccessibleDescription("CSV or Excel * Please choose a file.");
  });

  it("shows a status between the button and the error, described by the input; no alert unless asked", () => {
    const { input } = renderPicker({ status: <span>Uploading 40%</span>, error: "Too large" });
    expect(input).toHaveAccessibleDescription("CSV or Excel Uploading 40% * Too large");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("keeps the error's place empty while there is none, and can be disabled", () => {
    const { input } = renderPicker({ disabled: true });
    expect(screen.getByTestId("picker-error")).toBeEmptyDOMElement();
    expect(input).toBeDisabled();
    expect(input).not.toHaveAttribute("aria-invalid");
  });
});
