import type { TContactSubmission } from "@sms/domain/contracts/marketing";
import { adminEndpoints } from "@sms/domain/endpoints/admin";
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { page } from "../../../../test/factories";
import { apiError, type MockedEndpoint, mockEndpoint } from "../../../../test/msw";
import { renderApp } from "../../../../test/render";
import { ContactSubmissionsTable } from "./contact-submissions-table";

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

let list: MockedEndpoint<typeof adminEndpoints.listContactSubmissions>;

function answer(entities: TContactSubmission[], current = 1, totalItem = entities.length) {
  list = mockEndpoint(
    adminEndpoints.listContactSubmissions,
    page(entities, {
      page: current,
      size: 20,
      total_item: totalItem,
      total_pages: Math.max(1, Math.ceil(totalItem / 20)),
    }),
  );
}

const renderAt = (path: string) =>
  renderApp(<ContactSubmissionsTable />, { path, pattern: "/en/admin/contact-submissions" });

const lastQuery = () => list.lastCall?.query;

describe("ContactSubmissionsTable", () => {
  it("asks for the newest first and shows the messages in a table", async () => {
    answer([submission(2, "Boon"), submission(1, "Anong")]);
    await renderAt("/en/admin/contact-submissions");
    await screen.findByText("Boon");
    const table = screen.getByRole("table", { name: "Contact messages" });
    expect(lastQuery()).toMatchObject({ page: 1, size: 20, sort: "created_at", reverse: true });
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
    answer([submission(1, "Anong")]);
    const { router, user } = await renderAt("/en/admin/contact-submissions?page=2");
    await screen.findByText("Anong");
    await user.click(screen.getByRole("button", { name: "Name" }));
    expect(router.state.location.search).toBe("?sort=name&reverse=false");
    await vi.waitFor(() =>
      expect(lastQuery()).toMatchObject({ page: 1, size: 20, sort: "name", reverse: false }),
    );
    expect(screen.getByRole("columnheader", { name: /Name/ })).toHaveAttribute("aria-sort", "ascending");
  });

  it("opens the view a shared link describes", async () => {
    answer([submission(1, "Anong")], 3, 75);
    await renderAt("/en/admin/contact-submissions?sort=email&reverse=true&page=3");
    await screen.findByText("Anong");
    expect(lastQuery()).toMatchObject({ page: 3, size: 20, sort: "email", reverse: true });
    expect(screen.getByRole("link", { name: "Page 3" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("link", { name: "Page 4" })).toHaveAttribute(
      "href",
      "/en/admin/contact-submissions?sort=email&reverse=true&page=4",
    );
  });

  it("says when there is nothing yet", async () => {
    answer([]);
    await renderAt("/en/admin/contact-submissions");
    expect(await screen.findByText("No messages yet.")).toBeInTheDocument();
  });

  it("shows the server's error and retries", async () => {
    answer([submission(1, "Anong")]);
    mockEndpoint(adminEndpoints.listContactSubmissions, apiError(500, "INTERNAL", "Please try later."), {
      once: true,
    });
    const { user } = await renderAt("/en/admin/contact-submissions");
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Please try later.");
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
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
    answer([boon, anong]);
    const update = mockEndpoint(adminEndpoints.updateContactSubmission, {
      data: { ...boon, status: "answered" },
    });
    const { user, router } = await renderAt("/en/admin/contact-submissions");
    expect(await screen.findByTestId("contact-status-2")).toHaveTextContent("New");
    expect(screen.getByTestId("contact-status-2")).toHaveTextContent("Looked after by Nok Staff");
    expect(screen.getByTestId("contact-status-1")).toHaveTextContent("Answered");
    expect(screen.getByRole("link", { name: "Reply by e-mail to Boon" })).toHaveAttribute(
      "href",
      expect.stringMatching(/^mailto:boon@example\.com\?subject=Re%3A%20your%20question/),
    );
    await user.click(screen.getByRole("button", { name: "Mark answered: the message of Boon" }));
    await vi.waitFor(() =>
      expect(update.calls).toMatchObject([{ params: { id: 2 }, body: { status: "answered" } }]),
    );
    expect(screen.getByRole("button", { name: "Mark as new: the message of Anong" })).toBeInTheDocument();

    await user.selectOptions(screen.getByRole("combobox", { name: "Show" }), "new");
    await vi.waitFor(() => expect(lastQuery()).toMatchObject({ status: "new" }));
    expect(router.state.location.search).toContain("status=new");
  });
});
