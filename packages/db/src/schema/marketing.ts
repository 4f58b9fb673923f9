import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./core.ts";

/** Where a contact message stands in staff's small inbox. */
export const CONTACT_SUBMISSION_STATUSES = ["new", "answered"] as const;

/**
 * Messages sent from the public contact-us form. Kept even when the notification e-mail fails,
 * so staff can always read them; `emailed_at` records the hand-over to the mailer.
 */
export const contactSubmissions = pgTable(
  "contact_submissions",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    company: text("company"),
    topic: text("topic").notNull(),
    message: text("message").notNull(),
    locale: text("locale").notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    emailedAt: timestamp("emailed_at", { withTimezone: true }),
    /** new until a member of staff marks it answered (issue 24 D70). */
    status: text("status", { enum: CONTACT_SUBMISSION_STATUSES }).notNull().default("new"),
    /** The member of staff who looks after it; null when nobody does yet. */
    assigneeUserId: integer("assignee_user_id").references(() => users.id, { onDelete: "set null" }),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
  },
  (t) => [
    index("contact_submissions_created_idx").on(t.createdAt),
    index("contact_submissions_new_idx").on(t.createdAt).where(sql`${t.status} = 'new'`),
  ],
);
