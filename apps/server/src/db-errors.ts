import { TEXT_UNSUPPORTED_CHARACTER } from "@sms/domain";
import { AppError } from "./errors.ts";
import type { MessageKey } from "./i18n/index.ts";

/** SQLSTATEs the modules translate. */
export const PG_ERROR = {
  uniqueViolation: "23505",
  checkViolation: "23514",
  deadlockDetected: "40P01",
  serializationFailure: "40001",
  /** A NUL byte in `text` ("invalid byte sequence for encoding UTF8: 0x00"). */
  characterNotInRepertoire: "22021",
  /** A `\u0000` escape in `jsonb`. */
  untranslatableCharacter: "22P05",
} as const;

/**
 * The PostgreSQL error inside an error chain: PGlite and node-postgres both expose the SQLSTATE as
 * `code` (and the constraint's name), drizzle wraps them as the `cause` of its own error.
 */
export function pgErrorOf(error: unknown): { code?: string; constraint?: string } {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, constraint: typeof constraint === "string" ? constraint : undefined };
    }
  }
  return {};
}

/** A unique index refused the write (any index, or the one named). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pg = pgErrorOf(error);
  return pg.code === PG_ERROR.uniqueViolation && (constraint === undefined || pg.constraint === constraint);
}

/**
 * Runs a write whose only unique index is the one named by `field`: a duplicate answers 409 with
 * the message on that field. The database decides, so two requests at once cannot both pass.
 */
export async function conflictOn<T>(
  field: string,
  messageKey: MessageKey,
  write: () => Promise<T>,
): Promise<T> {
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

/**
 * Text the database cannot store that got past the contracts (whose text primitive refuses it,
 * ADR 0031): the caller's input, so a 400 with the primitive's message, not a 500 and an error log.
 */
export function unstorableTextError(error: unknown): AppError | undefined {
  const { code } = pgErrorOf(error);
  if (code !== PG_ERROR.characterNotInRepertoire && code !== PG_ERROR.untranslatableCharacter)
    return undefined;
  return new AppError("VALIDATION", { messageKey: TEXT_UNSUPPORTED_CHARACTER, cause: error });
}
