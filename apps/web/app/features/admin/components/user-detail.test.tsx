import type { TAdminUserDetail } from "@sms/domain/contracts/admin";
import { adminEndpoints } from "@sms/domain/endpoints/admin";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, api } from "~/lib/api-client";
import { i18next } from "~/lib/i18n";
import { UserDetail } from "./user-detail";

vi.mock("~/lib/api-client", async (original) => ({
  ...(await original<typeof import("~/lib/api-client")>()),
  api: { call: vi.fn() },
}));
const call = vi.mocked(api.call);

const account = (overrides: Partial<TAdminUserDetail> = {}): TAdminUserDetail => ({
  id: 5,
  first_name: "Somchai",
  last_name: "Jaidee",
  email: "somchai@example.com",
  phone_number: "66812345678",
  roles: [1],
  email_verified: true,
  phone_verified: true,
  locked: true,
  organizations_count: 2,
  created_at: "2026-01-02T03:00:00.000Z",
  locked_at: "2026-11-20T03:00:00.000Z",
  open_sessions: 0,
  last_sign_in_at: "2026-11-19T03:00:00.000Z",
  memberships: [
    { organization_id: 7, name: "Acme Widgets", role: 100 },
    { organization_id: 9, name: "Beta Logistics", role: 2 },
  ],
  ...overrides,
});

function renderDetail(id = 5) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: "/en/admin/users/5", element: <UserDetail id={id} /> }], {
    initialEntries: ["/en/admin/users/5"],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe("UserDetail", () => {
  beforeEach(async () => {
    call.mockReset();
    await i18next.changeLanguage("en");
  });
  afterEach(() => i18next.changeLanguage("th"));

  it("shows the phone as people write it, the lock, sessions and linked organizations", async () => {
    call.mockResolvedValue({ data: account() } as never);
    renderDetail();
    expect(await screen.findByRole("heading", { name: "Somchai Jaidee" })).toBeInTheDocument();
    expect(screen.getByTestId("user-phone")).toHaveTextContent("0812345678");
    expect(screen.getByTestId("user-locked")).toHaveTextContent("Locked");
    const organizations = screen.getByRole("table", { name: "Organizations" });
    expect(within(organizations).getByRole("link", { name: "Acme Widgets" })).toHaveAttribute(
      "href",
      "/en/admin/organizations/7",
    );
    expect(within(organizations).getByText("Owner")).toBeInTheDocument();
    // Only what applies can be done: nobody is signed in, both are verified.
    expect(screen.getByTestId("user-action-unlock")).toBeEnabled();
    expect(screen.getByTestId("user-action-endSessions")).toBeDisabled();
    expect(screen.getByText("Not signed in anywhere.")).toBeInTheDocument();
    expect(screen.getByTestId("user-action-remindVerification")).toBeDisabled();
  });

  it("unlocks only after a confirmation, then shows the account unlocked", async () => {
    const user = userEvent.setup();
    call.mockResolvedValue({ data: account() } as never);
    renderDetail();
    await user.click(await screen.findByTestId("user-action-unlock"));
    const confirm = await screen.findByRole("alertdialog", { name: "Unlock Somchai Jaidee's account?" });
    expect(confirm).toHaveTextContent("somchai@example.com");
    expect(call.mock.calls.some(([endpoint]) => endpoint === adminEndpoints.unlockUser)).toBe(false);

    call.mockResolvedValue({ data: account({ locked: false, locked_at: null }) } as never);
    await user.click(within(confirm).getByTestId("confirm"));
    const unlock = call.mock.calls.find(([endpoint]) => endpoint === adminEndpoints.unlockUser);
    expect(unlock?.[1]).toEqual({ params: { id: 5 } });
    expect(await screen.findByText("The account is not locked.")).toBeInTheDocument();
    expect(screen.getByTestId("user-action-unlock")).toBeDisabled();
    expect(screen.queryByTestId("user-locked")).not.toBeInTheDocument();
  });

  it("keeps the dialog open with the server's reason when an action is refused", async () => {
    const user = userEvent.setup();
    call.mockResolvedValue({ data: account({ open_sessions: 2 }) } as never);
    renderDetail();
    await user.click(await screen.findByTestId("user-action-endSessions"));
    const confirm = await screen.findByRole("alertdialog", { name: "Sign Somchai Jaidee out everywhere?" });
    call.mockRejectedValueOnce(new ApiError(409, "CONFLICT", "This user is not signed in anywhere."));
    await user.click(within(confirm).getByTestId("confirm"));
    expect(await within(confirm).findByRole("alert")).toHaveTextContent(
      "This user is not signed in anywhere.",
    );
  });

  it("says so when the user does not exist, and never asks for an impossible id", async () => {
    call.mockRejectedValue(new ApiError(404, "NOT_FOUND", "Not found"));
    renderDetail();
    expect(await screen.findByRole("alert")).toHaveTextContent("Not found: it may have been removed.");
    call.mockClear();
    renderDetail(0);
    expect(call).not.toHaveBeenCalled();
  });
});
