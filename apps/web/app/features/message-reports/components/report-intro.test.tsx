import { meEndpoints } from "@sms/domain/endpoints/me";
import { organizationsEndpoints } from "@sms/domain/endpoints/organizations";
import { MEMBER_ROLE } from "@sms/domain/roles";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CurrentUserProvider } from "~/features/account";
import { api } from "~/lib/api-client";
import { i18next } from "~/lib/i18n";
import { MessagesReportIntro } from "./report-intro";

vi.mock("~/lib/api-client", async (original) => ({
  ...(await original<typeof import("~/lib/api-client")>()),
  api: { call: vi.fn() },
}));
const call = vi.mocked(api.call);

function renderAs(memberRole: number) {
  call.mockImplementation((async (endpoint: unknown, input?: { params?: { id: number } }) => {
    if (endpoint === meEndpoints.get) {
      return { data: { id: 3, roles: [1], default_organization_id: 9, default_organization: null } };
    }
    if (endpoint === organizationsEndpoints.get && input?.params?.id === 9) {
      return { data: { id: 9, name: "Shop", member_role: memberRole } };
    }
    throw new Error("unexpected call");
  }) as never);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: "*",
        element: (
          <CurrentUserProvider>
            <MessagesReportIntro />
          </CurrentUserProvider>
        ),
      },
    ],
    { initialEntries: ["/en/reports/messages"] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe("the messages report's intro (review D57)", () => {
  beforeEach(async () => {
    call.mockReset();
    await i18next.changeLanguage("en");
  });
  afterEach(() => i18next.changeLanguage("th"));

  it("tells a plain member that the report holds only the member's own sends", async () => {
    renderAs(MEMBER_ROLE.member);
    expect(await screen.findByText(/As a member you see only your own sends/)).toBeInTheDocument();
  });

  it("speaks of the whole organization to the owner and Account Service", async () => {
    renderAs(MEMBER_ROLE.accountService);
    await vi.waitFor(() => expect(screen.getByTestId("report-scope")).toHaveAttribute("data-scope", "all"));
    expect(screen.getByText(/^Every message your organization sent/)).toBeInTheDocument();
    expect(screen.queryByText(/only your own sends/)).not.toBeInTheDocument();
  });

  it("says it in Thai", async () => {
    await i18next.changeLanguage("th");
    renderAs(MEMBER_ROLE.member);
    expect(await screen.findByText(/คุณเห็นเฉพาะข้อความที่คุณส่งเอง/)).toBeInTheDocument();
  });
});
