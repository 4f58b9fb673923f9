import { createHash, randomBytes } from "node:crypto";
import { type Db, schema } from "@sms/db";
import type { TTokenPair } from "@sms/domain";
import { and, eq, inArray, isNull, ne } from "drizzle-orm";
import type { Config } from "../../config.ts";
import { AppError } from "../../errors.ts";
import { signToken } from "../../plugins/auth.ts";

export type SessionKind = "login" | "register";
export type RevokeReason =
  | "replaced"
  | "logout"
  | "password_changed"
  | "password_reset"
  | "refresh_reuse"
  | "staff";

type TokenConfig = Pick<Config, "jwtSecret" | "accessTokenTtl" | "refreshTokenTtl" | "sessionMaxAge">;

/**
 * A session lives `refreshTokenTtl` past its last refresh but never beyond `sessionMaxAge` after
 * its login: rotation alone must not keep a stolen refresh token alive for ever.
 */
function sessionExpiry(config: TokenConfig, createdAt: Date, now: Date): Date {
  return new Date(
    Math.min(
      now.getTime() + config.refreshTokenTtl * 1000,
      createdAt.getTime() + config.sessionMaxAge * 1000,
    ),
  );
}

/** 256 random bits, base64url; only its sha256 is stored. */
function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashRefreshToken(token) };
}

export function hashRefreshToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

async function issuePair(
  db: Db,
  config: TokenConfig,
  session: { id: string; kind: SessionKind; userId: number | null; createdAt: Date },
  now: Date,
): Promise<TTokenPair> {
  const refresh = newRefreshToken();
  const expiresAt = sessionExpiry(config, session.createdAt, now);
  await db
    .insert(schema.refreshTokens)
    .values({ sessionId: session.id, tokenHash: refresh.hash, createdAt: now, expiresAt });
  const token = await signToken(config, {
    sessionId: session.id,
    type: session.kind === "login" ? "access" : "register",
    userId: session.userId,
  });
  return { token, refresh_token: refresh.token };
}

/**
 * Opens a session (a refresh-token family). A login ends every other session of the user first:
 * one concurrent session per account (spec §9 terms, DESIGN §6).
 */
export async function startSession(
  db: Db,
  config: TokenConfig,
  input: { userId: number | null; kind: SessionKind; now?: Date },
): Promise<{ sessionId: string; pair: TTokenPair }> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    if (input.kind === "login" && input.userId !== null) {
      await revokeUserSessions(tx, input.userId, "replaced", now);
    }
    const [session] = await tx
      .insert(schema.authSessions)
      .values({
        userId: input.userId,
        kind: input.kind,
        createdAt: now,
        expiresAt: sessionExpiry(config, now, now),
      })
      .returning({ id: schema.authSessions.id });
    if (!session) throw new Error("session insert returned no row");
    const pair = await issuePair(tx, config, { id: session.id, ...input, createdAt: now }, now);
    return { sessionId: session.id, pair };
  });
}

/**
 * Trades a refresh token for a new pair. A token is good once: presenting an already rotated
 * token means it was stolen or replayed, so the whole family (session) is revoked.
 */
export async function rotateRefreshToken(
  db: Db,
  config: TokenConfig,
  refreshToken: string,
  now: Date = new Date(),
): Promise<TTokenPair> {
  const [row] = await db
    .select({
      tokenId: schema.refreshTokens.id,
      rotatedAt: schema.refreshTokens.rotatedAt,
      tokenExpiresAt: schema.refreshTokens.expiresAt,
      sessionId: schema.authSessions.id,
      kind: schema.authSessions.kind,
      userId: schema.authSessions.userId,
      createdAt: schema.authSessions.createdAt,
      revokedAt: schema.authSessions.revokedAt,
      revokeReason: schema.authSessions.revokeReason,
    })
    .from(schema.refreshTokens)
    .innerJoin(schema.authSessions, eq(schema.authSessions.id, schema.refreshTokens.sessionId))
    .where(eq(schema.refreshTokens.tokenHash, hashRefreshToken(refreshToken)));
  if (!row) throw new AppError("UNAUTHORIZED", { messageKey: "accounts.refresh_invalid" });
  if (row.revokedAt) {
    if (row.revokeReason === "replaced") throw new AppError("SESSION_REPLACED");
    throw new AppError("UNAUTHORIZED", { messageKey: "accounts.refresh_invalid" });
  }
  if (row.rotatedAt) {
    await revokeSession(db, row.sessionId, "refresh_reuse", now);
    throw new AppError("UNAUTHORIZED", { messageKey: "accounts.refresh_invalid" });
  }
  if (row.tokenExpiresAt.getTime() <= now.getTime()) {
    throw new AppError("UNAUTHORIZED", { messageKey: "accounts.refresh_invalid" });
  }
  if (row.createdAt.getTime() + config.sessionMaxAge * 1000 <= now.getTime()) {
    throw new AppError("UNAUTHORIZED", { messageKey: "accounts.session_ended" });
  }
  return db.transaction(async (tx) => {
    // The conditional update makes two concurrent uses of one token count as a reuse.
    const [rotated] = await tx
      .update(schema.refreshTokens)
      .set({ rotatedAt: now })
      .where(and(eq(schema.refreshTokens.id, row.tokenId), isNull(schema.refreshTokens.rotatedAt)))
      .returning({ id: schema.refreshTokens.id });
    if (!rotated) {
      await revokeSession(tx, row.sessionId, "refresh_reuse", now);
      throw new AppError("UNAUTHORIZED", { messageKey: "accounts.refresh_invalid" });
    }
    await tx
      .update(schema.authSessions)
      .set({ expiresAt: sessionExpiry(config, row.createdAt, now) })
      .where(eq(schema.authSessions.id, row.sessionId));
    return issuePair(
      tx,
      config,
      { id: row.sessionId, kind: row.kind, userId: row.userId, createdAt: row.createdAt },
      now,
    );
  });
}

export async function revokeSession(db: Db, sessionId: string, reason: RevokeReason, now = new Date()) {
  await db
    .update(schema.authSessions)
    .set({ revokedAt: now, revokeReason: reason })
    .where(and(eq(schema.authSessions.id, sessionId), isNull(schema.authSessions.revokedAt)));
  await db
    .update(schema.refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(schema.refreshTokens.sessionId, sessionId), isNull(schema.refreshTokens.revokedAt)));
}

/** Ends every open session of a user, optionally keeping one (the caller's); answers how many ended. */
export async function revokeUserSessions(
  db: Db,
  userId: number,
  reason: RevokeReason,
  now = new Date(),
  exceptSessionId?: string,
): Promise<number> {
  const open = and(
    eq(schema.authSessions.userId, userId),
    isNull(schema.authSessions.revokedAt),
    exceptSessionId ? ne(schema.authSessions.id, exceptSessionId) : undefined,
  );
  const revoked = await db
    .update(schema.authSessions)
    .set({ revokedAt: now, revokeReason: reason })
    .where(open)
    .returning({ id: schema.authSessions.id });
  if (revoked.length === 0) return 0;
  await db
    .update(schema.refreshTokens)
    .set({ revokedAt: now })
    .where(
      and(
        inArray(
          schema.refreshTokens.sessionId,
          revoked.map((r) => r.id),
        ),
        isNull(schema.refreshTokens.revokedAt),
      ),
    );
  return revoked.length;
}
