import { schema } from "@sms/db";
import type { Locale, TCreateSenderBody, TSender } from "@sms/domain";
import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { isUniqueViolation } from "../../db-errors.ts";
import { AppError } from "../../errors.ts";
import type { TenantScope } from "../../platform/tenant.ts";
import { withEvidence } from "./sender-extras.ts";

export interface CreateSenderOptions {
  scope: TenantScope;
  userId: number;
  input: TCreateSenderBody;
  locale: Locale;
}
export type CreateSenderResult = TSender;

const t = schema.senders;

const nameTaken = () =>
  new AppError("CONFLICT", {
    messageKey: "senders.name_taken",
    details: [{ path: "name", message: "senders.name_taken" }],
  });

/**
 * Records a pending sender request (spec §4) with its evidence: up to 5 documents, each with its
 * kind and a file this organization uploaded as sender evidence (sniffed and capped by POST
 * /c/files), and/or a website link (review D20). A name the
 * organization already has pending or approved, or the shared default's name, is refused with 409;
 * the unique partial index settles two requests racing for the same name.
 */
export async function createSender({
  scope,
  userId,
  input,
  locale,
}: CreateSenderOptions): Promise<CreateSenderResult> {
  const [taken] = await scope.db
    .select({ id: t.id })
    .from(t)
    .where(
      and(
        eq(sql`lower(${t.name})`, input.name.toLowerCase()),
        or(isNull(t.organizationId), scope.where(t, inArray(t.status, ["pending", "approved"]))),
      ),
    )
    .limit(1);
  if (taken) throw nameTaken();

  const fileIds = input.evidence_documents.map((d) => d.file_id);
  if (fileIds.length > 0) {
    const f = schema.files;
    const owned = await scope.db
      .select({ id: f.id })
      .from(f)
      .where(scope.where(f, inArray(f.id, fileIds), eq(f.kind, "sender_evidence")));
    if (owned.length !== fileIds.length) {
      throw new AppError("VALIDATION", {
        messageKey: "senders.evidence_files_invalid",
        details: [{ path: "evidence_documents", message: "senders.evidence_files_invalid" }],
      });
    }
  }

  let row: typeof t.$inferSelect | undefined;
  try {
    row = await scope.db.transaction(async (tx) => {
      const [sender] = await tx
        .insert(t)
        .values(
          scope.stamp({
            name: input.name,
            companyName: input.company_name,
            type: input.type,
            accountType: input.account_type,
            evidenceUrl: input.evidence_url,
            exampleMessage: input.example_message,
            requestedBy: userId,
          }),
        )
        .returning();
      if (!sender) throw new Error("sender insert returned no row");
      if (input.evidence_documents.length > 0) {
        await tx.insert(schema.senderEvidenceFiles).values(
          // In the customer's order (ADR 87): uploads finish in any order.
          input.evidence_documents.map((d, position) => ({
            senderId: sender.id,
            fileId: d.file_id,
            kind: d.kind,
            position,
          })),
        );
      }
      return sender;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
  const [sender] = await withEvidence(scope.db, [row], locale);
  if (!sender) throw new Error("withEvidence dropped the sender");
  return sender;
}
