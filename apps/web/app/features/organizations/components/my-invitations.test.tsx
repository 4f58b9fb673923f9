import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppProviders } from "~/components/layout/app-providers";
import { CurrentUserProvider } from "~/features/account";
import { i18next } from "~/lib/i18n";
import { session } from "~/lib/session";
import { InvitationsBanner, MyInvitations } from "./my-invitations";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const ME = {
  id: 1,
  first_name: "Ida",
  last_name: "Invitee",
  email: "ida@example.com",
  phone_number: "66812345678",
  roles: [1],
  default_organization_id: 9,
  default_organization: {
    id: 9,
    name: "Ida's own",
    credits: 0,
    credit_expired_on: null,
    credit_trial_redeemed_at: null,
  },
  tnc_log: null,
  tnc_version: null,
  tnc_accepted_at: null,
  phone_number_verified_at: "2026-11-01T00:00:00.000Z",
  email_verified_at: "2026-11-01T00:00:00.000Z",
};

/** A hostile name: markup and a link, which must show as the plain characters they are. */
const HOSTILE = '<img src=x onerror="alert(1)"> http://evil.example';

const waiting = (id: number, name: string, role = 2) => ({
  id,
  organization: { id: 40 + id, name },
  role,
  invited_by: { name: "Olivia Owner" },
  created_at: "2026-11-20T03:00:00.000Z",
  expires_at: "2026-12-04T03:00:00.000Z",
});

type Invitation = ReturnType<typeof waiting>;

function renderAt(
  path: string,
  invitations: Invitation[] | "error" | "pending",
  element: "banner" | "section" = "banner",
) {
  const calls: { url: string; method: string }[] = [];
  let answered: number[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? "GET";
      calls.push({ url, method });
      if (url.endsWith("/c/me")) return json(200, { data: ME });
      const answer = url.match(/\/c\/me\/invitations\/(\d+)\/(accept|decline)$/);
      if (method === "POST" && answer) {
        const id = Number(answer[1]);
        answered = [...answered, id];
        const invitation = (invitations as Invitation[]).find((i) => i.id === id);
        return json(200, {
          data: {
            message:
              answer[2] === "accept"
                ? `You are now a member of ${invitation?.organization.name}. Switch to it from the user menu when you want to work in it.`
                : `You declined the invitation of ${invitation?.organization.name}.`,
            organization: invitation?.organization,
            role: invitation?.role,
          },
        });
      }
      if (url.endsWith("/c/me/invitations")) {
        if (invitations === "error") {
          return json(500, { error: { code: "INTERNAL", message: "Something went wrong." } });
        }
        if (invitations === "pending") return new Promise<Response>(() => {});
        return json(200, { data: invitations.filter((i) => !answered.includes(i.id)) });
      }
      return json(404, { error: { code: "NOT_FOUND", message: "Not found." } });
    }),
  );
  const router = createMemoryRouter(
    [
      {
        path,
        element: (
          <AppProviders>
            <CurrentUserProvider>
              {element === "banner" ? <InvitationsBanner /> : <MyInvitations />}
              <p>page</p>
            </CurrentUserProvider>
          </AppProviders>
        ),
      },
    ],
    { initialEntries: [path] },
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

describe("the invitations banner", () => {
  it("shows each waiting invitation with the organization's name as plain text", async () => {
    renderAt("/en/dashboard", [waiting(1, HOSTILE), waiting(2, "Beta Co., Ltd.", 1)]);
    const banner = await screen.findByTestId("invitations-banner");
    expect(within(banner).getByRole("heading")).toHaveTextContent(
      "You have 2 invitations to join organizations",
    );
    const [hostile, beta] = within(banner).getAllByTestId("my-invitation");
    expect(hostile).toHaveTextContent(`Olivia Owner invited you to join ${HOSTILE} as Account Service.`);
    expect(hostile).toHaveTextContent("You can answer until 04 Dec 2026.");
    expect(beta).toHaveTextContent("Olivia Owner invited you to join Beta Co., Ltd. as Member.");
    // The name's characters are text: no element, no link came out of them.
    expect(banner.querySelector("img")).toBeNull();
    expect(within(banner).queryByRole("link")).toBeNull();
  });

  it("accepts with the keyboard, says so, and never switches organization", async () => {
    const calls = renderAt("/en/dashboard", [waiting(1, "Acme")]);
    const accept = await screen.findByRole("button", { name: "Accept the invitation of Acme" });
    accept.focus();
    await userEvent.keyboard("{Enter}");
    expect(
      await screen.findByText(
        "You are now a member of Acme. Switch to it from the user menu when you want to work in it.",
      ),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "POST").map((c) => c.url)).toEqual([
      expect.stringMatching(/\/api\/v1\/c\/me\/invitations\/1\/accept$/),
    ]);
    expect(calls.some((c) => c.url.includes("/c/me/organizations"))).toBe(false);
    await waitFor(() => expect(screen.queryByTestId("invitations-banner")).toBeNull());
  });

  it("declines only after confirmation", async () => {
    const calls = renderAt("/en/dashboard", [waiting(3, "Acme")]);
    await userEvent.click(await screen.findByRole("button", { name: "Decline the invitation of Acme" }));
    const confirm = await screen.findByRole("alertdialog");
    expect(confirm).toHaveTextContent("You will not join Acme. Its owner can invite you again.");
    await userEvent.click(within(confirm).getByRole("button", { name: "Keep it" }));
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    await userEvent.click(screen.getByRole("button", { name: "Decline the invitation of Acme" }));
    await userEvent.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Decline" }),
    );
    expect(await screen.findByText("You declined the invitation of Acme.")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST")?.url).toMatch(/\/c\/me\/invitations\/3\/decline$/);
  });

  it("speaks Thai on Thai pages", async () => {
    await i18next.changeLanguage("th");
    renderAt("/dashboard", [waiting(1, "Acme", 1)]);
    const banner = await screen.findByTestId("invitations-banner");
    expect(banner).toHaveTextContent("คุณได้รับคำเชิญเข้าร่วมองค์กร 1 รายการ");
    expect(banner).toHaveTextContent("Olivia Owner เชิญคุณเข้าร่วมองค์กร Acme ในบทบาท สมาชิก");
    expect(within(banner).getByRole("button", { name: "ตอบรับ คำเชิญขององค์กร Acme" })).toBeInTheDocument();
    expect(within(banner).getByRole("button", { name: "ปฏิเสธ คำเชิญขององค์กร Acme" })).toBeInTheDocument();
  });

  it.each([
    ["no invitation", [] as Invitation[]],
    ["a failed list", "error" as const],
  ])("stays away with %s", async (_, invitations) => {
    const calls = renderAt("/en/dashboard", invitations);
    expect(await screen.findByText("page")).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.url.endsWith("/c/me/invitations"))).toBe(true));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId("invitations-banner")).toBeNull();
  });

  it("leaves the organizations page to its own section", async () => {
    renderAt("/en/organizations", [waiting(1, "Acme")]);
    expect(await screen.findByText("page")).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId("invitations-banner")).toBeNull();
  });
});

describe("the organizations page's invitations", () => {
  it("lists waiting invitations with their answers", async () => {
    renderAt("/en/organizations", [waiting(1, "Acme")], "section");
    expect(await screen.findByRole("heading", { name: "Invitations for you" })).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Accept the invitation of Acme" })).toBeInTheDocument();
  });

  it("says when nothing is waiting", async () => {
    renderAt("/en/organizations", [], "section");
    expect(
      await screen.findByText(
        "No invitations are waiting for you. Invitations go to your verified e-mail address.",
      ),
    ).toBeInTheDocument();
  });

  it("shows loading while the list comes", async () => {
    renderAt("/en/organizations", "pending", "section");
    expect(await screen.findByText("Loading…")).toHaveAttribute("aria-busy", "true");
  });

  it("offers a retry when the list fails", async () => {
    const calls = renderAt("/en/organizations", "error", "section");
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Something went wrong.");
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    await waitFor(() =>
      expect(calls.filter((c) => c.url.endsWith("/c/me/invitations")).length).toBeGreaterThan(1),
    );
  });
});
