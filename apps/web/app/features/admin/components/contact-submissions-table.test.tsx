import type { TContactSubmission } from "@sms/domain/contracts/marketing";
import { adminEndpoints } from "@sms/domain/endpoints/admin";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "~/lib/api-client";
import { i18next } from "~/lib/i18n";
import { ContactSubmissionsTable } from "./contact-submissions-table";

vi.mock("~/lib/api-client", () => ({ api: { call: vi.fn() } }));
const call = vi.mocked(api.call);

const submission = (id: number, name: string): TContactSubmission => ({
  id,
  name,
  email: `${name.toLowerCase()}@example.com`,
  phone: "0812345678",
  company: null,
  topic: "sales",
  message: `Hello from ${name}`,
  locale: "en",
  created_at: `2026-05-0${id}T03:00:00.000Z`,
  emailed_at: null,
  status: "new",
  assignee: null,
  answered_at: null,
});

function answer(entities: TContactSubmission[], page = 1, totalItem = entities.length) {
  return {
    data: {
      entities,
      page_information: {
        page,
        size: 20,
        total_item: totalItem,
        total_pages: Math.max(1, Math.ceil(totalItem / 20)),
        limit: 5,
      },
    },
  } as never;
}

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [{ path: "/en/admin/contact-submissions", element: <ContactSubmissionsTable /> }],
    {
      initialEntries: [url],
    },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const lastQuery = () => (call.mock.lastCall?.[1] as { query: unknown } | undefined)?.query;

describe("ContactSubmissionsTable", () => {
  beforeEach(async () => {
    call.mockReset();
    await i18next.changeLanguage("en");
  });
  afterEach(() => i18next.changeLanguage("th"));

  it("asks for the newest first and shows the messages in a table", async () => {
    call.mockResolvedValue(answer([submission(2, "Boon"), submission(1, "Anong")]));
    renderAt("/en/admin/contact-submissions");
    await screen.findByText("Boon");
    const table = screen.getByRole("table", { name: "Contact messages" });
    expect(lastQuery()).toEqual({ page: 1, size: 20, sort: "created_at", reverse: true });
    expect(within(table).getByRole("columnheader", { name: /Received/ })).toHaveAttribute(
      "aria-sort",
      "descending",
    );
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent("Boon");
    expect(rows[0]).toHaveTextContent("boon@example.com");
    expect(rows[0]).toHaveTextContent("Prices and packages");
  });

  it("sorts on the server from the header and keeps the order in the URL", async () => {
    call.mockResolvedValue(answer([submission(1, "Anong")]));
    const router = renderAt("/en/admin/contact-submissions?page=2");
    await screen.findByText("Anong");
    await userEvent.click(screen.getByRole("button", { name: "Name" }));
    expect(router.state.location.search).toBe("?sort=name&reverse=false");
    await vi.waitFor(() => expect(lastQuery()).toEqual({ page: 1, size: 20, sort: "name", reverse: false }));
    expect(screen.getByRole("columnheader", { name: /Name/ })).toHaveAttribute("aria-sort", "ascending");
  });

  it("opens the view a shared link describes", async () => {
    call.mockResolvedValue(answer([submission(1, "Anong")], 3, 75));
    renderAt("/en/admin/contact-submissions?sort=email&reverse=true&page=3");
    await screen.findByText("Anong");
    expect(lastQuery()).toEqual({ page: 3, size: 20, sort: "email", reverse: true });
    expect(screen.getByRole("link", { name: "Page 3" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("link", { name: "Page 4" })).toHaveAttribute(
      "href",
      "/en/admin/contact-submissions?sort=email&reverse=true&page=4",
    );
  });

  it("says when there is nothing yet", async () => {
    call.mockResolvedValue(answer([]));
    renderAt("/en/admin/contact-submissions");
    expect(await screen.findByText("No messages yet.")).toBeInTheDocument();
  });

  it("shows the server's error and retries", async () => {
    call
      .mockRejectedValueOnce(new Error("Please sign in."))
      .mockResolvedValue(answer([submission(1, "Anong")]));
    renderAt("/en/admin/contact-submissions");
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Please sign in.");
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Anong")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows each message's status and who looks after it, marks one answered and filters by status (D70)", async () => {
    const boon = { ...submission(2, "Boon"), assignee: { id: 7, name: "Nok Staff" } };
    const anong = {
      ...submission(1, "Anong"),
      status: "answered" as const,
      answered_at: "2026-05-02T04:00:00.000Z",
    };
    call.mockImplementation((async (endpoint: unknown) => {
      if (endpoint === adminEndpoints.updateContactSubmission)
        return { data: { ...boon, status: "answered" } };
      return answer([boon, anong]);
    }) as never);
    const user = userEvent.setup();
    const router = renderAt("/en/admin/contact-submissions");
    expect(await screen.findByTestId("contact-status-2")).toHaveTextContent("New");
    expect(screen.getByTestId("contact-status-2")).toHaveTextContent("Looked after by Nok Staff");
    expect(screen.getByTestId("contact-status-1")).toHaveTextContent("Answered");
    expect(screen.getByRole("link", { name: "Reply by e-mail to Boon" })).toHaveAttribute(
      "href",
      expect.stringMatching(/^mailto:boon@example\.com\?subject=Re%3A%20your%20question/),
    );
    await user.click(screen.getByRole("button", { name: "Mark answered: the message of Boon" }));
    await vi.waitFor(() =>
      expect(call).toHaveBeenCalledWith(adminEndpoints.updateContactSubmission, {
        params: { id: 2 },
        body: { status: "answered" },
      }),
    );
    expect(screen.getByRole("button", { name: "Mark as new: the message of Anong" })).toBeInTheDocument();

    await user.selectOptions(screen.getByRole("combobox", { name: "Show" }), "new");
    await vi.waitFor(() => expect(lastQuery()).toMatchObject({ status: "new" }));
    expect(router.state.location.search).toContain("status=new");
  });
});
