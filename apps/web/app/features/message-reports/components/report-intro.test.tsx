import { meEndpoints } from "@sms/domain/endpoints/me";
import { organizationsEndpoints } from "@sms/domain/endpoints/organizations";
import { MEMBER_ROLE } from "@sms/domain/roles";
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { CurrentUserProvider } from "~/features/account";
import { me, organization } from "../../../../test/factories";
import { mockEndpoint } from "../../../../test/msw";
import { renderApp } from "../../../../test/render";
import { MessagesReportIntro } from "./report-intro";

async function renderAs(memberRole: number, path = "/en/reports/messages") {
  mockEndpoint(meEndpoints.get, { data: me({ id: 3, roles: [1], default_organization_id: 9 }) });
  const shop = mockEndpoint(organizationsEndpoints.get, {
    data: organization({ id: 9, name: "Shop", member_role: memberRole }),
  });
  await renderApp(
    <CurrentUserProvider>
      <MessagesReportIntro />
    </CurrentUserProvider>,
    { path },
  );
  return shop;
}

describe("the messages report's intro (review D57)", () => {
  it("tells a plain member that the report holds only the member's own sends", async () => {
    const shop = await renderAs(MEMBER_ROLE.member);
    expect(await screen.findByText(/As a member you see only your own sends/)).toBeInTheDocument();
    expect(shop.lastCall?.params).toEqual({ id: 9 });
  });

  it("speaks of the whole organization to the owner and Account Service", async () => {
    await renderAs(MEMBER_ROLE.accountService);
    await vi.waitFor(() => expect(screen.getByTestId("report-scope")).toHaveAttribute("data-scope", "all"));
    expect(screen.getByText(/^Every message your organization sent/)).toBeInTheDocument();
    expect(screen.queryByText(/only your own sends/)).not.toBeInTheDocument();
  });

  it("says it in Thai", async () => {
    await renderAs(MEMBER_ROLE.member, "/reports/messages");
    expect(await screen.findByText(/คุณเห็นเฉพาะข้อความที่คุณส่งเอง/)).toBeInTheDocument();
  });
});
