import { AppError } from "../../errors.ts";

/** PGlite and node-postgres both expose the SQLSTATE as `code`, drizzle on the error's cause. */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/**
 * Runs a write whose only unique index is the one named by `field`: a duplicate answers 409 with
 * the message on that field. The database decides, so two requests at once cannot both pass.
 */
export async function conflictOn<T>(field: string, messageKey: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new AppError("CONFLICT", {
      messageKey,
      details: [{ path: field, message: messageKey }],
      cause: error,
    });
  }
}
