import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ApiError } from "~/lib/api-client";
import { i18next } from "~/lib/i18n";
import { FormAlert } from "./form-alert";
import { FormCheckbox } from "./form-checkbox";
import { FormNumberInput, FormTextInput } from "./form-text-input";
import { useContractForm } from "./use-contract-form";

const ZContract = z.object({
  name: z.string().trim().min(1, "Name it."),
  limit: z.number("Give a number.").int().min(1, "At least one."),
  enabled: z.boolean(),
});
type Body = z.output<typeof ZContract>;
type Values = { name: string; limit: number | null; enabled: boolean };

/** A settings form built the way the app's are: the contract checks it, the server's problems land on it. */
function SettingsForm({ send }: { send: (body: Body) => Promise<void> }) {
  const { control, submit, formError } = useContractForm<Values, Body>({
    contract: ZContract,
    defaultValues: { name: "", limit: null, enabled: false },
    fields: ["name", "limit", "enabled"],
    onValid: async (body, { reset }) => {
      await send(body);
      reset({ name: "", limit: null, enabled: false });
    },
  });
  return (
    <form onSubmit={submit} noValidate>
      <FormAlert>{formError}</FormAlert>
      <FormTextInput control={control} name="name" label="Name" />
      <FormNumberInput control={control} name="limit" label="Limit" />
      <FormCheckbox control={control} name="enabled">
        On
      </FormCheckbox>
      <button type="submit">Save</button>
    </form>
  );
}

/** A dialog's form: its own words for a failure, filled afresh each time it opens. */
function RenameDialog({
  isOpen,
  item,
  send,
}: {
  isOpen: boolean;
  item: { id: number; name: string };
  send: (body: { name: string }) => Promise<void>;
}) {
  const { control, submit, formError } = useContractForm<
    { name: string },
    { name: string },
    { text: string; code: string }
  >({
    contract: z.object({ name: z.string().trim().min(1, "Name it.") }),
    defaultValues: { name: item.name },
    fields: ["name"],
    refill: { openedFor: isOpen ? item.id : null, values: () => ({ name: item.name }) },
    formErrorOf: (error, text) =>
      text ? { text, code: error instanceof ApiError ? error.code : "?" } : null,
    onValid: (body) => send(body),
  });
  if (!isOpen) return null;
  return (
    <form onSubmit={submit} noValidate>
      {formError ? <p role="alert">{`${formError.code}: ${formError.text}`}</p> : null}
      <FormTextInput control={control} name="name" label="Name" />
      <button type="submit">Save</button>
    </form>
  );
}

const fieldErrors = () => screen.queryAllByTestId("field-error").map((el) => el.textContent);

describe("useContractForm, FormNumberInput and FormCheckbox", () => {
  afterEach(async () => {
    await i18next.changeLanguage("th");
  });

  it("sends the contract's body (a number, a boolean) only once the values pass it", async () => {
    await i18next.changeLanguage("en");
    const send = vi.fn(async (_body: Body) => {});
    render(<SettingsForm send={send} />);
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(fieldErrors()).toEqual(["* Name it.", "* Give a number."]));
    expect(send).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText("Name"), " Alerts ");
    await userEvent.type(screen.getByLabelText("Limit"), "12");
    await userEvent.click(screen.getByLabelText("On"));
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(send).toHaveBeenCalledWith({ name: "Alerts", limit: 12, enabled: true }));
    // What onValid does on success (here a reset) is the form's own.
    await waitFor(() => expect(screen.getByLabelText("Name")).toHaveValue(""));
    expect(screen.getByLabelText("On")).not.toBeChecked();
  });

  it("puts a server's problem under its field, and any other above the form", async () => {
    await i18next.changeLanguage("en");
    const send = vi
      .fn<(body: Body) => Promise<void>>()
      .mockRejectedValueOnce(
        new ApiError(400, "VALIDATION", "The data is invalid.", {
          details: [{ path: "limit", message: "Too many for your plan." }],
        }),
      )
      .mockRejectedValueOnce(new ApiError(500, "INTERNAL", "Something went wrong on our side."));
    render(<SettingsForm send={send} />);
    await userEvent.type(screen.getByLabelText("Name"), "Alerts");
    await userEvent.type(screen.getByLabelText("Limit"), "900");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(fieldErrors()).toEqual(["* Too many for your plan."]));
    expect(screen.queryByText("Something went wrong on our side.")).toBeNull();

    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Something went wrong on our side.")).toBeInTheDocument();
    expect(screen.getByLabelText("Name")).toHaveValue("Alerts");
  });

  it("words a failure the form's way, and fills a dialog afresh only when it opens", async () => {
    await i18next.changeLanguage("en");
    const send = vi
      .fn<(body: { name: string }) => Promise<void>>()
      .mockRejectedValue(new ApiError(409, "TAKEN", "That name is taken."));
    const first = { id: 1, name: "First" };
    const { rerender } = render(<RenameDialog isOpen item={first} send={send} />);
    expect(screen.getByLabelText("Name")).toHaveValue("First");
    await userEvent.clear(screen.getByLabelText("Name"));
    await userEvent.type(screen.getByLabelText("Name"), "Typed");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("TAKEN: That name is taken.");
    expect(send).toHaveBeenCalledWith({ name: "Typed" });

    // The same item refreshed under the open dialog: what was typed stays, and so does the message.
    rerender(<RenameDialog isOpen item={{ ...first, name: "Refreshed" }} send={send} />);
    expect(screen.getByLabelText("Name")).toHaveValue("Typed");
    expect(screen.getByRole("alert")).toBeInTheDocument();

    // Closed and opened for another item: its values, and no message.
    rerender(<RenameDialog isOpen={false} item={first} send={send} />);
    rerender(<RenameDialog isOpen item={{ id: 2, name: "Second" }} send={send} />);
    await waitFor(() => expect(screen.getByLabelText("Name")).toHaveValue("Second"));
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
