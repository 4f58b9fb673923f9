import type { TAdminUserDetail } from "@sms/domain/contracts/admin";
import { adminEndpoints } from "@sms/domain/endpoints/admin";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, mockEndpoint } from "../../../../test/msw";
import { renderApp } from "../../../../test/render";
import { UserDetail } from "./user-detail";

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

const renderDetail = (id = 5) => renderApp(<UserDetail id={id} />, { path: "/en/admin/users/5" });

describe("UserDetail", () => {
  it("shows the phone as people write it, the lock, sessions and linked organizations", async () => {
    mockEndpoint(adminEndpoints.getUser, { data: account() });
    await renderDetail();
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
    let stored = account();
    mockEndpoint(adminEndpoints.getUser, () => ({ data: stored }));
    const unlock = mockEndpoint(adminEndpoints.unlockUser, () => {
      stored = account({ locked: false, locked_at: null });
      return { data: stored };
    });
    const { user } = await renderDetail();
    await user.click(await screen.findByTestId("user-action-unlock"));
    const confirm = await screen.findByRole("alertdialog", { name: "Unlock Somchai Jaidee's account?" });
    expect(confirm).toHaveTextContent("somchai@example.com");
    expect(unlock.calls).toHaveLength(0);

    await user.click(within(confirm).getByTestId("confirm"));
    expect(await screen.findByText("The account is not locked.")).toBeInTheDocument();
    expect(unlock.calls.map((call) => call.params)).toEqual([{ id: 5 }]);
    expect(screen.getByTestId("user-action-unlock")).toBeDisabled();
    expect(screen.queryByTestId("user-locked")).not.toBeInTheDocument();
  });

  it("keeps the dialog open with the server's reason when an action is refused", async () => {
    mockEndpoint(adminEndpoints.getUser, { data: account({ open_sessions: 2 }) });
    mockEndpoint(
      adminEndpoints.endUserSessions,
      apiError(409, "CONFLICT", "This user is not signed in anywhere."),
    );
    const { user } = await renderDetail();
    await user.click(await screen.findByTestId("user-action-endSessions"));
    const confirm = await screen.findByRole("alertdialog", { name: "Sign Somchai Jaidee out everywhere?" });
    await user.click(within(confirm).getByTestId("confirm"));
    expect(await within(confirm).findByRole("alert")).toHaveTextContent(
      "This user is not signed in anywhere.",
    );
  });

  it("says so when the user does not exist", async () => {
    mockEndpoint(adminEndpoints.getUser, apiError(404, "NOT_FOUND", "Not found"));
    await renderDetail();
    expect(await screen.findByRole("alert")).toHaveTextContent("Not found: it may have been removed.");
  });

  it("never asks for an impossible id", async () => {
    const get = mockEndpoint(adminEndpoints.getUser, { data: account() });
    await renderDetail(0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(get.calls).toHaveLength(0);
  });
});
