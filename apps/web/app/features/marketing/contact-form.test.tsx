import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { i18next } from "~/lib/i18n";
import { CONTACT_ENDPOINT, ContactForm } from "./components/contact-form";
import { initContactForm } from "./enhance/contact-form";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

async function fillValid() {
  await userEvent.type(screen.getByLabelText(/Full name/), "Somchai Jaidee");
  await userEvent.type(screen.getByLabelText(/E-mail/), "somchai@example.com");
  await userEvent.selectOptions(screen.getByLabelText(/Topic/), "sales");
  await userEvent.type(screen.getByLabelText(/Message/), "Please quote 100,000 SMS a month.");
}

describe("contact form", () => {
  beforeEach(() => {
    document.documentElement.lang = "en";
    return i18next.changeLanguage("en");
  });

  it("hides the honeypot from people and assistive technology", () => {
    render(<ContactForm locale="en" />);
    const trap = document.querySelector<HTMLInputElement>("input[name=website]");
    expect(trap?.tabIndex).toBe(-1);
    expect(trap?.closest("[aria-hidden=true]")).not.toBeNull();
    expect(screen.queryByRole("textbox", { name: /Website/ })).toBeNull();
  });

  it("posts JSON in the page language and thanks the visitor", async () => {
    const fetchMock = vi.fn(async () => json(202, { data: { received: true } }));
    render(<ContactForm locale="en" />);
    initContactForm(document, fetchMock);
    await fillValid();
    await userEvent.click(screen.getByRole("button", { name: "Send message" }));
    await waitFor(() =>
      expect(screen.getByRole("status")).toHaveTextContent("Thank you, we have your message."),
    );
    expect(fetchMock).toHaveBeenCalledOnce();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(new URL(url).pathname).toBe(CONTACT_ENDPOINT);
    expect(init.headers).toMatchObject({ "accept-language": "en", "content-type": "application/json" });
    expect(JSON.parse(String(init.body))).toMatchObject({
      name: "Somchai Jaidee",
      email: "somchai@example.com",
      topic: "sales",
      website: "",
    });
    expect(screen.getByLabelText(/Full name/)).toHaveValue("");
  });

  it("shows the server's translated field errors beside the fields and focuses the first", async () => {
    const fetchMock = vi.fn(async () =>
      json(400, {
        error: {
          code: "VALIDATION",
          message: "Some fields are invalid. Please check them.",
          details: [
            { path: "email", message: "Please enter a valid e-mail address." },
            { path: "message", message: "Please tell us a little more (at least 10 characters)." },
          ],
        },
      }),
    );
    render(<ContactForm locale="en" />);
    initContactForm(document, fetchMock);
    await fillValid();
    await userEvent.click(screen.getByRole("button", { name: "Send message" }));
    await waitFor(() =>
      expect(screen.getByRole("status")).toHaveTextContent("Please correct the highlighted fields."),
    );
    expect(fetchMock).toHaveBeenCalledOnce();
    const email = screen.getByLabelText(/E-mail/);
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(email).toHaveAccessibleDescription("* Please enter a valid e-mail address.");
    expect(email).toHaveFocus();
    expect(screen.getByLabelText(/Message/)).toHaveAccessibleDescription(/at least 10 characters/);
  });

  it("marks required fields with the app forms' red asterisk", () => {
    render(<ContactForm locale="en" />);
    const name = screen.getByLabelText(/Full name/);
    expect(name).toBeRequired();
    const mark = document.querySelector(`label[for="${name.id}"] [aria-hidden=true]`);
    expect(mark).toHaveTextContent("*");
    expect(mark).toHaveClass("text-red-600");
    expect(screen.getByLabelText(/Phone/)).not.toBeRequired();
  });

  it.each([
    [
      "en",
      {
        name: "* This field is required.",
        email: "* This field is required.",
        topic: "* This field is required.",
        message: "* This field is required.",
      },
    ],
    [
      "th",
      {
        name: "* กรุณากรอกข้อมูล",
        email: "* กรุณากรอกข้อมูล",
        topic: "* กรุณากรอกข้อมูล",
        message: "* กรุณากรอกข้อมูล",
      },
    ],
  ] as const)("checks an empty form in the browser and sends nothing (%s)", async (lang, expected) => {
    document.documentElement.lang = lang;
    await i18next.changeLanguage(lang);
    const fetchMock = vi.fn();
    render(<ContactForm locale={lang} />);
    initContactForm(document, fetchMock);
    await userEvent.click(screen.getByRole("button", { name: lang === "en" ? "Send message" : "ส่งข้อความ" }));
    expect(fetchMock).not.toHaveBeenCalled();
    const shown = Object.fromEntries(
      Array.from(document.querySelectorAll<HTMLElement>("[data-error-for]"))
        .filter((el) => !el.hidden)
        .map((el) => [el.dataset.errorFor, el.textContent]),
    );
    expect(shown).toEqual(expected);
    expect(document.querySelector("[name=name]")).toHaveFocus();
    expect(document.querySelector("[name=name]")).toHaveAttribute("aria-invalid", "true");
  });

  it("refuses markup in the name and a short phone number with the spec's message", async () => {
    const fetchMock = vi.fn();
    render(<ContactForm locale="en" />);
    initContactForm(document, fetchMock);
    await fillValid();
    await userEvent.clear(screen.getByLabelText(/Full name/));
    await userEvent.type(screen.getByLabelText(/Full name/), "Ann <b>");
    await userEvent.type(screen.getByLabelText(/Phone/), "0812");
    await userEvent.click(screen.getByRole("button", { name: "Send message" }));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/Full name/)).toHaveAccessibleDescription("* A name cannot contain < or >.");
    expect(screen.getByLabelText(/Phone/)).toHaveAccessibleDescription(
      "* The phone number must contain 9 or 10 digits.",
    );
  });

  it("blocks Thai letters in the e-mail and says to type in English", async () => {
    render(<ContactForm locale="en" />);
    initContactForm(document, vi.fn());
    const email = screen.getByLabelText(/E-mail/);
    await userEvent.type(email, "annก");
    expect(email).toHaveValue("ann");
    expect(email).toHaveAccessibleDescription(/Type the e-mail in English letters\./);
    await userEvent.type(email, "@x.co");
    expect(email).toHaveValue("ann@x.co");
    expect(email).not.toHaveAccessibleDescription(/English letters/);
  });

  it("shows the rate-limit message from the server", async () => {
    const fetchMock = vi.fn(async () =>
      json(429, {
        error: { code: "RATE_LIMITED", message: "Too many requests. Please wait a moment and try again." },
      }),
    );
    render(<ContactForm locale="en" />);
    initContactForm(document, fetchMock);
    await fillValid();
    await userEvent.click(screen.getByRole("button", { name: "Send message" }));
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("Too many requests."));
    expect(screen.getByRole("button", { name: "Send message" })).toBeEnabled();
  });

  it("falls back to a friendly message when the network fails", async () => {
    render(<ContactForm locale="en" />);
    initContactForm(
      document,
      vi.fn(async () => Promise.reject(new TypeError("offline"))),
    );
    await fillValid();
    await userEvent.click(screen.getByRole("button", { name: "Send message" }));
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("could not be sent"));
  });
});
