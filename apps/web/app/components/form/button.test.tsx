import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { i18next } from "~/lib/i18n";
import { BUTTON_COLORS, Button, type ButtonVariant, buttonClassName } from "./button";

describe("Button", () => {
  it("is type=button by default and submit when asked", async () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button>Plain</Button>
        <Button type="submit">Save</Button>
      </form>,
    );
    expect(screen.getByRole("button", { name: "Plain" })).toHaveAttribute("type", "button");
    await userEvent.click(screen.getByRole("button", { name: "Plain" }));
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it("has every colour and its light variant", () => {
    const variants: ButtonVariant[] = [...BUTTON_COLORS, ...BUTTON_COLORS.map((c) => `light-${c}` as const)];
    expect(BUTTON_COLORS).toEqual(["primary", "secondary", "error", "submit", "gray"]);
    const classes = new Set(variants.map((variant) => buttonClassName({ variant })));
    expect(classes.size).toBe(variants.length);
    render(<Button variant="light-primary">Light</Button>);
    expect(screen.getByRole("button", { name: "Light" })).toHaveClass("bg-primary-50", "text-primary-700");
  });

  it("is greyed out and ignores clicks when disabled, whatever the colour", async () => {
    const onClick = vi.fn();
    render(
      <Button variant="error" disabled onClick={onClick}>
        Delete
      </Button>,
    );
    const button = screen.getByRole("button", { name: "Delete" });
    expect(button).toBeDisabled();
    expect(button).toHaveClass("bg-gray-200", "text-gray-400");
    expect(button).not.toHaveClass("bg-red-600");
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it("announces loading with aria-busy and does not submit twice", async () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button type="submit" isLoading>
          Save
        </Button>
      </form>,
    );
    const button = screen.getByRole("button", { name: /Save/ });
    expect(button).toHaveAttribute("aria-busy", "true");
    expect(button).toHaveAttribute("aria-disabled", "true");
    expect(button).toHaveTextContent(i18next.t("ui:button.loading"));
    await userEvent.click(button);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
