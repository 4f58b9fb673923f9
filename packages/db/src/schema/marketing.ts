import { index, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

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
  },
  (t) => [index("contact_submissions_created_idx").on(t.createdAt)],
);
