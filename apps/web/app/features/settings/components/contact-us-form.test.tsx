import { marketingEndpoints } from "@sms/domain/endpoints/marketing";
import { screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { apiError, type MockedEndpoint, mockEndpoint } from "../../../../test/msw";
import { renderApp } from "../../../../test/render";
import { ContactUsForm } from "./contact-us-form";

const PREFILL = {
  name: "Somchai Jaidee",
  email: "somchai@example.com",
  phone: "66812345678",
  company: "Acme",
};

let contactUs: MockedEndpoint<typeof marketingEndpoints.contactUs>;

const renderForm = () => renderApp(<ContactUsForm prefill={PREFILL} />, { path: "/en/contacts-us" });

beforeEach(() => {
  contactUs = mockEndpoint(marketingEndpoints.contactUs, ({ body }) =>
    body.message.includes("spam")
      ? apiError(400, "VALIDATION", "Please check the form.", {
          details: [{ path: "message", message: "Please write a real message." }],
        })
      : { data: { received: true } },
  );
});

describe("ContactUsForm (in-app /contacts-us)", () => {
  it("is filled in from the account and sends to the public form's endpoint", async () => {
    const { user } = await renderForm();
    expect(screen.getByLabelText(/Full name/)).toHaveValue("Somchai Jaidee");
    expect(screen.getByLabelText(/E-mail/)).toHaveValue("somchai@example.com");
    expect(screen.getByLabelText(/Phone number/)).toHaveValue("0812345678");
    expect(screen.getByLabelText(/Company or shop/)).toHaveValue("Acme");
    await user.selectOptions(screen.getByLabelText(/Topic/), "billing");
    await user.type(screen.getByLabelText(/Message/), "Please send me a tax invoice for my last order.");
    await user.click(screen.getByRole("button", { name: "Send message" }));
    expect(await screen.findByText(/Your message has been sent/)).toBeInTheDocument();
    expect(contactUs.calls.map((call) => call.body)).toMatchObject([
      {
        name: "Somchai Jaidee",
        email: "somchai@example.com",
        phone: "0812345678",
        company: "Acme",
        topic: "billing",
        message: "Please send me a tax invoice for my last order.",
      },
    ]);
    await user.click(screen.getByRole("button", { name: "Send another message" }));
    expect(screen.getByLabelText(/Message/)).toHaveValue("");
  });

  it("checks the fields with the public form's rules before sending", async () => {
    const { user } = await renderForm();
    await user.clear(screen.getByLabelText(/Full name/));
    await user.type(screen.getByLabelText(/Message/), "Hi");
    await user.click(screen.getByRole("button", { name: "Send message" }));
    await waitFor(() => expect(screen.getByLabelText(/Full name/)).toHaveAttribute("aria-invalid", "true"));
    expect(screen.getByLabelText(/Topic/)).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText(/Message/)).toHaveAttribute("aria-invalid", "true");
    expect(contactUs.calls).toEqual([]);
  });

  it("puts the server's field message on its field", async () => {
    const { user } = await renderForm();
    await user.selectOptions(screen.getByLabelText(/Topic/), "other");
    await user.type(screen.getByLabelText(/Message/), "buy cheap spam now please");
    await user.click(screen.getByRole("button", { name: "Send message" }));
    expect(await screen.findByText(/Please write a real message\./)).toBeInTheDocument();
  });
});
