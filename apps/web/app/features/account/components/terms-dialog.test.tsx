import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { Toaster } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18next } from "~/lib/i18n";
import { session } from "~/lib/session";
import { TermsDialog } from "./terms-dialog";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** jsdom has no layout: give the body a tall text in a 700 px box. */
function fakeScrollBox(el: HTMLElement, scrollTop: number) {
  Object.defineProperty(el, "scrollHeight", { configurable: true, value: 2000 });
  Object.defineProperty(el, "clientHeight", { configurable: true, value: 700 });
  Object.defineProperty(el, "scrollTop", { configurable: true, writable: true, value: scrollTop });
}

function renderDialog(onAccepted = vi.fn(), path = "/en/dashboard", changeNote: string | null = null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: "*",
        element: (
          <QueryClientProvider client={client}>
            <TermsDialog isOpen version="2.1" changeNote={changeNote} onAccepted={onAccepted} />
            <Toaster />
          </QueryClientProvider>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return { onAccepted };
}

let fetchMock: ReturnType<typeof vi.fn>;
let originalHeight: PropertyDescriptor | undefined;

beforeEach(async () => {
  await i18next.changeLanguage("en");
  window.history.replaceState(null, "", "/en/dashboard");
  localStorage.clear();
  session.set({ token: "access", refresh_token: "refresh" });
  fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.endsWith("/c/me/tnc"))
      return json(200, { data: { version: "2.1", accepted_at: new Date().toISOString() } });
    if (url.endsWith("/c/me")) return json(200, { data: {} });
    return json(404, { error: { code: "NOT_FOUND", message: "nope" } });
  });
  vi.stubGlobal("fetch", fetchMock);
  // Before the first layout the body is "not scrolled": a tall text.
  originalHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, "scrollHeight");
  Object.defineProperty(HTMLElement.prototype, "scrollHeight", { configurable: true, get: () => 2000 });
  Object.defineProperty(HTMLElement.prototype, "clientHeight", { configurable: true, get: () => 700 });
});

afterEach(() => {
  vi.unstubAllGlobals();
  if (originalHeight) Object.defineProperty(HTMLElement.prototype, "scrollHeight", originalHeight);
  else Reflect.deleteProperty(HTMLElement.prototype, "scrollHeight");
  Reflect.deleteProperty(HTMLElement.prototype, "clientHeight");
});

describe("TermsDialog", () => {
  it("keeps Accept disabled until the terms are scrolled to the bottom", async () => {
    renderDialog();
    const accept = await screen.findByRole("button", { name: "Accept" });
    expect(screen.getByRole("dialog")).toHaveAccessibleName("Terms and conditions of service");
    await act(() => new Promise((r) => requestAnimationFrame(() => r(null))));
    expect(accept).toBeDisabled();

    const body = screen.getByTestId("terms-body");
    fakeScrollBox(body, 600);
    fireEvent.scroll(body);
    expect(accept).toBeDisabled();

    fakeScrollBox(body, 1300);
    fireEvent.scroll(body);
    expect(accept).toBeEnabled();
    expect(screen.getByText("Thank you for reading. You can accept now.")).toBeInTheDocument();
  });

  it("shows all 13 sections of the terms", async () => {
    renderDialog();
    await screen.findByRole("dialog");
    expect(screen.getAllByRole("heading", { level: 3 })).toHaveLength(13);
  });

  it("says first what changed in this version, when staff said it (review D69)", async () => {
    renderDialog(vi.fn(), "/en/dashboard", "Refunds now count from the send.");
    const note = await screen.findByTestId("terms-change-note");
    expect(note).toHaveTextContent("What changed in version 2.1");
    expect(note).toHaveTextContent("Refunds now count from the send.");
  });

  it("shows no change note when there is none", async () => {
    renderDialog();
    await screen.findByTestId("terms-body");
    expect(screen.queryByTestId("terms-change-note")).not.toBeInTheDocument();
  });

  it("cannot be closed with Escape or by clicking outside", async () => {
    renderDialog();
    const dialog = await screen.findByRole("dialog");
    await userEvent.keyboard("{Escape}");
    fireEvent.pointerDown(document.body);
    fireEvent.pointerUp(document.body);
    fireEvent.click(document.body);
    expect(dialog).toBeInTheDocument();
  });

  it("sends the version, reloads the user and closes", async () => {
    const { onAccepted } = renderDialog();
    const body = await screen.findByTestId("terms-body");
    fakeScrollBox(body, 1300);
    fireEvent.scroll(body);
    await userEvent.click(screen.getByRole("button", { name: "Accept" }));
    await waitFor(() => expect(onAccepted).toHaveBeenCalledTimes(1));
    const tnc = fetchMock.mock.calls.find(([url]) => String(url).endsWith("/c/me/tnc"));
    const init = (tnc?.[1] ?? {}) as RequestInit;
    expect(JSON.parse(String(init.body))).toEqual({ version: "2.1" });
    expect((init.headers as Record<string, string>).Authorization).toBe("Bearer access");
  });

  it("shows the server's message in a toast when accepting fails", async () => {
    fetchMock.mockImplementation(async () =>
      json(409, { error: { code: "CONFLICT", message: "The terms and conditions have changed." } }),
    );
    const { onAccepted } = renderDialog();
    const body = await screen.findByTestId("terms-body");
    fakeScrollBox(body, 1300);
    fireEvent.scroll(body);
    await userEvent.click(screen.getByRole("button", { name: "Accept" }));
    expect(await screen.findByText("The terms and conditions have changed.")).toBeInTheDocument();
    expect(onAccepted).not.toHaveBeenCalled();
  });

  it("falls back to the translated general error", async () => {
    fetchMock.mockImplementation(async () => new Response("", { status: 500 }));
    renderDialog();
    const body = await screen.findByTestId("terms-body");
    fakeScrollBox(body, 1300);
    fireEvent.scroll(body);
    await userEvent.click(screen.getByRole("button", { name: "Accept" }));
    expect(await screen.findByText("Something went wrong. Please try again.")).toBeInTheDocument();
  });

  it("can be declined: signs out and tells the sign-in page why (review D9)", async () => {
    renderDialog();
    await userEvent.click(screen.getByRole("button", { name: "Decline and sign out" }));
    await waitFor(() => expect(session.get()).toBeNull());
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("/api/v1/c/me/logout");
    expect(init.method).toBe("POST");
    expect(sessionStorage.getItem("signed_out_reason")).toBe("terms_declined");
  });
});
