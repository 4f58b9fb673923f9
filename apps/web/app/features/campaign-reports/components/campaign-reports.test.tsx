import type { TCampaign, TCampaignSummary, TMessage } from "@sms/domain/contracts/campaigns";
import type { TRefundState } from "@sms/domain/contracts/refunds";
import { campaignsEndpoints } from "@sms/domain/endpoints/campaigns";
import { inboxEndpoints } from "@sms/domain/endpoints/inbox";
import { meEndpoints } from "@sms/domain/endpoints/me";
import { messageExportsEndpoints } from "@sms/domain/endpoints/message-exports";
import { organizationsEndpoints } from "@sms/domain/endpoints/organizations";
import { refundsEndpoints } from "@sms/domain/endpoints/refunds";
import { MEMBER_ROLE } from "@sms/domain/roles";
import { screen, waitFor, within } from "@testing-library/react";
import { HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CurrentUserProvider } from "~/features/account";
import { me, organization, page } from "../../../../test/factories";
import { apiError, type MockedEndpoint, mockEndpoint } from "../../../../test/msw";
import { renderApp } from "../../../../test/render";
import { inFlight } from "../api/campaign-report";
import { CampaignReport } from "./campaign-report";
import { CampaignsReportTable } from "./campaigns-report-table";

const campaign = (id: number, extra: Partial<TCampaign> = {}): TCampaign => ({
  id,
  kind: "campaign",
  purpose: "general",
  name: `Promo ${id}`,
  sender: "SenderCo",
  template_id: null,
  message: "Hello",
  group_ids: [],
  manual_contacts: 2,
  file_name: null,
  recipients: 2,
  invalid: 0,
  duplicates: 0,
  suppressed: 0,
  credits: 4,
  refunded_credits: 0,
  status: "sent",
  accepted_at: "2026-11-25T03:00:00.000Z",
  sent_at: "2026-11-25T03:00:05.000Z",
  created_at: "2026-11-25T03:00:00.000Z",
  ...extra,
});

const counts = (values: Partial<TCampaignSummary["messages"]>): TCampaignSummary["messages"] => ({
  queued: 0,
  sent: 0,
  delivered: 0,
  failed: 0,
  pending: 0,
  ...values,
});

const message = (id: number, status: TMessage["status"], recipient: string): TMessage => ({
  id,
  campaign_id: 7,
  type: "campaign",
  sender: "SenderCo",
  recipient,
  message: "Hello",
  billed_parts: 2,
  credits: 2,
  status,
  state: 0,
  code: null,
  created_at: "2026-11-25T03:00:00.000Z",
  submitted_at: null,
  done_at: null,
});

const refund = (extra: Partial<TRefundState> = {}): TRefundState => ({
  campaign_id: 7,
  kind: "campaign",
  name: "Promo 7",
  credits: 4,
  failed_credits: 2,
  refundable_credits: 2,
  checking_messages: 0,
  status: "open",
  sent_at: "2026-11-25T03:00:05.000Z",
  opens_at: "2026-11-26T03:00:05.000Z",
  closes_at: "2026-12-25T03:00:05.000Z",
  refunded_credits: 0,
  refunded_at: null,
  ...extra,
});

const renderAt = (path: string, element: React.ReactNode, pattern: string) =>
  renderApp(element, { path, pattern });

afterEach(() => vi.restoreAllMocks());

describe("CampaignsReportTable", () => {
  it("lists each campaign with its kind, sender, recipients, credits, status, date and a link to its report", async () => {
    mockEndpoint(
      campaignsEndpoints.list,
      page([campaign(7), campaign(8, { kind: "file", status: "sending", credits: 1200 })]),
    );
    await renderAt("/en/reports/campaigns", <CampaignsReportTable />, "/:lang/reports/campaigns");
    expect(await screen.findByTestId("campaign-link-7")).toHaveAttribute("href", "/en/reports/campaigns/7");
    const table = screen.getByRole("table");
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(
      expect.arrayContaining(["Campaign", "Kind", "Sender", "Recipients", "Credits", "Status", "Sent"]),
    );
    expect(within(table).getByText("File campaign")).toBeInTheDocument();
    expect(within(table).getByText("1,200")).toBeInTheDocument();
    expect(within(table).getByText("Sending")).toBeInTheDocument();
    expect(within(table).getAllByText("25 Nov 2026 10:00")).toHaveLength(2);
  });

  it("shows Thai dates in the Buddhist era", async () => {
    mockEndpoint(campaignsEndpoints.list, page([campaign(7)]));
    await renderAt("/reports/campaigns", <CampaignsReportTable />, "/reports/campaigns");
    expect(await screen.findByText("25 พ.ย. 2569 10:00")).toBeInTheDocument();
  });

  it("searches by name, keeps it in the URL and says when nothing matches", async () => {
    const list = mockEndpoint(campaignsEndpoints.list, page([]));
    const { router, user } = await renderAt(
      "/en/reports/campaigns",
      <CampaignsReportTable />,
      "/:lang/reports/campaigns",
    );
    expect(await screen.findByText("No campaign has been sent yet.")).toBeInTheDocument();
    await user.type(screen.getByRole("searchbox", { name: "Search by campaign name" }), "promo");
    await user.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(list.lastCall?.search).toMatchObject({ search: "promo" }));
    expect(router.state.location.search).toContain("search=promo");
    expect(await screen.findByText("No campaign matches this name.")).toBeInTheDocument();
  });
});

describe("CampaignReport", () => {
  let summaries: TCampaignSummary["messages"][];
  let clicks: Pick<TCampaignSummary, "tracks_links" | "clicks" | "clicked_recipients">;
  let refundState: TRefundState;
  let messageLists: TMessage[][] = [];

  let messages: MockedEndpoint<typeof campaignsEndpoints.messages>;
  let claim: MockedEndpoint<typeof refundsEndpoints.refundCampaign>;

  function mockReport() {
    mockEndpoint(campaignsEndpoints.get, { data: campaign(7) });
    mockEndpoint(campaignsEndpoints.summary, () => {
      const counted = summaries.length > 1 ? summaries.shift()! : summaries[0]!;
      return {
        data: {
          id: 7,
          recipients: 2,
          credits: 4,
          refunded_credits: 0,
          messages: counted,
          status_credits: counted,
          ...clicks,
        },
      };
    });
    mockEndpoint(refundsEndpoints.campaignRefund, () => ({ data: refundState }));
    messages = mockEndpoint(campaignsEndpoints.messages, () => {
      const next = messageLists.shift();
      return page(
        next ?? [
          message(1, "delivered", "66812345678"),
          { ...message(2, "failed", "66812993303"), state: 1, code: "004" },
        ],
      );
    });
    claim = mockEndpoint(refundsEndpoints.refundCampaign, {
      data: { campaign_id: 7, message_id: null, refunded_credits: 2, refunded_at: "x", balance: 98 },
    });
  }
  const renderReport = (path = "/en/reports/campaigns/7") =>
    renderAt(path, <CampaignReport id={7} />, "/:lang/reports/campaigns/:id");

  beforeEach(() => {
    clicks = { tracks_links: false, clicks: 0, clicked_recipients: 0 };
  });

  it("shows the link clicks, the recipients who clicked and each message's clicks when the send tracked links", async () => {
    summaries = [counts({ delivered: 2 })];
    clicks = { tracks_links: true, clicks: 5, clicked_recipients: 1 };
    refundState = refund();
    messageLists = [
      [
        { ...message(1, "delivered", "66812345678"), clicks: 5 },
        { ...message(2, "delivered", "66812345679"), clicks: 0 },
      ],
    ];
    mockReport();
    await renderReport();
    expect(await screen.findByTestId("summary-clicks")).toHaveTextContent("5");
    expect(screen.getByTestId("summary-clicked-recipients")).toHaveTextContent("1");
    expect(screen.getByText("Link clicks")).toBeInTheDocument();
    expect(screen.getByText("Recipients who clicked")).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getAllByTestId("message-clicks").map((c) => c.textContent)).toEqual(["5", "0"]),
    );
    expect(screen.getByRole("columnheader", { name: "Clicks" })).toBeInTheDocument();
  });

  it("shows no clicks for a send that did not track links", async () => {
    summaries = [counts({ delivered: 1, failed: 1 })];
    refundState = refund();
    mockReport();
    await renderReport();
    await waitFor(() => expect(screen.getByTestId("summary-delivered")).toHaveTextContent("1"));
    await screen.findAllByTestId("message-status");
    expect(screen.queryByTestId("summary-clicks")).not.toBeInTheDocument();
    expect(screen.queryByTestId("message-clicks")).not.toBeInTheDocument();
    expect(screen.queryByRole("columnheader", { name: "Clicks" })).not.toBeInTheDocument();
  });

  it("shows the summary, the refund window and the messages with their status chips in the spec colours", async () => {
    summaries = [counts({ delivered: 1, failed: 1 })];
    refundState = refund();
    mockReport();
    await renderReport();
    await waitFor(() => expect(screen.getByTestId("campaign-name")).toHaveTextContent("Promo 7"));
    await waitFor(() => expect(screen.getByTestId("summary-delivered")).toHaveTextContent("1"));
    expect(screen.getByTestId("summary-failed")).toHaveTextContent("1");
    // Delivered of the recipients, and each failed message's reason (D39).
    expect(screen.getByTestId("summary-delivery-rate")).toHaveTextContent("50%");
    expect(await screen.findByTestId("message-failure-reason")).toHaveTextContent("Transactions exceeded");
    expect(screen.getByTestId("summary-credits")).toHaveTextContent("4");
    expect(screen.getByTestId("summary-in-flight")).toHaveTextContent("0");
    expect(screen.getByTestId("campaign-summary")).toHaveAttribute("aria-live", "polite");
    expect(screen.getByTestId("summary-live")).toHaveTextContent("All messages have a final status.");
    expect(await screen.findByTestId("refundable-credits")).toHaveTextContent("2");
    expect(screen.getByTestId("refund-window")).toHaveTextContent("Can be claimed until 25 Dec 2026 10:00.");
    const chips = await screen.findAllByTestId("message-status");
    expect(chips.map((c) => [c.textContent, c.dataset.colour])).toEqual([
      ["Delivered", "green"],
      ["Failed", "red"],
    ]);
    expect(messages.calls[0]?.query).toMatchObject({ campaign_id: 7 });
  });

  it("claims the refund after a confirmation", async () => {
    summaries = [counts({ delivered: 1, failed: 1 })];
    refundState = refund();
    mockReport();
    const { user } = await renderReport();
    await user.click(await screen.findByTestId("claim-refund"));
    await user.click(await screen.findByTestId("confirm-refund"));
    await waitFor(() => expect(claim.calls.map((call) => call.params)).toEqual([{ id: 7 }]));
  });

  it("offers no claim before the window opens", async () => {
    summaries = [counts({ failed: 2 })];
    refundState = refund({ status: "too_early", refundable_credits: 0 });
    mockReport();
    await renderReport();
    expect(await screen.findByTestId("refund-window")).toHaveTextContent(
      "Can be claimed from 26 Nov 2026 10:00",
    );
    expect(screen.queryByTestId("claim-refund")).not.toBeInTheDocument();
  });

  it("offers no claim while messages are still checking status, and says why (ADR 55)", async () => {
    summaries = [counts({ failed: 2 })];
    refundState = refund({ status: "open", refundable_credits: 0, checking_messages: 3 });
    mockReport();
    await renderReport();
    expect(await screen.findByTestId("refund-window")).toHaveTextContent(
      "3 messages are still checking status (at most 24 hours)",
    );
    expect(screen.queryByTestId("claim-refund")).not.toBeInTheDocument();
  });

  it("exports this campaign's messages, of the status chosen (review D39)", async () => {
    summaries = [counts({ delivered: 1, failed: 1 })];
    refundState = refund();
    mockReport();
    const exported = mockEndpoint(messageExportsEndpoints.exportReport, new HttpResponse("a,b"));
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { user } = await renderReport("/en/reports/campaigns/7?status=failed");
    await screen.findAllByTestId("message-status");
    await user.click(screen.getByRole("button", { name: "Export CSV" }));
    await waitFor(() => expect(saved).toEqual(["campaign-7.csv"]));
    expect(exported.calls.map((call) => call.search)).toEqual([
      { campaign_id: "7", status: "failed", format: "csv" },
    ]);
    expect(exported.lastCall?.request.headers.get("Accept-Language")).toBe("en");
    expect(screen.getByText(/Exports this campaign's messages/)).toBeInTheDocument();
  });

  it("filters the messages by status, in the URL", async () => {
    summaries = [counts({ delivered: 1, failed: 1 })];
    refundState = refund();
    mockReport();
    const { user, router } = await renderReport();
    await user.selectOptions(await screen.findByRole("combobox", { name: "Status" }), "failed");
    await waitFor(() => expect(messages.lastCall?.query).toMatchObject({ campaign_id: 7, status: "failed" }));
    expect(router.state.location.search).toContain("status=failed");
  });

  it("reads the summary again while messages are in flight and stops once they settle", async () => {
    summaries = [counts({ queued: 1, sent: 1 }), counts({ delivered: 1, failed: 1 })];
    refundState = refund({ status: "too_early", refundable_credits: 0 });
    mockReport();
    await renderReport();
    expect(await screen.findByText(/updates every few seconds/)).toBeInTheDocument();
    expect(screen.getByTestId("summary-in-flight")).toHaveTextContent("2");
    await waitFor(() => expect(screen.getByTestId("summary-delivered")).toHaveTextContent("1"), {
      timeout: 5000,
    });
    expect(screen.getByTestId("summary-live")).toHaveTextContent("All messages have a final status.");
    expect(inFlight(undefined)).toBe(0);
  });

  it("reads a page still showing a message in flight again, though the summary has settled", async () => {
    summaries = [counts({ delivered: 1, failed: 1 })];
    refundState = refund();
    messageLists = [[message(1, "queued", "66812345678"), message(2, "sent", "66812993303")]];
    mockReport();
    await renderReport();
    await waitFor(() =>
      expect(screen.getAllByTestId("message-status").map((c) => c.textContent)).toEqual([
        "Processing",
        "Sent",
      ]),
    );
    await waitFor(
      () =>
        expect(screen.getAllByTestId("message-status").map((c) => c.textContent)).toEqual([
          "Delivered",
          "Failed",
        ]),
      { timeout: 5000 },
    );
  });

  it("asks nothing for an id that is not a campaign number", async () => {
    summaries = [counts({})];
    refundState = refund();
    mockReport();
    const read = mockEndpoint(campaignsEndpoints.get, { data: campaign(7) });
    await renderAt(
      "/en/reports/campaigns/abc",
      <CampaignReport id={Number.NaN} />,
      "/:lang/reports/campaigns/:id",
    );
    expect(await screen.findByText("This campaign was not found.")).toBeInTheDocument();
    expect([...read.calls, ...messages.calls, ...claim.calls]).toEqual([]);
  });

  it("says when the campaign is not found", async () => {
    const notFound = apiError(404, "NOT_FOUND", "Not found");
    mockEndpoint(campaignsEndpoints.get, notFound);
    mockEndpoint(campaignsEndpoints.summary, notFound);
    mockEndpoint(refundsEndpoints.campaignRefund, notFound);
    mockEndpoint(campaignsEndpoints.messages, page([]));
    await renderReport();
    expect(await screen.findByText("This campaign was not found.")).toBeInTheDocument();
  });

  describe("the numbers that replied (issue 27 point 4)", () => {
    async function renderAs(memberRole: number, path = "/en/reports/campaigns/7") {
      summaries = [counts({ delivered: 2 })];
      refundState = refund();
      mockReport();
      mockEndpoint(meEndpoints.get, { data: me({ id: 3, roles: [1], default_organization_id: 9 }) });
      const shop = mockEndpoint(organizationsEndpoints.get, {
        data: organization({ id: 9, name: "Shop", member_role: memberRole }),
      });
      const conversations = mockEndpoint(inboxEndpoints.listConversations, page([], { total_item: 3 }));
      await renderAt(
        path,
        <CurrentUserProvider>
          <CampaignReport id={7} />
        </CurrentUserProvider>,
        "/:lang?/reports/campaigns/:id",
      );
      return { conversations, shop };
    }

    it("counts them and opens the send's replies in the inbox, for whoever reads the inbox", async () => {
      const { conversations } = await renderAs(MEMBER_ROLE.owner);
      const figure = await screen.findByTestId("summary-repliers");
      const link = within(figure).getByRole("link", {
        name: "3 numbers replied to Promo 7: open the replies in the inbox",
      });
      expect(link).toHaveTextContent("3");
      expect(link).toHaveAttribute("href", "/en/inbox?campaign_id=7&campaign=Promo+7");
      expect(screen.getByText("Numbers that replied")).toBeInTheDocument();
      expect(conversations.lastCall?.query).toMatchObject({ campaign_id: 7, size: 1 });
    });

    it("says it in Thai", async () => {
      await renderAs(MEMBER_ROLE.accountService, "/reports/campaigns/7");
      const figure = await screen.findByTestId("summary-repliers");
      expect(within(figure).getByRole("link", { name: /^3 หมายเลขตอบกลับ Promo 7/ })).toHaveAttribute(
        "href",
        "/inbox?campaign_id=7&campaign=Promo+7",
      );
      expect(screen.getByText("หมายเลขที่ตอบกลับ")).toBeInTheDocument();
    });

    it("is not shown to a plain member, who may not read the inbox, and the inbox is not asked", async () => {
      const { conversations, shop } = await renderAs(MEMBER_ROLE.member);
      expect(await screen.findByTestId("summary-delivered")).toHaveTextContent("2");
      await waitFor(() => expect(shop.calls).toHaveLength(1));
      await new Promise((r) => setTimeout(r, 50));
      expect(screen.queryByTestId("summary-repliers")).not.toBeInTheDocument();
      expect(conversations.calls).toHaveLength(0);
    });
  });
});
