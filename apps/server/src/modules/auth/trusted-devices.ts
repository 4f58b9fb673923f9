import { createHash, randomBytes } from "node:crypto";
import { type Db, schema } from "@sms/db";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";

/** The httpOnly cookie that marks a browser the account signed in from (ADR 0004). */
export const DEVICE_COOKIE = "sms_device";
/** Only the guest calls that the device changes see the cookie: login and forgot-password. */
export const DEVICE_COOKIE_PATH = "/api/v1/c/guest";
export const DEVICE_TTL_SECONDS = 180 * 24 * 3600;

export interface TrustedDevice {
  id: string;
  userId: number;
}

function hashDeviceToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function deviceTokenOf(request: FastifyRequest): string | undefined {
  const token = request.cookies[DEVICE_COOKIE];
  return token && token.length <= 100 ? token : undefined;
}

/**
 * The device the token names when it is trusted by `userId`. One lookup by token whatever the
 * username, so a caller holding a device cookie cannot time the answer to learn about accounts.
 */
export async function findTrustedDevice(
  db: Db,
  token: string | undefined,
  userId: number | undefined,
  now: Date,
): Promise<TrustedDevice | null> {
  if (!token) return null;
  const d = schema.trustedDevices;
  const [row] = await db
    .select({ id: d.id, userId: d.userId })
    .from(d)
    .where(and(eq(d.tokenHash, hashDeviceToken(token)), isNull(d.revokedAt), gt(d.expiresAt, now)));
  return row && row.userId === userId ? row : null;
}

/** Trusts the browser that just signed in; the token it presented (if any) is replaced. */
export async function trustDevice(db: Db, userId: number, previous: TrustedDevice | null, now: Date) {
  const token = randomBytes(32).toString("base64url");
  if (previous) await revokeDevice(db, previous.id, now);
  await db.insert(schema.trustedDevices).values({
    userId,
    tokenHash: hashDeviceToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + DEVICE_TTL_SECONDS * 1000),
  });
  return token;
}

export async function revokeDevice(db: Db, deviceId: string, now: Date): Promise<void> {
  await db
    .update(schema.trustedDevices)
    .set({ revokedAt: now })
    .where(and(eq(schema.trustedDevices.id, deviceId), isNull(schema.trustedDevices.revokedAt)));
}

/** A password reset or change may follow a compromise: no device stays trusted. */
export async function revokeUserDevices(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .update(schema.trustedDevices)
    .set({ revokedAt: now })
    .where(and(eq(schema.trustedDevices.userId, userId), isNull(schema.trustedDevices.revokedAt)));
}

export function setDeviceCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(DEVICE_COOKIE, token, {
    path: DEVICE_COOKIE_PATH,
    httpOnly: true,
    sameSite: "strict",
    secure,
    maxAge: DEVICE_TTL_SECONDS,
  });
}
