import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { afterEach, describe, expect, it } from "vitest";
import { ApiError } from "~/lib/api-client";
import { i18next } from "~/lib/i18n";
import { FormTextInput } from "./form-text-input";
import { sharedKeyOf, useServerErrors } from "./use-server-errors";

const FIELDS = ["phone_number", "email"] as const;

/** A form whose submit always fails with the given API error, as a server would answer. */
function RejectedForm({ error }: { error: ApiError }) {
  const { control, handleSubmit, setError } = useForm({ defaultValues: { phone_number: "", email: "" } });
  const serverErrors = useServerErrors(setError, FIELDS);
  const [alert, setAlert] = useState<string | null>(null);
  return (
    <form onSubmit={handleSubmit(() => setAlert(serverErrors(error)))} noValidate>
      <FormTextInput control={control} name="phone_number" type="tel" label="Phone" />
      <FormTextInput control={control} name="email" type="email" label="E-mail" />
      {alert ? <p role="alert">{alert}</p> : null}
      <button type="submit">Send</button>
    </form>
  );
}

const rejected = (details: { path: string; message: string }[]) =>
  new ApiError(400, "VALIDATION", "The data is invalid.", { details });

const fieldErrors = () => screen.queryAllByTestId("field-error").map((el) => el.textContent);

describe("useServerErrors", () => {
  afterEach(async () => {
    await i18next.changeLanguage("th");
  });

  it("finds the shared key of a Thai or an English text", () => {
    expect(sharedKeyOf("Phone Number is invalid!")).toBe("validation.phone_invalid");
    expect(sharedKeyOf("อีเมลไม่ถูกต้อง")).toBe("validation.email_invalid");
    expect(sharedKeyOf("Something only the server says.")).toBeUndefined();
  });

  it("re-translates a shared message under its field when the language changes", async () => {
    await i18next.changeLanguage("en");
    render(
      <RejectedForm error={rejected([{ path: "phone_number", message: "Phone Number is invalid!" }])} />,
    );
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(fieldErrors()).toEqual(["* Phone Number is invalid!"]));
    expect(screen.queryByRole("alert")).toBeNull();
    await act(() => i18next.changeLanguage("th"));
    await waitFor(() => expect(fieldErrors()).toEqual(["* หมายเลขโทรศัพท์ไม่ถูกต้อง!"]));
  });

  it("clears a message only the server can word when the language changes", async () => {
    await i18next.changeLanguage("en");
    render(
      <RejectedForm
        error={rejected([
          { path: "email", message: "This e-mail is the one you already have." },
          { path: "phone_number", message: "Phone Number is invalid!" },
        ])}
      />,
    );
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() =>
      expect(fieldErrors()).toEqual([
        "* Phone Number is invalid!",
        "* This e-mail is the one you already have.",
      ]),
    );
    await act(() => i18next.changeLanguage("th"));
    await waitFor(() => expect(fieldErrors()).toEqual(["* หมายเลขโทรศัพท์ไม่ถูกต้อง!"]));
    expect(screen.getByLabelText("E-mail")).not.toHaveAttribute("aria-invalid");
  });

  it("shows a detail for a field the form does not have above the form", async () => {
    render(<RejectedForm error={rejected([{ path: "password", message: "Wrong." }])} />);
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("The data is invalid.");
    expect(fieldErrors()).toEqual([]);
  });
});
