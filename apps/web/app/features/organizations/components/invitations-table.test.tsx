import type { TInvitation } from "@sms/domain/contracts/organizations";
import { organizationsEndpoints } from "@sms/domain/endpoints/organizations";
import { screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { describe, expect, it } from "vitest";
import { page } from "../../../../test/factories";
import { mockEndpoint } from "../../../../test/msw";
import { renderApp } from "../../../../test/render";
import { spyOnToasts } from "../../../../test/toasts";
import { InvitationsTable } from "./invitations-table";

spyOnToasts();

const invitation = (id: number, email: string): TInvitation => ({
  id,
  email,
  role: 2,
  status: "pending",
  invited_by: { id: 1, name: "Somchai Owner" },
  created_at: "2026-11-20T03:00:00.000Z",
  expires_at: "2026-11-27T03:00:00.000Z",
  declined_at: null,
});

describe("InvitationsTable", () => {
  it("revokes an invitation after the confirmation and gives the focus to the list", async () => {
    mockEndpoint(
      organizationsEndpoints.listInvitations,
      page([invitation(4, "a@example.com"), invitation(5, "b@example.com")]),
    );
    const cancel = mockEndpoint(organizationsEndpoints.cancelInvitation, {
      data: { message: "Invitation revoked." },
    });
    const { user } = await renderApp(<InvitationsTable organizationId={9} />, {
      path: "/en/organizations/9",
    });

    await user.click(await screen.findByRole("button", { name: "Revoke the invitation to a@example.com" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Revoke this invitation?" });
    expect(dialog).toHaveTextContent("a@example.com will no longer be able to accept it.");
    mockEndpoint(organizationsEndpoints.listInvitations, page([invitation(5, "b@example.com")]));
    await user.click(within(dialog).getByTestId("confirm-delete"));

    await waitFor(() => expect(cancel.calls).toMatchObject([{ params: { id: 9, invitationId: 4 } }]));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Invitation revoked."));
    // The row's Revoke button went with its row: the focus goes to the list, not to the page's top.
    await waitFor(() => expect(screen.getByTestId("invitations-region")).toHaveFocus());
    expect(screen.queryByText("a@example.com")).not.toBeInTheDocument();
  });
});
