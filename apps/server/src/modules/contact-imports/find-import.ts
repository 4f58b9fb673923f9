import { type Db, schema } from "@sms/db";
import { eq } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import type { TenantScope } from "../../platform/tenant.ts";
import type { ImportRecord } from "./present-import.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface FoundImport {
  record: ImportRecord;
  fileName: string;
}

/**
 * An import of the current organization with its file's name; any other id, malformed ones
 * included, is NOT_FOUND. `lock` takes the row for the rest of the transaction (`scope.db` is
 * then the transaction), so two decisions on one import are made one after the other.
 */
export async function findImport(
  scope: TenantScope,
  id: string,
  options: { lock?: boolean } = {},
): Promise<FoundImport> {
  if (!UUID.test(id)) throw new AppError("NOT_FOUND");
  const query = scope.db
    .select({ record: schema.contactImports, fileName: schema.files.originalName })
    .from(schema.contactImports)
    .innerJoin(schema.files, eq(schema.files.id, schema.contactImports.fileId))
    .where(scope.where(schema.contactImports, eq(schema.contactImports.id, id)));
  const [row] = options.lock ? await query.for("update", { of: schema.contactImports }) : await query;
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}

/** The import by id for a job (no tenant: the id came from a payload the server wrote). */
export async function loadImport(db: Db, id: string): Promise<ImportRecord | undefined> {
  const [row] = await db.select().from(schema.contactImports).where(eq(schema.contactImports.id, id));
  return row;
}
