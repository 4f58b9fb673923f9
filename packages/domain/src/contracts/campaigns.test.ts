import { describe, expect, it } from "vitest";
import {
  ZCampaignPreviewRequest,
  ZCreateCampaignRequest,
  ZFileCampaignFields,
  ZFileCampaignForm,
  ZFileCampaignQuery,
  ZMessagesQuery,
  ZSendMessageRequest,
} from "./campaigns.ts";

const messagesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => result.error?.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message })) ?? [];

describe("ZSendMessageRequest", () => {
  it.each(["0812345678", "+66812345678", "66812345678", "081-234-5678"])(
    "takes %s and answers the 66 form",
    (phone) => {
      const parsed = ZSendMessageRequest.parse({
        phone_number: phone,
        sender: " Shop ",
        message: " Hi ",
        purpose: "general",
      });
      expect(parsed).toEqual({
        phone_number: "66812345678",
        sender: "Shop",
        message: "Hi",
        purpose: "general",
        track_links: false,
        opt_out_link: true,
      });
    },
  );

  it('takes opt_out_link as a boolean, on unless false (a multipart field: "false" alone turns it off)', () => {
    const body = { phone_number: "0812345678", sender: "S", message: "Hi", purpose: "marketing" };
    expect(ZSendMessageRequest.parse(body).opt_out_link).toBe(true);
    expect(ZSendMessageRequest.parse({ ...body, opt_out_link: false }).opt_out_link).toBe(false);
    expect(messagesOf(ZSendMessageRequest.safeParse({ ...body, opt_out_link: "no" }))).toEqual([
      { path: "opt_out_link", message: "campaigns.validation.opt_out_link_invalid" },
    ]);
    const fields = { sender: "S", purpose: "marketing", message: "Hi" };
    expect(ZFileCampaignFields.parse({ ...fields, opt_out_link: "" }).opt_out_link).toBe(true);
    expect(ZFileCampaignFields.parse({ ...fields, opt_out_link: "false" }).opt_out_link).toBe(false);
    expect(messagesOf(ZFileCampaignFields.safeParse({ ...fields, opt_out_link: "off" }))).toEqual([
      { path: "opt_out_link", message: "campaigns.validation.opt_out_link_invalid" },
    ]);
  });

  it("takes track_links as a boolean only", () => {
    const body = { phone_number: "0812345678", sender: "S", message: "Hi", purpose: "general" };
    expect(ZSendMessageRequest.parse({ ...body, track_links: true }).track_links).toBe(true);
    expect(messagesOf(ZSendMessageRequest.safeParse({ ...body, track_links: "yes" }))).toEqual([
      { path: "track_links", message: "campaigns.validation.track_links_invalid" },
    ]);
  });

  it.each(["0212345678", "081234567", "6681234567", "", "abc"])(
    "refuses %j as an invalid recipient",
    (phone) => {
      const result = ZSendMessageRequest.safeParse({
        phone_number: phone,
        sender: "S",
        message: "Hi",
        purpose: "general",
      });
      expect(messagesOf(result)).toEqual([{ path: "phone_number", message: "validation.recipient_invalid" }]);
    },
  );

  it("refuses an empty, too long or purposeless message", () => {
    const base = { phone_number: "0812345678", sender: "S", purpose: "general" };
    expect(messagesOf(ZSendMessageRequest.safeParse({ ...base, message: "  " }))).toEqual([
      { path: "message", message: "campaigns.validation.message_required" },
    ]);
    expect(messagesOf(ZSendMessageRequest.safeParse({ ...base, message: "ก".repeat(1001) }))).toEqual([
      { path: "message", message: "campaigns.validation.message_too_long" },
    ]);
    expect(messagesOf(ZSendMessageRequest.safeParse({ ...base, message: "Hi", purpose: "spam" }))).toEqual([
      { path: "purpose", message: "campaigns.validation.purpose_invalid" },
    ]);
  });
});

describe("ZCreateCampaignRequest", () => {
  const base = { name: "Spring", sender: "Shop", purpose: "marketing" };

  it("needs groups or manual contacts, and a message or a template", () => {
    expect(messagesOf(ZCreateCampaignRequest.safeParse({ ...base, manual_contacts: " \n" }))).toEqual([
      { path: "group_ids", message: "validation.recipients_required" },
      { path: "message", message: "campaigns.validation.message_required" },
    ]);
    expect(ZCreateCampaignRequest.safeParse({ ...base, group_ids: [3], template_id: 4 }).success).toBe(true);
  });

  it("refuses tags other than the template tags", () => {
    expect(
      messagesOf(ZCreateCampaignRequest.safeParse({ ...base, group_ids: [1], message: "Hi {nick}" })),
    ).toEqual([{ path: "message", message: "campaigns.validation.unknown_tag" }]);
  });

  it("lets a preview leave out the name and the sender", () => {
    expect(
      ZCampaignPreviewRequest.safeParse({ purpose: "general", manual_contacts: "0812345678", message: "Hi" })
        .success,
    ).toBe(true);
    expect(
      ZCreateCampaignRequest.safeParse({ purpose: "general", manual_contacts: "0812345678", message: "Hi" })
        .success,
    ).toBe(false);
  });
});

describe("ZFileCampaignFields", () => {
  it("reads multipart text: blanks are missing, the template id a number", () => {
    expect(
      ZFileCampaignFields.parse({
        name: "",
        sender: "Shop",
        purpose: "general",
        template_id: "12",
        message: " ",
      }),
    ).toEqual({
      sender: "Shop",
      purpose: "general",
      template_id: 12,
      track_links: false,
      opt_out_link: true,
    });
    expect(messagesOf(ZFileCampaignFields.safeParse({ sender: "Shop", purpose: "general" }))).toEqual([
      { path: "message", message: "campaigns.validation.message_required" },
    ]);
  });

  it("takes track_links as the multipart text true or false", () => {
    const fields = { sender: "Shop", purpose: "general", message: "Hi" };
    expect(ZFileCampaignFields.parse({ ...fields, track_links: "true" }).track_links).toBe(true);
    expect(ZFileCampaignFields.parse({ ...fields, track_links: "false" }).track_links).toBe(false);
    expect(ZFileCampaignFields.parse({ ...fields, track_links: "" }).track_links).toBe(false);
    expect(messagesOf(ZFileCampaignFields.safeParse({ ...fields, track_links: "on" }))).toEqual([
      { path: "track_links", message: "campaigns.validation.track_links_invalid" },
    ]);
  });

  it("takes dry_run as true or false", () => {
    expect(ZFileCampaignQuery.parse({ dry_run: "true" })).toEqual({ dry_run: true });
    expect(ZFileCampaignQuery.parse({})).toEqual({ dry_run: false });
    expect(ZFileCampaignQuery.safeParse({ dry_run: "yes" }).success).toBe(false);
  });
});

describe("ZMessagesQuery", () => {
  it("always has a period: the last 7 days unless given, at most 31", () => {
    const now = Date.now();
    const parsed = ZMessagesQuery.parse({});
    expect(parsed.range.days).toBe(7);
    expect(parsed.range.end.getTime()).toBeGreaterThan(now);
    expect(ZMessagesQuery.safeParse({ start: "2025-01-01", end: "2025-02-15" }).success).toBe(false);
  });
});

describe("ZFileCampaignForm", () => {
  const valid = {
    name: "",
    sender: "Shop",
    purpose: "general",
    message: " Hi {name} ",
    phone_column: "",
    track_links: false,
  };

  it("takes a blank name (the file's) and trims the message", () => {
    expect(ZFileCampaignForm.parse(valid)).toMatchObject({ name: "", message: "Hi {name}" });
  });

  it("refuses with the send contract's keys", () => {
    const result = ZFileCampaignForm.safeParse({
      ...valid,
      name: "x".repeat(101),
      sender: " ",
      purpose: "spam",
      message: "  ",
    });
    expect(messagesOf(result)).toEqual([
      { path: "name", message: "campaigns.validation.name_too_long" },
      { path: "sender", message: "campaigns.validation.sender_required" },
      { path: "purpose", message: "campaigns.validation.purpose_invalid" },
      { path: "message", message: "campaigns.validation.message_required" },
    ]);
  });

  it("refuses a message over the length and a lone surrogate, as the API does", () => {
    expect(messagesOf(ZFileCampaignForm.safeParse({ ...valid, message: "a".repeat(1001) }))).toEqual([
      { path: "message", message: "campaigns.validation.message_too_long" },
    ]);
    expect(ZFileCampaignForm.safeParse({ ...valid, message: "Hi \ud800" }).success).toBe(false);
  });
});
