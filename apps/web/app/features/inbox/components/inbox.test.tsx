import type { TAutoReplyRule, TInboxConversation, TInboxEntry } from "@sms/domain/contracts/inbox";
import { inboxEndpoints } from "@sms/domain/endpoints/inbox";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { page } from "../../../../test/factories";
import { apiError, type MockedEndpoint, mockEndpoint, neverAnswer } from "../../../../test/msw";
import { renderApp } from "../../../../test/render";
import { AutoReplySettings } from "./auto-reply-settings";
import { ConversationView } from "./conversation-view";
import { ConversationsList } from "./conversations-list";

const aConversation = (n: number, patch: Partial<TInboxConversation> = {}): TInboxConversation => ({
  phone_number: `08123456${String(n).padStart(2, "0")}`,
  last_text: `Reply ${n}`,
  last_received_at: "2026-11-20T03:00:00.000Z",
  replies: n,
  campaign_id: 40 + n,
  campaign_name: `Campaign ${n}`,
  stopped: false,
  ...patch,
});

const entry = (patch: Partial<TInboxEntry>): TInboxEntry => ({
  direction: "in",
  id: "1",
  text: "",
  at: "2026-11-20T03:00:00.000Z",
  campaign_id: 41,
  campaign_name: "November promo",
  status: null,
  stop: false,
  auto_reply: null,
  ...patch,
});

describe("ConversationsList", () => {
  let list: MockedEndpoint<typeof inboxEndpoints.listConversations>;
  beforeEach(() => {
    list = mockEndpoint(
      inboxEndpoints.listConversations,
      page([aConversation(2), aConversation(1, { stopped: true, last_text: "STOP" })], { total_item: 2 }),
    );
  });

  it("lists each number's latest reply, newest first, linking to its conversation", async () => {
    await renderApp(<ConversationsList />, { path: "/en/inbox" });
    const link = await screen.findByRole("link", { name: "Open the conversation with 0812345602" });
    expect(link).toHaveAttribute("href", "/en/inbox/0812345602");
    const rows = screen.getAllByRole("row").slice(1);
    expect(rows[0]).toHaveTextContent("Reply 2");
    expect(rows[1]).toHaveTextContent("Unsubscribed");
    expect(list.calls[0]?.search).toEqual({
      page: "1",
      size: "10",
      sort: "last_received_at",
      reverse: "true",
    });
  });

  it("filters by number and by the send replied to, through the server and the URL", async () => {
    const { user, router } = await renderApp(<ConversationsList />, { path: "/en/inbox" });
    await screen.findByText("Reply 2");
    await user.type(screen.getByLabelText("Search by phone number"), "0812345601{Enter}");
    await waitFor(() => expect(list.lastCall?.search).toMatchObject({ phone_number: "0812345601" }));
    await user.click(screen.getByRole("button", { name: "Show only replies to Campaign 2" }));
    await waitFor(() => expect(list.lastCall?.search).toMatchObject({ campaign_id: "42" }));
    expect(router.state.location.search).toContain("campaign_id=42");
    expect(screen.getByTestId("campaign-filter")).toHaveTextContent("Replies to: Campaign 2");
    expect(screen.getByRole("link", { name: "Open the conversation with 0812345602" })).toHaveAttribute(
      "href",
      "/en/inbox/0812345602?campaign_id=42",
    );
    await user.click(screen.getByRole("button", { name: "Show replies to every send" }));
    await waitFor(() => expect(list.lastCall?.search.campaign_id).toBeUndefined());
  });

  it("says when there are no replies yet, in Thai too", async () => {
    mockEndpoint(inboxEndpoints.listConversations, page([]));
    await renderApp(<ConversationsList />, { path: "/inbox" });
    expect(await screen.findByText("ยังไม่มีข้อความตอบกลับ ข้อความที่ผู้รับตอบกลับจะแสดงที่นี่")).toBeInTheDocument();
  });

  it("pages through the conversations", async () => {
    mockEndpoint(
      inboxEndpoints.listConversations,
      page([aConversation(3)], { total_item: 25, total_pages: 3 }),
    );
    await renderApp(<ConversationsList />, { path: "/en/inbox?page=2" });
    await screen.findByText("Reply 3");
    expect(screen.getByRole("navigation", { name: /pag/i })).toBeInTheDocument();
  });
});

describe("ConversationView", () => {
  it("shows the messages and replies oldest first, each announced as sent or reply", async () => {
    const one = mockEndpoint(inboxEndpoints.getConversation, {
      data: {
        phone_number: "0812345601",
        truncated: false,
        entries: [
          entry({ direction: "out", id: "7", text: "Our November promo", status: "delivered" }),
          entry({ id: "3", text: "PROMO", auto_reply: "sent" }),
          entry({
            direction: "out",
            id: "8",
            text: "Use code SAVE10",
            status: "sent",
            campaign_name: "0812345601",
          }),
          entry({ id: "4", text: "ยกเลิก", stop: true }),
        ],
      },
    });
    await renderApp(<ConversationView phone="0812345601" />, { path: "/en/inbox/0812345601" });
    const list = await screen.findByRole("list", { name: "Messages, oldest first" });
    const items = within(list).getAllByRole("listitem");
    expect(items.map((li) => within(li).getByRole("heading").textContent)).toEqual([
      "You sent · in November promo",
      "Reply · in November promo",
      "You sent · in 0812345601",
      "Reply · in November promo",
    ]);
    expect(items[0]).toHaveTextContent("Delivered");
    expect(items[1]).toHaveTextContent("Auto-reply sent");
    expect(items[3]).toHaveTextContent("Replied STOP: unsubscribed from marketing");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Conversation with 0812345601");
    expect(one.calls[0]?.params).toEqual({ phone: "0812345601" });
  });

  it("asks for one send's part of the conversation and offers the whole", async () => {
    const one = mockEndpoint(inboxEndpoints.getConversation, {
      data: { phone_number: "0812345601", truncated: true, entries: [entry({ text: "yes" })] },
    });
    await renderApp(<ConversationView phone="0812345601" campaignId={41} />, {
      path: "/en/inbox/0812345601?campaign_id=41",
    });
    await screen.findByText("yes");
    expect(one.calls[0]?.search).toEqual({ campaign_id: "41" });
    expect(screen.getByText("Only messages of November promo and the replies to them.")).toBeInTheDocument();
    expect(screen.getByText("Only the latest 200 messages are shown.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Show the whole conversation" })).toHaveAttribute(
      "href",
      "/en/inbox/0812345601",
    );
  });

  it("shows loading, then says a number that never replied is not found", async () => {
    mockEndpoint(inboxEndpoints.getConversation, () => neverAnswer());
    const { unmount } = await renderApp(<ConversationView phone="0800000000" />, {
      path: "/en/inbox/0800000000",
    });
    expect(await screen.findByRole("status")).toHaveTextContent("Loading the conversation…");
    unmount();
    mockEndpoint(inboxEndpoints.getConversation, apiError(404, "NOT_FOUND", "Not found"));
    await renderApp(<ConversationView phone="0800000000" />, { path: "/inbox/0800000000" });
    expect(await screen.findByRole("alert")).toHaveTextContent("หมายเลขนี้ยังไม่เคยตอบกลับข้อความของคุณ");
  });
});

describe("AutoReplySettings", () => {
  const rule: TAutoReplyRule = {
    id: 5,
    keyword: "Promo",
    reply: "Use code SAVE10",
    enabled: true,
    created_at: "2026-11-20T03:00:00.000Z",
    updated_at: "2026-11-20T03:00:00.000Z",
  };
  let create: MockedEndpoint<typeof inboxEndpoints.createRule>;
  let update: MockedEndpoint<typeof inboxEndpoints.updateRule>;
  let remove: MockedEndpoint<typeof inboxEndpoints.deleteRule>;
  let settings: MockedEndpoint<typeof inboxEndpoints.updateSettings>;
  beforeEach(() => {
    mockEndpoint(inboxEndpoints.listRules, { data: { entities: [rule] } });
    mockEndpoint(inboxEndpoints.getSettings, {
      data: { inbound_webhook_url: null, auto_reply_daily_limit: 500 },
    });
    create = mockEndpoint(inboxEndpoints.createRule, ({ body }) => ({ data: { ...rule, id: 6, ...body } }));
    update = mockEndpoint(inboxEndpoints.updateRule, ({ body }) => ({ data: { ...rule, ...body } }));
    remove = mockEndpoint(inboxEndpoints.deleteRule, { data: { id: 5 } });
    settings = mockEndpoint(inboxEndpoints.updateSettings, ({ body }) => ({ data: body }));
  });

  it("adds a rule, refusing STOP words before asking the server", async () => {
    const { user } = await renderApp(<AutoReplySettings />, { path: "/en/inbox/rules" });
    await screen.findByText("Use code SAVE10");
    await user.click(screen.getByTestId("add-rule"));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText(/Keyword/), "stop");
    await user.type(within(dialog).getByLabelText(/Auto-reply text/), "Bye");
    await user.click(within(dialog).getByTestId("rule-save"));
    expect(await within(dialog).findByTestId("field-error")).toHaveTextContent(
      "STOP and its Thai words unsubscribe the number: they cannot be a keyword.",
    );
    expect(create.calls).toHaveLength(0);
    await user.clear(within(dialog).getByLabelText(/Keyword/));
    await user.type(within(dialog).getByLabelText(/Keyword/), "ราคา");
    await user.click(within(dialog).getByTestId("rule-save"));
    await waitFor(() =>
      expect(create.calls[0]?.body).toEqual({ keyword: "ราคา", reply: "Bye", enabled: true }),
    );
  });

  it("shows the server's refusal of a keyword already taken", async () => {
    mockEndpoint(
      inboxEndpoints.createRule,
      apiError(409, "CONFLICT", 'There is already an auto-reply for the keyword "promo".', {
        details: [{ path: "keyword", message: 'There is already an auto-reply for the keyword "promo".' }],
      }),
    );
    const { user } = await renderApp(<AutoReplySettings />, { path: "/en/inbox/rules" });
    await user.click(await screen.findByTestId("add-rule"));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText(/Keyword/), "promo");
    await user.type(within(dialog).getByLabelText(/Auto-reply text/), "x");
    await user.click(within(dialog).getByTestId("rule-save"));
    expect(await within(dialog).findByTestId("field-error")).toHaveTextContent(
      'There is already an auto-reply for the keyword "promo".',
    );
  });

  it("edits and deletes a rule from its row", async () => {
    const { user } = await renderApp(<AutoReplySettings />, { path: "/en/inbox/rules" });
    await user.click(await screen.findByRole("button", { name: "Edit the auto-reply for Promo" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByTestId("rule-enabled"));
    await user.click(within(dialog).getByTestId("rule-save"));
    await waitFor(() =>
      expect(update.calls[0]).toMatchObject({
        params: { id: 5 },
        body: { keyword: "Promo", reply: "Use code SAVE10", enabled: false },
      }),
    );
    await user.click(screen.getByRole("button", { name: "Delete the auto-reply for Promo" }));
    const confirm = await screen.findByRole("alertdialog");
    expect(confirm).toHaveTextContent('Replies "Promo" will no longer be answered automatically.');
    mockEndpoint(inboxEndpoints.listRules, { data: { entities: [] } });
    await user.click(within(confirm).getByTestId("confirm-delete"));
    await waitFor(() => expect(remove.calls).toHaveLength(1));
    // The row's Delete button went with its row: the focus goes to the list, not to the page's top.
    await waitFor(() => expect(screen.getByTestId("rules-region")).toHaveFocus());
  });

  it("saves the inbound webhook URL and the daily budget, checking the URL first", async () => {
    const { user } = await renderApp(<AutoReplySettings />, { path: "/en/inbox/rules" });
    const url = await screen.findByLabelText(/Inbound webhook URL/);
    await user.type(url, "ftp://example.com");
    await user.click(screen.getByTestId("save-inbox-settings"));
    expect(await screen.findByTestId("field-error")).toHaveTextContent(
      "Please enter a web address starting with https:// or http://.",
    );
    expect(settings.calls).toHaveLength(0);
    await user.clear(url);
    await user.type(url, "https://example.com/sms/inbound");
    const limit = screen.getByLabelText(/Auto-replies per day at most/);
    await user.clear(limit);
    await user.type(limit, "50");
    await user.click(screen.getByTestId("save-inbox-settings"));
    await waitFor(() =>
      expect(settings.calls[0]?.body).toEqual({
        inbound_webhook_url: "https://example.com/sms/inbound",
        auto_reply_daily_limit: 50,
      }),
    );
  });
});
