import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { TEXTAREA_MAX_LENGTH, Textarea } from "./textarea";

describe("Textarea", () => {
  it("defaults to 255 characters and 4 rows", () => {
    render(<Textarea label="Note" />);
    const area = screen.getByRole("textbox", { name: "Note" });
    expect(TEXTAREA_MAX_LENGTH).toBe(255);
    expect(area).toHaveAttribute("maxLength", "255");
    expect(area).toHaveAttribute("rows", "4");
  });

  it("counts characters and turns the counter red at the limit", async () => {
    const onChange = vi.fn();
    render(<Textarea label="Note" showCounter maxLength={5} onChange={onChange} />);
    const area = screen.getByRole("textbox", { name: "Note" });
    const counter = screen.getByTestId("textarea-counter");
    expect(counter).toHaveTextContent("0/5");
    await userEvent.type(area, "abcd");
    expect(counter).toHaveTextContent("4/5");
    expect(counter).not.toHaveClass("text-red-600");
    await userEvent.type(area, "efg");
    expect(area).toHaveValue("abcde");
    expect(counter).toHaveTextContent("5/5");
    expect(counter).toHaveClass("text-red-600");
    expect(onChange).toHaveBeenLastCalledWith("abcde");
  });

  it("shows n/255 by default and cuts a longer controlled value", async () => {
    const onChange = vi.fn();
    render(<Textarea label="Note" showCounter value={"x".repeat(254)} onChange={onChange} />);
    expect(screen.getByTestId("textarea-counter")).toHaveTextContent("254/255");
    await userEvent.click(screen.getByRole("textbox", { name: "Note" }));
    await userEvent.paste("yz");
    expect(onChange).toHaveBeenLastCalledWith(`${"x".repeat(254)}y`);
  });

  it("has no counter unless asked", () => {
    render(<Textarea label="Note" />);
    expect(screen.queryByTestId("textarea-counter")).toBeNull();
  });

  it("marks required and links the * error", () => {
    render(<Textarea label="Note" isRequired error="Please write a note" />);
    const area = screen.getByRole("textbox", { name: "Note" });
    expect(area).toHaveAttribute("aria-required", "true");
    expect(area).toHaveAttribute("aria-invalid", "true");
    expect(area).toHaveAccessibleDescription("* Please write a note");
  });
});
