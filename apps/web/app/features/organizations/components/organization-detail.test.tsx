import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppProviders } from "~/components/layout/app-providers";
import { CurrentUserProvider } from "~/features/account";
import { i18next } from "~/lib/i18n";
import { session } from "~/lib/session";
import { OrganizationDetail } from "./organization-detail";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const ME = {
  id: 1,
  first_name: "Olivia",
  last_name: "Owner",
  email: "olivia@example.com",
  phone_number: "66812345678",
  roles: [1],
  default_organization_id: 5,
  default_organization: {
    id: 5,
    name: "Acme",
    credits: 1_234_567,
    credit_expired_on: null,
    credit_trial_redeemed_at: null,
  },
  tnc_log: null,
  tnc_version: null,
  tnc_accepted_at: null,
  phone_number_verified_at: null,
  email_verified_at: null,
};

const organization = (role: number) => ({
  id: 5,
  name: "Acme",
  owner: { id: 1, name: "Olivia Owner", email: "olivia@example.com" },
  credits: 1_234_567,
  credit_expired_on: "2027-03-01T00:00:00.000Z",
  credit_trial_redeemed_at: null,
  members_count: 2,
  member_role: role,
  is_current: true,
  suspension: null,
});

const member = (
  id: number,
  userId: number,
  name: string,
  role: number,
  usage: number | null,
  isOwner = false,
) => ({
  id,
  user_id: userId,
  name,
  email: `${name.split(" ")[0]?.toLowerCase()}@example.com`,
  role,
  credit_usage: usage,
  is_owner: isOwner,
  created_at: "2026-11-01T00:00:00.000Z",
});

const invitation = (id: number, email: string, role: number, status = "pending") => ({
  id,
  email,
  role,
  status,
  invited_by: { id: 1, name: "Olivia Owner" },
  created_at: "2026-11-20T03:00:00.000Z",
  expires_at: "2026-12-04T03:00:00.000Z",
  declined_at: status === "declined" ? "2026-11-21T03:00:00.000Z" : null,
});

function renderDetail(role: number, usage: number | null, invitations: ReturnType<typeof invitation>[] = []) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? "GET";
      calls.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : null });
      if (url.endsWith("/c/me")) return json(200, { data: ME });
      if (url.includes("/credit-usage-summary")) {
        return json(200, { data: { total: (usage ?? 0) + 7, members: usage ?? 0, unattributed: 7 } });
      }
      if (method === "PATCH" && url.includes("/members/")) {
        const body = JSON.parse(String(init?.body)) as { role: number };
        return json(200, { data: member(11, 2, "Mark Member", body.role, usage) });
      }
      if (method === "POST") {
        return json(201, {
          data: {
            status: "invited",
            message:
              "An invitation was sent to new@example.com. They become a member once they sign in and accept it.",
            member: null,
          },
        });
      }
      if (method === "DELETE" && url.includes("/invitations/")) {
        return json(200, { data: { message: "Invitation cancelled." } });
      }
      if (method === "DELETE") return json(200, { data: { message: "Member deleted." } });
      if (url.includes("/invitations")) {
        // A cancelled invitation no longer lists.
        const entities = invitations.filter(
          (i) => !calls.some((c) => c.method === "DELETE" && c.url.endsWith(`/invitations/${i.id}`)),
        );
        return json(200, {
          data: {
            entities,
            page_information: {
              page: 1,
              size: 100,
              total_item: entities.length,
              total_pages: 1,
              limit: 5,
            },
          },
        });
      }
      if (url.includes("/members")) {
        const entities = [
          member(10, 1, "Olivia Owner", 100, usage === null ? null : 0, true),
          member(11, 2, "Mark Member", 1, usage),
        ];
        return json(200, {
          data: {
            entities,
            page_information: { page: 1, size: 10, total_item: 2, total_pages: 1, limit: 5 },
          },
        });
      }
      return json(200, { data: organization(role) });
    }),
  );
  const router = createMemoryRouter(
    [
      {
        path: "/en/organizations/5",
        element: (
          <AppProviders>
            <CurrentUserProvider>
              <OrganizationDetail id={5} />
            </CurrentUserProvider>
          </AppProviders>
        ),
      },
    ],
    { initialEntries: ["/en/organizations/5"] },
  );
  render(<RouterProvider router={router} />);
  return calls;
}

beforeEach(async () => {
  await i18next.changeLanguage("en");
  localStorage.clear();
  session.set({ token: "access", refresh_token: "refresh" });
});
afterEach(() => vi.unstubAllGlobals());

describe("the organization page", () => {
  it("shows the owner's view: credits with separators, expiry, members with usage", async () => {
    renderDetail(100, 12_500);
    expect(await screen.findByTestId("organization-name")).toHaveTextContent("Acme");
    expect(screen.getByTestId("organization-credits")).toHaveTextContent("1,234,567");
    expect(screen.getByTestId("organization-expiry")).toHaveTextContent("01 Mar 2027");
    const table = await screen.findByRole("table", { name: "Members" });
    const row = within(table).getByText("Mark Member").closest("tr");
    expect(row).toHaveTextContent("12,500");
    expect(row).toHaveTextContent("Member");
    expect(screen.getByRole("button", { name: "Rename" })).toBeInTheDocument();
    // The organization's owner has no delete button; the other member has.
    expect(screen.getAllByRole("button", { name: /^Delete / })).toHaveLength(1);
  });

  it("adds the members' usage up to the organization's with an API / system line", async () => {
    renderDetail(100, 12_500);
    const summary = await screen.findByTestId("usage-summary");
    expect(summary).toHaveTextContent("Used by members (less refunds)12,500");
    expect(summary).toHaveTextContent("API / system (API keys, OTP, former members)7");
    expect(summary).toHaveTextContent("Organization's total usage12,507");
  });

  it("changes a member's role after choosing it, and never offers it on the owner's own row", async () => {
    const calls = renderDetail(100, 0);
    const table = await screen.findByRole("table", { name: "Members" });
    expect(within(table).getAllByRole("button", { name: /^Change role of / })).toHaveLength(1);
    await userEvent.click(within(table).getByRole("button", { name: "Change role of Mark Member" }));
    const dialog = await screen.findByRole("dialog", { name: "Change the role of Mark Member" });
    const save = within(dialog).getByRole("button", { name: "Save role" });
    expect(save).toBeDisabled();
    await userEvent.selectOptions(within(dialog).getByLabelText(/Role/), "2");
    await userEvent.click(save);
    await waitFor(() => expect(calls.some((c) => c.method === "PATCH")).toBe(true));
    const patch = calls.find((c) => c.method === "PATCH");
    expect(patch?.url).toMatch(/\/c\/organizations\/5\/members\/11$/);
    expect(patch?.body).toEqual({ role: 2 });
    expect(await screen.findByText("Mark Member is now Account Service.")).toBeInTheDocument();
  });

  it("invites a member by e-mail with the chosen role and says they join once they accept", async () => {
    const calls = renderDetail(100, 0);
    await userEvent.click(await screen.findByRole("button", { name: "Invite member" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("become a member only once they accept it after signing in");
    await userEvent.type(within(dialog).getByLabelText(/E-mail/), "new@example.com");
    await userEvent.selectOptions(within(dialog).getByLabelText(/Role/), "2");
    await userEvent.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    const post = calls.find((c) => c.method === "POST");
    expect(post?.url).toMatch(/\/c\/organizations\/5\/members$/);
    expect(post?.body).toEqual({ email: "new@example.com", role: 2 });
    expect(
      await screen.findByText(
        "An invitation was sent to new@example.com. They become a member once they sign in and accept it.",
      ),
    ).toBeInTheDocument();
  });

  it("refuses an invalid e-mail before calling the server", async () => {
    const calls = renderDetail(100, 0);
    await userEvent.click(await screen.findByRole("button", { name: "Invite member" }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.type(within(dialog).getByLabelText(/E-mail/), "not-an-email");
    await userEvent.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    expect(await within(dialog).findByText(/The e-mail address is invalid/)).toBeInTheDocument();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("deletes a member only after confirmation", async () => {
    const calls = renderDetail(100, 0);
    await userEvent.click(await screen.findByRole("button", { name: "Delete Mark Member" }));
    const confirm = await screen.findByRole("alertdialog");
    expect(confirm).toHaveTextContent("Mark Member (mark@example.com)");
    await userEvent.click(within(confirm).getByRole("button", { name: "Cancel" }));
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);

    await userEvent.click(screen.getByRole("button", { name: "Delete Mark Member" }));
    await userEvent.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete" }),
    );
    await waitFor(() => expect(calls.some((c) => c.method === "DELETE")).toBe(true));
    expect(calls.find((c) => c.method === "DELETE")?.url).toMatch(/\/c\/organizations\/5\/members\/11$/);
    expect(await screen.findByText("Member deleted.")).toBeInTheDocument();
  });

  it("shows a plain member neither rename, add, delete nor usage", async () => {
    const calls = renderDetail(1, null);
    expect(await screen.findByTestId("organization-name")).toHaveTextContent("Acme");
    await screen.findByRole("table", { name: "Members" });
    expect(screen.queryByRole("button", { name: "Rename" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Invite member" })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Delete / })).toBeNull();
    expect(screen.queryByText("Credit usage")).toBeNull();
    expect(screen.queryByText("Invitations")).toBeNull();
    expect(calls.some((c) => c.url.includes("/invitations"))).toBe(false);
  });

  it("lists invitations with their status to the owner and revokes one after confirmation", async () => {
    const calls = renderDetail(100, 0, [
      invitation(7, "new@example.com", 2),
      invitation(6, "old@example.com", 1, "expired"),
      invitation(5, "no@example.com", 1, "declined"),
    ]);
    const table = await screen.findByRole("table", { name: "Invitations" });
    const row = (await within(table).findByText("new@example.com")).closest("tr");
    expect(row).toHaveTextContent("Account Service");
    expect(row).toHaveTextContent("Waiting for an answer");
    expect(row).toHaveTextContent("Olivia Owner");
    expect(row).toHaveTextContent("20 Nov 2026");
    expect(row).toHaveTextContent("04 Dec 2026");
    expect(within(table).getByText("old@example.com").closest("tr")).toHaveTextContent("Expired");
    expect(within(table).getByText("no@example.com").closest("tr")).toHaveTextContent("Declined");

    await userEvent.click(screen.getByRole("button", { name: "Revoke the invitation to new@example.com" }));
    const confirm = await screen.findByRole("alertdialog");
    expect(confirm).toHaveTextContent("new@example.com will no longer be able to accept it.");
    await userEvent.click(within(confirm).getByRole("button", { name: "Keep" }));
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);

    await userEvent.click(screen.getByRole("button", { name: "Revoke the invitation to new@example.com" }));
    await userEvent.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Revoke" }),
    );
    await waitFor(() => expect(calls.some((c) => c.method === "DELETE")).toBe(true));
    expect(calls.find((c) => c.method === "DELETE")?.url).toMatch(/\/c\/organizations\/5\/invitations\/7$/);
    expect(await screen.findByText("Invitation cancelled.")).toBeInTheDocument();
    await waitFor(() => expect(within(table).queryByText("new@example.com")).toBeNull());
    expect(within(table).getByText("old@example.com")).toBeInTheDocument();
  });

  it("refuses a name with a link before calling the server", async () => {
    const calls = renderDetail(100, 0);
    await userEvent.click(await screen.findByRole("button", { name: "Rename" }));
    const name = screen.getByLabelText(/^Name/);
    await userEvent.clear(name);
    await userEvent.type(name, "Verify at scb-verify.example");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(/A name cannot contain a web address or a domain/)).toBeInTheDocument();
    expect(calls.some((c) => c.method === "PATCH")).toBe(false);
  });

  it("says when there is no open invitation", async () => {
    renderDetail(100, 0);
    expect(await screen.findByText("No open invitations.")).toBeInTheDocument();
  });
});
