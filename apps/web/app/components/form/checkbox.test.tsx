import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Controller, useForm } from "react-hook-form";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18next } from "~/lib/i18n";
import { Button } from "./button";
import { Checkbox, isChecked, ZChecked } from "./checkbox";

function TermsForm({ onValid }: { onValid: (values: { accept: boolean }) => void }) {
  const { control, handleSubmit } = useForm({ defaultValues: { accept: false } });
  return (
    <form onSubmit={handleSubmit(onValid)} noValidate>
      <Controller
        control={control}
        name="accept"
        rules={{ validate: (value) => isChecked(value) || "form.mustBeChecked" }}
        render={({ field, fieldState }) => (
          <Checkbox {...field} isRequired error={fieldState.error?.message}>
            I accept
          </Checkbox>
        )}
      />
      <Button type="submit">Go</Button>
    </form>
  );
}

beforeEach(() => i18next.changeLanguage("en"));
afterEach(() => i18next.changeLanguage("th"));

describe("Checkbox", () => {
  it("toggles and reports a boolean", async () => {
    const onChange = vi.fn();
    render(<Checkbox onChange={onChange}>News</Checkbox>);
    const box = screen.getByRole("checkbox", { name: "News" });
    await userEvent.click(box);
    expect(box).toBeChecked();
    expect(onChange).toHaveBeenLastCalledWith(true);
    await userEvent.keyboard(" ");
    expect(box).not.toBeChecked();
    expect(onChange).toHaveBeenLastCalledWith(false);
  });

  it("shows the asterisk, aria-required and a linked * error", () => {
    render(
      <Checkbox isRequired error="form.mustBeChecked">
        I accept
      </Checkbox>,
    );
    const box = screen.getByRole("checkbox", { name: "I accept" });
    expect(box).toHaveAttribute("aria-required", "true");
    expect(box).toHaveAttribute("aria-invalid", "true");
    expect(box).toHaveAccessibleDescription("* Please tick this box to continue.");
    expect(screen.getByText("*")).toHaveAttribute("aria-hidden", "true");
  });

  it("requires a truthy value (zod helper and form rule)", () => {
    expect(ZChecked.safeParse(true).success).toBe(true);
    const refused = ZChecked.safeParse(false);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe("form.mustBeChecked");
    expect(isChecked(false)).toBe(false);
    expect(isChecked(undefined)).toBe(false);
    expect(isChecked(true)).toBe(true);
  });

  it("blocks a react-hook-form submit until ticked", async () => {
    const onValid = vi.fn();
    render(<TermsForm onValid={onValid} />);
    await userEvent.click(screen.getByRole("button", { name: "Go" }));
    expect(await screen.findByText("* Please tick this box to continue.")).toBeInTheDocument();
    expect(onValid).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole("checkbox", { name: "I accept" }));
    await userEvent.click(screen.getByRole("button", { name: "Go" }));
    await vi.waitFor(() => expect(onValid).toHaveBeenCalled());
    expect(onValid.mock.calls[0]?.[0]).toEqual({ accept: true });
  });
});
