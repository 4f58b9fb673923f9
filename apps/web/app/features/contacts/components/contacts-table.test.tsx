import { contactsEndpoints } from "@sms/domain/endpoints/contacts";
import { QueryClient } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { consentWording, contact, page } from "../../../../test/factories";
import { type MockedEndpoint, mockEndpoint } from "../../../../test/msw";
import { renderApp } from "../../../../test/render";
import { ContactsTable } from "./contacts-table";

const CONTACTS = [contact(3, { last_name: "" }), contact(2), contact(1)];

let list: MockedEndpoint<typeof contactsEndpoints.listContacts>;
let deleteMany: MockedEndpoint<typeof contactsEndpoints.deleteContacts>;
let deleteOne: MockedEndpoint<typeof contactsEndpoints.deleteContact>;
let update: MockedEndpoint<typeof contactsEndpoints.updateContact>;
let consents: MockedEndpoint<typeof contactsEndpoints.contactConsents>;

beforeEach(() => {
  list = mockEndpoint(contactsEndpoints.listContacts, page(CONTACTS, { total_item: 23 }));
  deleteMany = mockEndpoint(contactsEndpoints.deleteContacts, ({ body }) => ({
    data: { deleted: body.ids.length },
  }));
  deleteOne = mockEndpoint(contactsEndpoints.deleteContact, { data: { id: 2 } });
  update = mockEndpoint(contactsEndpoints.updateContact, { data: contact(2, { first_name: "Changed" }) });
  consents = mockEndpoint(contactsEndpoints.contactConsents, {
    data: [
      {
        id: 3,
        kind: "opt_out",
        source: "link",
        statement: null,
        version: null,
        created_at: "2026-11-20T03:00:00.000Z",
      },
      {
        id: 2,
        kind: "opt_in",
        source: "form",
        statement: "Member form v3",
        version: 3,
        created_at: "2026-11-01T03:00:00.000Z",
      },
      // Recorded before every opt-in had its text (ADR 108).
      {
        id: 1,
        kind: "opt_in",
        source: "import",
        statement: null,
        version: null,
        created_at: "2026-06-01T03:00:00.000Z",
      },
    ],
  });
  mockEndpoint(contactsEndpoints.getConsentWording, { data: consentWording() });
});

const show = (client?: QueryClient) =>
  renderApp(<ContactsTable groupId={7} />, {
    path: "/en/contacts/7",
    pattern: "/en/contacts/:id",
    ...(client ? { client } : {}),
  });

describe("ContactsTable", () => {
  it("shows name, local phone and added date, newest first, sortable by the spec's columns", async () => {
    await show();
    await screen.findByText("First3");
    const rows = screen.getAllByRole("row").slice(1);
    expect(rows[1]).toHaveTextContent("First2 Last2");
    expect(rows[1]).toHaveTextContent("0812345602");
    expect(screen.getByRole("columnheader", { name: /Added/ })).toHaveAttribute("aria-sort", "descending");
    expect(
      within(screen.getByRole("columnheader", { name: /Name/ })).getByRole("button"),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole("columnheader", { name: /Phone number/ })).getByRole("button"),
    ).toBeInTheDocument();
    expect(list.calls[0]).toMatchObject({
      params: { id: 7 },
      query: { page: 1, size: 10, sort: "created_at", reverse: true },
    });
  });

  it("asks the server for another order when a header is pressed", async () => {
    const { user } = await show();
    await screen.findByText("First3");
    await user.click(within(screen.getByRole("columnheader", { name: /Phone number/ })).getByRole("button"));
    await waitFor(() =>
      expect(list.lastCall).toMatchObject({
        params: { id: 7 },
        query: { page: 1, size: 10, sort: "phone_number", reverse: false },
      }),
    );
  });

  it("selects every row of the page and deletes them together after confirming", async () => {
    const { user } = await show();
    await screen.findByText("First3");
    expect(screen.queryByTestId("delete-selected")).not.toBeInTheDocument();
    await user.click(screen.getByLabelText("Select all on this page"));
    for (const c of CONTACTS)
      expect(
        screen.getByRole("checkbox", {
          name: `Select ${c.first_name}${c.last_name ? ` ${c.last_name}` : ""}`,
        }),
      ).toBeChecked();
    // One row unticked: the page is no longer all selected.
    await user.click(screen.getByRole("checkbox", { name: "Select First1 Last1" }));
    expect(screen.getByLabelText("Select all on this page")).not.toBeChecked();
    expect(screen.getByText("2 selected")).toBeInTheDocument();

    await user.click(screen.getByTestId("delete-selected"));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent("2 contacts will be removed from the group.");
    await user.click(within(dialog).getByTestId("confirm-delete"));
    await waitFor(() =>
      expect(deleteMany.calls).toMatchObject([{ params: { id: 7 }, body: { ids: [3, 2] } }]),
    );
    await waitFor(() => expect(screen.queryByText("2 selected")).not.toBeInTheDocument());
  });

  it("deletes one contact from its row after confirming", async () => {
    const { user } = await show();
    await user.click(await screen.findByRole("button", { name: "Delete First2 Last2" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent("First2 Last2 (0812345602) will be removed from the group.");
    mockEndpoint(contactsEndpoints.listContacts, page([CONTACTS[0]!, CONTACTS[2]!], { total_item: 22 }));
    await user.click(within(dialog).getByTestId("confirm-delete"));
    await waitFor(() => expect(deleteOne.calls).toMatchObject([{ params: { id: 2 } }]));
    // The row's Delete button went with its row: the focus goes to the list, not to the page's top.
    await waitFor(() => expect(screen.getByTestId("contacts-region")).toHaveFocus());
    expect(screen.queryByText("First2")).not.toBeInTheDocument();
  });

  it("edits a contact in a dialog with the number in the local form", async () => {
    // The app's cache keeps an answer fresh for 10 s (AppProviders): the edit must refresh the history.
    const { user } = await show(
      new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 10_000 } } }),
    );
    await user.click(await screen.findByRole("button", { name: "Edit First2 Last2" }));
    const dialog = await screen.findByRole("dialog");
    const phone = within(dialog).getByLabelText(/Phone number/);
    expect(phone).toHaveValue("0812345602");
    expect(within(dialog).getByLabelText(/First name/)).toHaveFocus();
    // The number's consent history, newest first (ADR 94).
    const entries = await within(dialog).findAllByTestId("consent-entry");
    expect(entries.map((entry) => entry.textContent)).toEqual([
      expect.stringContaining("Opted out · tapped the opt-out link"),
      expect.stringMatching(
        /Opted in · added with the contact form.*Text agreed: Member form v3Consent wording version 3$/,
      ),
      expect.stringMatching(/Opted in · imported from a file.*Text agreed: not recorded$/),
    ]);
    // Asked only once the number changes: a new number is a new consent (ADR 94).
    expect(within(dialog).queryByLabelText(/What the new number agreed to/)).toBeNull();
    await user.clear(phone);
    await user.type(phone, "021234567");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText(/The recipient is invalid/)).toBeInTheDocument();
    expect(update.calls).toHaveLength(0);

    await user.clear(phone);
    await user.type(phone, "091 234 5678");
    const consent = within(dialog).getByLabelText(/What the new number agreed to/);
    expect(consent).toHaveValue(consentWording().text);
    await user.clear(consent);
    await user.type(consent, "Phoned in: offers, v2");
    const read = consents.calls.length;
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(update.calls).toMatchObject([
        {
          params: { id: 2 },
          body: {
            first_name: "First2",
            last_name: "Last2",
            phone_number: "66912345678",
            consent_source: "form",
            consent_statement: "Phoned in: offers, v2",
          },
        },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    // The new number's history is read again, not the old one's kept in the cache.
    await waitFor(() => expect(consents.calls.length).toBe(read + 1));
  });

  it("searches by name or number through the server", async () => {
    const { user } = await show();
    await screen.findByText("First3");
    const searched = mockEndpoint(contactsEndpoints.listContacts, page([]));
    await user.type(screen.getByLabelText("Search by name or phone number"), "0812{Enter}");
    await screen.findByText("No contact matches your search.");
    expect(searched.lastCall).toMatchObject({
      params: { id: 7 },
      query: { page: 1, size: 10, sort: "created_at", reverse: true, search: "0812" },
    });
  });
});
