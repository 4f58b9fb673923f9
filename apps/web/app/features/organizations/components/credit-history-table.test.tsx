import type { TCreditHistoryEntry } from "@sms/domain/contracts/organizations";
import { organizationsEndpoints } from "@sms/domain/endpoints/organizations";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { page } from "../../../../test/factories";
import { mockEndpoint } from "../../../../test/msw";
import { renderApp } from "../../../../test/render";
import { CreditHistoryTable } from "./credit-history-table";

const entry = (
  id: number,
  type: TCreditHistoryEntry["type"],
  credits: number,
  balance: number,
): TCreditHistoryEntry => ({
  id,
  created_at: `2026-11-2${id}T03:00:00.000Z`,
  type,
  credits,
  balance_after: balance,
  reason: `Reason ${id}`,
  reference: id === 1 ? "order:1" : `campaign:${id + 3}`,
  subject:
    id === 1
      ? { kind: "order", id: 1, label: "Order #1" }
      : { kind: "campaign", id: id + 3, label: `Campaign Promo ${id}` },
  member: null,
});

async function renderAt(path: string) {
  const credits = mockEndpoint(
    organizationsEndpoints.myCredits,
    page([entry(3, "used", -50, 950), entry(2, "refunded", 20, 1000), entry(1, "earned", 980, 980)]),
  );
  const view = await renderApp(<CreditHistoryTable organization="me" />, {
    path,
    pattern: path.startsWith("/en") ? "/:lang/reports/credits" : "/reports/credits",
  });
  return { ...view, credits };
}

describe("CreditHistoryTable (/reports/credits)", () => {
  it("shows date-time, type, signed credits and the running balance, and sorts on the server", async () => {
    const { router, user, credits } = await renderAt("/en/reports/credits");
    const table = await screen.findByRole("table");
    await within(table).findAllByText("Reason 3");
    for (const name of ["Date and time", "Type", "Credits", "Balance"])
      expect(within(table).getByRole("columnheader", { name: new RegExp(name) })).toBeInTheDocument();
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows[0]).toHaveTextContent("Used");
    expect(rows[0]).toHaveTextContent("−50");
    expect(rows[0]).toHaveTextContent("950");
    expect(rows[1]).toHaveTextContent("+20");
    await user.click(within(table).getByRole("button", { name: /Credits/ }));
    await waitFor(() => expect(router.state.location.search).toContain("sort=credits"));
    await waitFor(() => expect(credits.lastCall?.query).toMatchObject({ sort: "credits", reverse: false }));
  });

  it("names each reference and links campaigns to their report and orders to the orders page (D54)", async () => {
    await renderAt("/en/reports/credits");
    const table = await screen.findByRole("table");
    const campaign = await within(table).findByRole("link", { name: "Campaign Promo 3" });
    expect(campaign).toHaveAttribute("href", "/en/reports/campaigns/6");
    expect(within(table).getByRole("link", { name: "Order #1" })).toHaveAttribute("href", "/en/orders");
    expect(table).not.toHaveTextContent("campaign:6");
  });

  it("offers the period with times, in Thai", async () => {
    const { credits } = await renderAt("/reports/credits?start=2026-11-01%2008:00&end=2026-11-02%2009:00");
    expect(await screen.findByRole("checkbox", { name: "ระบุเวลาด้วย" })).toBeChecked();
    await waitFor(() =>
      expect(credits.calls.map((call) => call.search)).toContainEqual(
        expect.objectContaining({ start: "2026-11-01 08:00", end: "2026-11-02 09:00" }),
      ),
    );
  });
});
