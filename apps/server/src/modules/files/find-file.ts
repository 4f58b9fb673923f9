import { schema } from "@sms/db";
import { memberMayReadUpload, USER_ROLE } from "@sms/domain";
import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { AppError } from "../../errors.ts";
import type { FileRecord } from "../../platform/upload.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Back-office staff: user role Admin (spec §6). */
export function isStaff(request: FastifyRequest): boolean {
  return request.auth.roles.includes(USER_ROLE.admin);
}

/**
 * A file the caller may read: staff (user role Admin) read any organization's files, anyone else
 * only the current organization's, and only of a kind the member's role may use (a payment slip
 * needs the orders right, sender evidence the senders right: UPLOAD_READ_RIGHTS, review S4-11),
 * refused like every role refusal with 403. Every other id, malformed ones included, is NOT_FOUND.
 */
export async function findFile(request: FastifyRequest, id: string): Promise<FileRecord> {
  if (!UUID.test(id)) throw new AppError("NOT_FOUND");
  if (isStaff(request)) {
    const [row] = await request.server.db.select().from(schema.files).where(eq(schema.files.id, id));
    if (!row) throw new AppError("NOT_FOUND");
    return row;
  }
  const { scope, memberRole, userId } = request.tenant;
  const file = await scope.findById(schema.files, id);
  if (!memberMayReadUpload(memberRole, file.kind, file.uploadedBy === userId)) {
    throw new AppError("FORBIDDEN", { messageKey: "errors.role_not_allowed" });
  }
  return file;
}
