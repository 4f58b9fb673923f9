import { contactsEndpoints } from "@sms/domain/endpoints/contacts";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { contactGroup, page } from "../../../../test/factories";
import { type MockedEndpoint, mockEndpoint } from "../../../../test/msw";
import { renderApp } from "../../../../test/render";
import { GroupsTable } from "./groups-table";

let list: MockedEndpoint<typeof contactsEndpoints.listGroups>;
let remove: MockedEndpoint<typeof contactsEndpoints.deleteGroup>;

beforeEach(() => {
  list = mockEndpoint(
    contactsEndpoints.listGroups,
    page([contactGroup(), contactGroup({ id: 8, name: "Staff", contact_count: 3 })]),
  );
  remove = mockEndpoint(contactsEndpoints.deleteGroup, { data: { id: 7 } });
});

const show = () => renderApp(<GroupsTable />, { path: "/en/contacts" });

describe("GroupsTable", () => {
  it("shows each group with its count in thousands, newest first, with open, rename and delete", async () => {
    await show();
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
    expect(list.calls[0]?.query).toMatchObject({ page: 1, size: 10, sort: "created_at", reverse: true });
  });

  it("deletes a group only after the confirmation", async () => {
    const { user } = await show();
    await user.click(await screen.findByRole("button", { name: "Delete group ลูกค้า VIP" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent("The group “ลูกค้า VIP” and its 1,234,567 contacts will be deleted.");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(remove.calls).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Delete group ลูกค้า VIP" }));
    mockEndpoint(
      contactsEndpoints.listGroups,
      page([contactGroup({ id: 8, name: "Staff", contact_count: 3 })]),
    );
    await user.click(within(await screen.findByRole("alertdialog")).getByTestId("confirm-delete"));
    await waitFor(() => expect(remove.calls).toMatchObject([{ params: { id: 7 } }]));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    // The row's Delete button went with its row: the focus goes to the list, not to the page's top.
    await waitFor(() => expect(screen.getByTestId("groups-region")).toHaveFocus());
  });

  it("searches by name through the URL and says when nothing matches", async () => {
    const { user } = await show();
    await screen.findAllByRole("link", { name: "ลูกค้า VIP" });
    const searched = mockEndpoint(contactsEndpoints.listGroups, page([]));
    await user.type(screen.getByLabelText("Search groups by name"), "nobody{Enter}");
    await screen.findByText("No group matches your search.");
    expect(searched.lastCall?.query).toMatchObject({
      page: 1,
      size: 10,
      sort: "created_at",
      reverse: true,
      search: "nobody",
    });
  });
});
