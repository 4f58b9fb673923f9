import type { TOrganizationListItem } from "@sms/domain/contracts/organizations";
import { organizationsEndpoints } from "@sms/domain/endpoints/organizations";
import { MEMBER_ROLE } from "@sms/domain/roles";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Sidebar } from "~/components/layout/sidebar";
import { mockEndpoint } from "../../../../test/msw";
import { renderApp } from "../../../../test/render";
import { useCurrentMemberCan } from "./list-organizations";

const organization = (id: number, role: number, current: boolean): TOrganizationListItem => ({
  id,
  name: `Organization ${id}`,
  owner: { id: 1, name: "Malee Jaidee" },
  credits: 100,
  credit_expired_on: null,
  member_role: role,
  current_member: current ? { id: 40 + id } : null,
});

function Menu() {
  const can = useCurrentMemberCan();
  return (
    <>
      <output data-testid="rights">{can ? "known" : "waiting"}</output>
      <Sidebar can={can} />
    </>
  );
}

async function messagesMenu(entities: TOrganizationListItem[]) {
  mockEndpoint(organizationsEndpoints.list, {
    data: {
      entities,
      page_information: { page: 1, size: 100, total_pages: 1, total_item: entities.length, limit: 5 },
    },
  });
  await renderApp(<Menu />, { path: "/en/dashboard" });
  await vi.waitFor(() => expect(screen.getByTestId("rights")).toHaveTextContent("known"));
  await userEvent.click(screen.getByRole("button", { name: "Messages" }));
}

describe("the menu follows the member's rights in its current organization", () => {
  it("shows the inbox to the current organization's owner, whatever the user's role elsewhere", async () => {
    await messagesMenu([
      organization(1, MEMBER_ROLE.member, false),
      organization(2, MEMBER_ROLE.owner, true),
    ]);
    expect(screen.getByRole("link", { name: "Inbox" })).toBeInTheDocument();
  });

  it("leaves the inbox out for a plain member of the current organization", async () => {
    await messagesMenu([
      organization(1, MEMBER_ROLE.owner, false),
      organization(2, MEMBER_ROLE.member, true),
    ]);
    expect(screen.getByRole("link", { name: "Instant" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Inbox" })).not.toBeInTheDocument();
  });
});
