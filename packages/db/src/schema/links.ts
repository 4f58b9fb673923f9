import { bigint, bigserial, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { organizations } from "./core.ts";

/**
 * A link of a campaign's text shortened to our domain (issue 13 point 4). Each recipient gets
 * `/l/<code><seq in fixed-width base62>`, so the link's length is known before sending and no row
 * is written per recipient.
 */
export const trackedLinks = pgTable(
  "tracked_links",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    campaignId: bigint("campaign_id", { mode: "number" }).notNull(),
    code: text("code").notNull().unique("tracked_links_code_unique"),
    url: text("url").notNull(),
    /**
     * The campaign's key of the keyed permutation that turns a recipient's seq into the token's
     * last part (ADR 35; the same on every link of the campaign). Null: a link made before ADR 35,
     * whose tokens carry the seq itself.
     */
    tokenKey: text("token_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("tracked_links_campaign_idx").on(t.campaignId)],
);

/** A counted click (GET by a person: HEAD requests and link-preview crawlers are not counted). */
export const linkClicks = pgTable(
  "link_clicks",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    linkId: bigint("link_id", { mode: "number" }).notNull(),
    organizationId: integer("organization_id").notNull(),
    campaignId: bigint("campaign_id", { mode: "number" }).notNull(),
    /** The recipient's seq within the campaign. */
    seq: integer("seq").notNull(),
    clickedAt: timestamp("clicked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("link_clicks_campaign_seq_idx").on(t.campaignId, t.seq),
    index("link_clicks_link_idx").on(t.linkId),
    // The per-campaign click budget counts the last minute's clicks (ADR 35).
    index("link_clicks_campaign_time_idx").on(t.campaignId, t.clickedAt),
  ],
);

/**
 * The opt-out footer of a marketing send (issue 27 point 1, ADR 93): one row per send that carries
 * it. Each recipient's footer links to `/u/<code><part>`, where `part` is the recipient's seq through
 * the send's keyed permutation (the same as a tracked link's, ADR 35): fixed width, so the parts and
 * credits are known before any token exists, and no row is written per recipient. The unsubscribe
 * page turns a token back into (organization, campaign, seq) and so into the message's number.
 */
export const optOutLinks = pgTable("opt_out_links", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  organizationId: integer("organization_id")
    .notNull()
    .references(() => organizations.id, { onDelete: "cascade" }),
  campaignId: bigint("campaign_id", { mode: "number" }).notNull().unique("opt_out_links_campaign_unique"),
  code: text("code").notNull().unique("opt_out_links_code_unique"),
  /** The send's key of the keyed permutation (32 hex digits). */
  tokenKey: text("token_key").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
