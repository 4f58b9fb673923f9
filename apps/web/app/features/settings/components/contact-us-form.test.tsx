import { marketingEndpoints } from "@sms/domain/endpoints/marketing";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, api } from "~/lib/api-client";
import { i18next } from "~/lib/i18n";
import { ContactUsForm } from "./contact-us-form";

vi.mock("~/lib/api-client", async (original) => ({
  ...(await original<typeof import("~/lib/api-client")>()),
  api: { call: vi.fn() },
}));
const call = vi.mocked(api.call);
let sent: Record<string, unknown>[];

const PREFILL = {
  name: "Somchai Jaidee",
  email: "somchai@example.com",
  phone: "66812345678",
  company: "Acme",
};

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: "*", element: <ContactUsForm prefill={PREFILL} /> }], {
    initialEntries: ["/en/contacts-us"],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await i18next.changeLanguage("en");
  sent = [];
  call.mockImplementation(async (endpoint, input) => {
    if (endpoint !== marketingEndpoints.contactUs) throw new Error(`unexpected ${endpoint.path}`);
    const body = (input as unknown as { body: Record<string, unknown> }).body;
    if (String(body.message).includes("spam")) {
      throw new ApiError(400, "VALIDATION", "Please check the form.", {
        details: [{ path: "message", message: "Please write a real message." }],
      });
    }
    sent.push(body);
    return { data: { received: true } } as never;
  });
});
afterEach(() => vi.clearAllMocks());

describe("ContactUsForm (in-app /contacts-us)", () => {
  it("is filled in from the account and sends to the public form's endpoint", async () => {
    const user = userEvent.setup();
    renderForm();
    expect(screen.getByLabelText(/Full name/)).toHaveValue("Somchai Jaidee");
    expect(screen.getByLabelText(/E-mail/)).toHaveValue("somchai@example.com");
    expect(screen.getByLabelText(/Phone number/)).toHaveValue("0812345678");
    expect(screen.getByLabelText(/Company or shop/)).toHaveValue("Acme");
    await user.selectOptions(screen.getByLabelText(/Topic/), "billing");
    await user.type(screen.getByLabelText(/Message/), "Please send me a tax invoice for my last order.");
    await user.click(screen.getByRole("button", { name: "Send message" }));
    expect(await screen.findByText(/Your message has been sent/)).toBeInTheDocument();
    expect(sent).toEqual([
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
    const user = userEvent.setup();
    renderForm();
    await user.clear(screen.getByLabelText(/Full name/));
    await user.type(screen.getByLabelText(/Message/), "Hi");
    await user.click(screen.getByRole("button", { name: "Send message" }));
    await waitFor(() => expect(screen.getByLabelText(/Full name/)).toHaveAttribute("aria-invalid", "true"));
    expect(screen.getByLabelText(/Topic/)).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText(/Message/)).toHaveAttribute("aria-invalid", "true");
    expect(sent).toEqual([]);
  });

  it("puts the server's field message on its field", async () => {
    const user = userEvent.setup();
    renderForm();
    await user.selectOptions(screen.getByLabelText(/Topic/), "other");
    await user.type(screen.getByLabelText(/Message/), "buy cheap spam now please");
    await user.click(screen.getByRole("button", { name: "Send message" }));
    expect(await screen.findByText(/Please write a real message\./)).toBeInTheDocument();
  });
});
