import { schema } from "@sms/db";
import type { TContactImport } from "@sms/domain";
import { and, eq, inArray } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { isUniqueViolation } from "../../db-errors.ts";
import { AppError } from "../../errors.ts";
import type { JobQueue } from "../../jobs/job-queue.ts";
import { deleteUploadRow, receiveUpload } from "../../platform/upload.ts";
import { parseContactImportJob } from "./jobs.ts";
import { presentImport } from "./present-import.ts";

const UNFINISHED = ["parsing", "preview", "importing"] as const;
const inProgress = () => new AppError("CONFLICT", { messageKey: "contact_imports.in_progress" });

/**
 * POST /c/contact-groups/{id}/contacts/import: the group must be the organization's (404
 * otherwise) and have no unfinished import (409, the page shows that one instead; a unique index
 * settles two uploads racing past the check); the file goes
 * through the one upload mechanism (CSV/XLSX only, sniffed); the import and its parse job are
 * written in one transaction, so there is never an import without its job or the other way round.
 */
export async function startImport(
  request: FastifyRequest,
  deps: { jobs: JobQueue },
  groupId: number,
): Promise<TContactImport> {
  const { scope, userId } = request.tenant;
  const group = await scope.findById(schema.contactGroups, groupId);
  const imports = schema.contactImports;
  const [running] = await scope.db
    .select({ id: imports.id })
    .from(imports)
    .where(scope.where(imports, and(eq(imports.groupId, group.id), inArray(imports.status, UNFINISHED))))
    .limit(1);
  if (running) throw inProgress();

  const { file } = await receiveUpload(request, "contact_import");
  const record = await scope.db
    .transaction(async (tx) => {
      const [member] = await tx
        .select({ id: schema.members.id })
        .from(schema.members)
        .where(scope.where(schema.members, eq(schema.members.userId, userId)));
      const [row] = await tx
        .insert(imports)
        .values(scope.stamp({ groupId: group.id, fileId: file.id, memberId: member?.id ?? null, userId }))
        .returning();
      if (!row) throw new Error("contact_imports insert returned no row");
      await deps.jobs.enqueue(parseContactImportJob, { importId: row.id }, { tx });
      return row;
    })
    .catch(async (error: unknown) => {
      // Another upload to this group won the race since the check above: its import stands, and
      // this file, now of no use, is removed with its row.
      if (!isUniqueViolation(error, "contact_imports_group_unfinished_unique")) throw error;
      const storageKey = await deleteUploadRow(scope.db, scope.organizationId, file.id);
      if (storageKey) await request.server.storage.delete(storageKey);
      throw inProgress();
    });
  return presentImport(record, file.originalName, request.locale);
}
