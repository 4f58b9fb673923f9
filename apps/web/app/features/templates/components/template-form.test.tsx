import type { TTemplate } from "@sms/domain/contracts/templates";
import { templatesEndpoints } from "@sms/domain/endpoints/templates";
import { screen, waitFor } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiError, mockEndpoint } from "../../../../test/msw";
import { renderApp } from "../../../../test/render";
import { spyOnToasts } from "../../../../test/toasts";
import { TemplateForm } from "./template-form";

spyOnToasts();

const stored: TTemplate = {
  id: 7,
  name: "Welcome",
  message: "Hello there",
  enabled: false,
  created_at: "2026-01-02T03:04:05.000Z",
  updated_at: "2026-01-03T03:04:05.000Z",
};

const renderForm = (template?: TTemplate) =>
  renderApp(<TemplateForm {...(template ? { template } : {})} />, {
    path: "/en/templates/form",
    pages: { "/en/templates": <p>templates list</p> },
  });

const messageBox = () => screen.getByRole("textbox", { name: /Message/ }) as HTMLTextAreaElement;

afterEach(() => vi.clearAllMocks());

describe("TemplateForm tag buttons", () => {
  it("insert the tag at the caret and leave the caret after it", async () => {
    const { user } = await renderForm();
    const box = messageBox();
    await user.type(box, "Hi , see you");
    box.setSelectionRange(3, 3);
    await user.click(screen.getByRole("button", { name: /First name/ }));
    expect(box.value).toBe("Hi {first_name}, see you");
    expect(box).toHaveFocus();
    expect(box.selectionStart).toBe(15);
    await user.click(screen.getByRole("button", { name: /Last name/ }));
    expect(box.value).toBe("Hi {first_name}{last_name}, see you");
  });

  it("replace a selection, and append when the caret is at the end", async () => {
    const { user } = await renderForm();
    const box = messageBox();
    await user.type(box, "Call NUMBER now");
    box.setSelectionRange(5, 11);
    await user.click(screen.getByRole("button", { name: /Phone number/ }));
    expect(box.value).toBe("Call {phone_number} now");
    box.setSelectionRange(box.value.length, box.value.length);
    await user.click(screen.getByRole("button", { name: /First name/ }));
    expect(box.value).toBe("Call {phone_number} now{first_name}");
  });

  it("update the live preview with the sample values", async () => {
    const { user } = await renderForm();
    await user.type(messageBox(), "Dear ");
    await user.click(screen.getByRole("button", { name: /First name/ }));
    expect(screen.getByTestId("sms-preview-text")).toHaveTextContent("Dear Somchai");
    expect(screen.getByTestId("sms-characters")).toHaveTextContent("12");
  });
});

describe("TemplateForm", () => {
  it("creates a template, says so and goes back to the list", async () => {
    const create = mockEndpoint(templatesEndpoints.create, {
      data: { ...stored, name: "Promo", message: "Hi {first_name}", enabled: true },
    });
    const { user } = await renderForm();
    await user.type(screen.getByRole("textbox", { name: /Template name/ }), "Promo");
    await user.type(messageBox(), "Hi ");
    await user.click(screen.getByRole("button", { name: /First name/ }));
    await user.click(screen.getByRole("button", { name: "Create template" }));
    await screen.findByText("templates list");
    expect(create.calls.map((call) => call.body)).toEqual([
      { name: "Promo", message: "Hi {first_name}", enabled: true },
    ]);
    expect(toast.success).toHaveBeenCalledWith("Template created");
  });

  it("refuses empty fields and an unknown tag before calling the server", async () => {
    const { user } = await renderForm();
    await user.click(screen.getByRole("button", { name: "Create template" }));
    expect(await screen.findByText(/Please enter the template name\./)).toBeInTheDocument();
    expect(screen.getByText(/Please enter the message\./)).toBeInTheDocument();
    await user.type(messageBox(), "Hi {{nick}");
    expect(screen.getByTestId("unknown-tags")).toHaveTextContent("Unknown tag: {nick}");
    await user.click(screen.getByRole("button", { name: "Create template" }));
    expect(await screen.findByText(/tag that does not exist/)).toBeInTheDocument();
    // No handler: a request would fail the test (test/setup.ts).
  });

  it("edits a stored template, the switch included, and reports success", async () => {
    const update = mockEndpoint(templatesEndpoints.update, { data: { ...stored, enabled: true } });
    const { user } = await renderForm(stored);
    const toggle = screen.getByRole("switch", { name: "Template on" });
    expect(toggle).toHaveAttribute("aria-checked", "false");
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-checked", "true");
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    await screen.findByText("templates list");
    expect(update.calls).toMatchObject([
      { params: { id: 7 }, body: { name: "Welcome", message: "Hello there", enabled: true } },
    ]);
    expect(toast.success).toHaveBeenCalledWith("Template updated");
  });

  it("puts the server's field messages on their fields", async () => {
    mockEndpoint(
      templatesEndpoints.update,
      apiError(400, "VALIDATION", "Invalid input", {
        details: [{ path: "name", message: "Name refused by the server" }],
      }),
    );
    const { user } = await renderForm(stored);
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(screen.getByText(/Name refused by the server/)).toBeInTheDocument());
    expect(toast.success).not.toHaveBeenCalled();
  });
});
