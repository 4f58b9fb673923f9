import { schema } from "@sms/db";
import { USER_ROLE } from "@sms/domain";
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
 * only the current organization's. Every other id, malformed ones included, is NOT_FOUND.
 */
export async function findFile(request: FastifyRequest, id: string): Promise<FileRecord> {
  if (!UUID.test(id)) throw new AppError("NOT_FOUND");
  if (isStaff(request)) {
    const [row] = await request.server.db.db.select().from(schema.files).where(eq(schema.files.id, id));
    if (!row) throw new AppError("NOT_FOUND");
    return row;
  }
  return request.tenant.scope.findById(schema.files, id);
}
