import { zodResolver } from "@hookform/resolvers/zod";
import { type TChangeEmailRequest, ZChangeEmailRequest } from "@sms/domain/contracts/accounts";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { useForm } from "react-hook-form";
import { describe, expect, it, vi } from "vitest";
import { i18next } from "~/lib/i18n";
import { FormTextInput } from "./form-text-input";

function EmailForm({ onValid }: { onValid: (values: TChangeEmailRequest) => void }) {
  const { control, handleSubmit } = useForm<TChangeEmailRequest>({
    resolver: zodResolver(ZChangeEmailRequest),
    defaultValues: { email: "" },
  });
  return (
    <form onSubmit={handleSubmit(onValid)} noValidate>
      <FormTextInput control={control} name="email" type="email" label="E-mail" isRequired maxLength={30} />
      <button type="submit">Send</button>
    </form>
  );
}

async function renderIn(lang: "th" | "en", ui: ReactElement) {
  await i18next.changeLanguage(lang);
  return render(ui);
}

describe("FormTextInput", () => {
  it.each([
    ["en", "* The e-mail address is invalid."],
    ["th", "* อีเมลไม่ถูกต้อง"],
  ] as const)("shows the translated zod message after a failed validation (%s)", async (lang, text) => {
    const onValid = vi.fn();
    await renderIn(lang, <EmailForm onValid={onValid} />);
    const input = screen.getByLabelText(/^E-mail/);
    expect(input).toHaveAttribute("type", "email");
    expect(input).toHaveAttribute("maxLength", "30");
    await userEvent.type(input, "not-an-address");
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(screen.getByTestId("field-error")).toHaveTextContent(text));
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(onValid).not.toHaveBeenCalled();
  });

  it("hands the typed value to the form", async () => {
    const onValid = vi.fn();
    await renderIn("en", <EmailForm onValid={onValid} />);
    await userEvent.type(screen.getByLabelText(/^E-mail/), "ann@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() =>
      expect(onValid).toHaveBeenCalledWith({ email: "ann@example.com" }, expect.anything()),
    );
    expect(screen.queryByTestId("field-error")).toBeNull();
  });
});
