import { contactsEndpoints } from "@sms/domain/endpoints/contacts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "~/lib/api-client";
import { i18next } from "~/lib/i18n";
import { aGroup, pageOf, renderAt, routeOf } from "../lib/test-contacts";
import { GroupsTable } from "./groups-table";

vi.mock("~/lib/api-client", async (original) => ({
  ...(await original<typeof import("~/lib/api-client")>()),
  api: { call: vi.fn() },
}));
const call = vi.mocked(api.call);

beforeEach(async () => {
  await i18next.changeLanguage("en");
  call.mockImplementation((async (endpoint: Parameters<typeof api.call>[0]) => {
    if (routeOf(endpoint) === routeOf(contactsEndpoints.listGroups))
      return pageOf([aGroup(), aGroup({ id: 8, name: "Staff", contact_count: 3 })]);
    if (routeOf(endpoint) === routeOf(contactsEndpoints.deleteGroup)) return { data: { id: 7 } };
    throw new Error(`unexpected ${routeOf(endpoint)}`);
  }) as never);
});
afterEach(() => vi.clearAllMocks());

describe("GroupsTable", () => {
  it("shows each group with its count in thousands, newest first, with open, rename and delete", async () => {
    renderAt("/en/contacts", <GroupsTable />);
    const vip = (await screen.findAllByRole("link", { name: "ลูกค้า VIP" }))[0] as HTMLElement;
    const row = vip.closest("tr") as HTMLElement;
    expect(row).toHaveTextContent("1,234,567");
    expect(within(row).getByRole("link", { name: "Open group ลูกค้า VIP" })).toHaveAttribute(
      "href",
      "/en/contacts/7",
    );
    expect(within(row).getByRole("link", { name: "Rename group ลูกค้า VIP" })).toHaveAttribute(
      "href",
      "/en/contacts/7/edit",
    );
    expect(screen.getByRole("columnheader", { name: /Created/ })).toHaveAttribute("aria-sort", "descending");
    expect(call).toHaveBeenCalledWith(contactsEndpoints.listGroups, {
      query: { page: 1, size: 10, sort: "created_at", reverse: true },
    });
  });

  it("deletes a group only after the confirmation", async () => {
    const user = userEvent.setup();
    renderAt("/en/contacts", <GroupsTable />);
    await user.click(await screen.findByRole("button", { name: "Delete group ลูกค้า VIP" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent("The group “ลูกค้า VIP” and its 1,234,567 contacts will be deleted.");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(call).not.toHaveBeenCalledWith(contactsEndpoints.deleteGroup, expect.anything());

    await user.click(screen.getByRole("button", { name: "Delete group ลูกค้า VIP" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByTestId("confirm-delete"));
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(contactsEndpoints.deleteGroup, { params: { id: 7 } }),
    );
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
  });

  it("searches by name through the URL and says when nothing matches", async () => {
    const user = userEvent.setup();
    renderAt("/en/contacts", <GroupsTable />);
    await screen.findAllByRole("link", { name: "ลูกค้า VIP" });
    call.mockResolvedValueOnce(pageOf([]) as never);
    await user.type(screen.getByLabelText("Search groups by name"), "nobody{Enter}");
    await screen.findByText("No group matches your search.");
    expect(call).toHaveBeenLastCalledWith(contactsEndpoints.listGroups, {
      query: { page: 1, size: 10, sort: "created_at", reverse: true, search: "nobody" },
    });
  });
});
