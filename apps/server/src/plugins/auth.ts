import { randomUUID } from "node:crypto";
import { schema } from "@sms/db";
import { USER_ROLE } from "@sms/domain/roles";
import { and, eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import type { Config } from "../config.ts";
import { AppError } from "../errors.ts";

/** `access` tokens are for signed-in users; `register` tokens only reach the registration verify steps. */
export type TokenType = "access" | "register";

export interface AuthContext {
  /** 0 for the decoy registration session (see docs/api-accounts.md); only register-token routes see it. */
  userId: number;
  sessionId: string;
  tokenType: TokenType;
  /**
   * The current organization (the user's default one) while the user is still a member of it,
   * resolved from `members` on every request; null once the membership is gone.
   */
  organizationId: number | null;
  /** The caller's member role in that organization (spec §6: 1, 2 or 100); null without one. */
  memberRole: number | null;
  /** Staff's suspension of that organization, read in the same query (checked by requireMember). */
  suspension: Suspension | null;
  roles: number[];
  decoy: boolean;
  /**
   * The user has proven the account's phone number (ADR 32: the free trial, sends, API keys and
   * orders need it), read in the same query.
   */
  phoneVerified: boolean;
}

export interface Suspension {
  until: Date;
  reason: string | null;
}

declare module "fastify" {
  interface FastifyRequest {
    auth: AuthContext;
  }
}

const ALGORITHM = "HS256";
const ISSUER = "sms-portal";
const AUDIENCE = "sms-portal-api";

const keys = new Map<string, Uint8Array>();
function keyOf(secret: string): Uint8Array {
  let key = keys.get(secret);
  if (!key) {
    key = new TextEncoder().encode(secret);
    keys.set(secret, key);
  }
  return key;
}

/**
 * Signs a short-lived token bound to a session. Register tokens carry no user id so the decoy
 * answered to a duplicate registration cannot be told apart by decoding it.
 */
export async function signToken(
  config: Pick<Config, "jwtSecret" | "accessTokenTtl">,
  claims: { sessionId: string; type: TokenType; userId: number | null },
): Promise<string> {
  const jwt = new SignJWT({ typ: claims.type, sid: claims.sessionId })
    .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setJti(randomUUID())
    .setExpirationTime(`${config.accessTokenTtl}s`);
  if (claims.type === "access" && claims.userId !== null) jwt.setSubject(String(claims.userId));
  return jwt.sign(keyOf(config.jwtSecret));
}

async function verifyToken(secret: string, token: string): Promise<{ type: TokenType; sessionId: string }> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCE,
      typ: "JWT",
      requiredClaims: ["exp", "iat", "sid", "typ"],
    });
    if ((payload.typ !== "access" && payload.typ !== "register") || typeof payload.sid !== "string") {
      throw new AppError("UNAUTHORIZED");
    }
    return { type: payload.typ, sessionId: payload.sid };
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof joseErrors.JOSEError) throw new AppError("UNAUTHORIZED", { cause: err });
    throw err;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AuthenticateOptions {
  /** Also accept `token_register` (registration verify steps, logout). */
  allowRegister?: boolean;
}

/** A request hook; usable as onRequest (authentication before validation) or preHandler. */
export type RequestGuard = (request: FastifyRequest) => Promise<void>;

/**
 * Hook that verifies the bearer JWT and checks its session in the database on every request, so
 * a new login elsewhere, a logout or a password change ends old access tokens at once.
 */
export function authenticate(options: AuthenticateOptions = {}): RequestGuard {
  return async function authenticateRequest(request: FastifyRequest) {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match?.[1]) throw new AppError("UNAUTHORIZED");
    const { config, db } = request.server;
    const claims = await verifyToken(config.jwtSecret, match[1]);
    if (claims.type === "register" && !options.allowRegister) {
      // 403, not 401: refreshing would only give another register token.
      throw new AppError("FORBIDDEN", { messageKey: "accounts.register_token_not_allowed" });
    }
    if (!UUID.test(claims.sessionId)) throw new AppError("UNAUTHORIZED");

    const [row] = await db
      .select({
        userId: schema.authSessions.userId,
        kind: schema.authSessions.kind,
        expiresAt: schema.authSessions.expiresAt,
        revokedAt: schema.authSessions.revokedAt,
        revokeReason: schema.authSessions.revokeReason,
        pendingPhone: schema.authSessions.pendingPhone,
        roles: schema.users.roles,
        phoneVerifiedAt: schema.users.phoneNumberVerifiedAt,
        organizationId: schema.members.organizationId,
        memberRole: schema.members.role,
        suspendedUntil: schema.organizations.suspendedUntil,
        suspensionReason: schema.organizations.suspensionReason,
      })
      .from(schema.authSessions)
      .leftJoin(schema.users, eq(schema.users.id, schema.authSessions.userId))
      .leftJoin(
        schema.members,
        and(
          eq(schema.members.userId, schema.authSessions.userId),
          eq(schema.members.organizationId, schema.users.defaultOrganizationId),
        ),
      )
      .leftJoin(schema.organizations, eq(schema.organizations.id, schema.members.organizationId))
      .where(eq(schema.authSessions.id, claims.sessionId));
    if (!row || row.kind !== (claims.type === "access" ? "login" : "register")) {
      throw new AppError("UNAUTHORIZED");
    }
    if (row.revokedAt) {
      if (row.revokeReason === "replaced") throw new AppError("SESSION_REPLACED");
      throw new AppError("UNAUTHORIZED", { messageKey: "accounts.session_ended" });
    }
    if (row.expiresAt.getTime() <= Date.now()) throw new AppError("UNAUTHORIZED");
    // A register session answers like a decoy when bound to no user, or when its registration was
    // corrected to an address of another account (ADR 36): the pending addresses are the session's.
    const decoy = row.userId === null || row.pendingPhone !== null;
    if (decoy && claims.type !== "register") throw new AppError("UNAUTHORIZED");

    request.auth = {
      userId: row.userId ?? 0,
      sessionId: claims.sessionId,
      tokenType: claims.type,
      organizationId: row.organizationId ?? null,
      memberRole: row.memberRole ?? null,
      suspension: row.suspendedUntil ? { until: row.suspendedUntil, reason: row.suspensionReason } : null,
      roles: row.roles ?? [],
      decoy,
      phoneVerified: row.phoneVerifiedAt !== null && row.phoneVerifiedAt !== undefined,
    };
  };
}

/**
 * The back office's guard: a signed-in user who is not staff gets the same 404 as an unknown route,
 * so the admin API does not reveal itself (issue 10).
 */
export function requireStaff(): RequestGuard {
  return async function requireStaffHandler(request: FastifyRequest) {
    if (!request.auth) throw new AppError("UNAUTHORIZED");
    if (!request.auth.roles.includes(USER_ROLE.admin)) throw new AppError("ROUTE_NOT_FOUND");
  };
}

/** preHandler for routes that need a user role (spec §6), e.g. requireRole(1000) for admin routes. */
export function requireRole(role: number): RequestGuard {
  return async function requireRoleHandler(request: FastifyRequest) {
    if (!request.auth) throw new AppError("UNAUTHORIZED");
    if (!request.auth.roles.includes(role)) throw new AppError("FORBIDDEN");
  };
}
