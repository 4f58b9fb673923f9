import { schema } from "@sms/db";
import type { Locale, ZContactUsRequest } from "@sms/domain";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import type { AppDeps } from "../../platform/deps.ts";
import { contactMailJob } from "./jobs.ts";

export type SubmitContactOptions = {
  input: z.output<typeof ZContactUsRequest>;
  locale: Locale;
  ip: string | null;
  userAgent: string | null;
};
export type SubmitContactResult = { id: number | null };

/**
 * Stores a contact-us message and queues its e-mail to the support address in the same
 * transaction. A honeypot hit is answered like a success but neither stored nor sent.
 */
export async function submitContact(
  deps: Pick<AppDeps, "db" | "jobs"> & { log: FastifyBaseLogger },
  { input, locale, ip, userAgent }: SubmitContactOptions,
): Promise<SubmitContactResult> {
  if (input.website && input.website.trim() !== "") {
    deps.log.info({ ip }, "contact form honeypot filled; ignored");
    return { id: null };
  }
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(schema.contactSubmissions)
      .values({
        name: input.name,
        email: input.email,
        phone: input.phone ?? null,
        company: input.company ?? null,
        topic: input.topic,
        message: input.message,
        locale,
        ip,
        userAgent: userAgent?.slice(0, 500) ?? null,
      })
      .returning({ id: schema.contactSubmissions.id });
    if (!row) throw new Error("contact submission insert returned no row");
    await deps.jobs.enqueue(contactMailJob, { submissionId: row.id }, { tx });
    return { id: row.id };
  });
}
