import { randomBytes } from "node:crypto";
import { hash } from "@node-rs/argon2";
import { createOrganization, schema } from "@sms/db";
import { MEMBER_ROLE } from "@sms/domain";
import { expect } from "vitest";
import type { TestContext } from "./test-app.ts";

/** Test fixtures for organization data: a signed-in member of a fresh organization. */

export interface TestTenant {
  userId: number;
  organizationId: number;
  email: string;
  password: string;
  token: string;
  headers: { authorization: string };
}

let sequence = 0;
let passwordHash: Promise<string> | undefined;

/** A unique Thai mobile number in 66 form that no real person has (0 after 66 is not a mobile prefix). */
function uniquePhone(): string {
  sequence += 1;
  return `6680${String(process.pid % 10_000).padStart(4, "0")}${String(sequence).padStart(3, "0")}`;
}

/** Creates a verified user who owns a new organization, and signs in through the real login route. */
export async function createTenant(
  t: TestContext,
  options: { name?: string; roles?: number[] } = {},
): Promise<TestTenant> {
  const password = "secret123";
  // argon2id at its cheapest: every sign-in of a fixture user verifies this hash (about 17 ms of CPU
  // each at the production cost, hundreds of times a run); register.test.ts checks the real cost.
  passwordHash ??= hash(password, { memoryCost: 1024, timeCost: 1, parallelism: 1 });
  const email = `tenant-${randomBytes(5).toString("hex")}@example.com`;
  const now = new Date();
  const { userId, organizationId } = await t.db.transaction(async (tx) => {
    const [user] = await tx
      .insert(schema.users)
      .values({
        firstName: "Test",
        lastName: options.name ?? "Tenant",
        email,
        phoneNumber: uniquePhone(),
        passwordHash: await passwordHash!,
        roles: options.roles ?? [1],
        phoneNumberVerifiedAt: now,
        emailVerifiedAt: now,
      })
      .returning({ id: schema.users.id });
    if (!user) throw new Error("user insert returned no row");
    const org = await createOrganization(tx, {
      name: options.name ?? "Tenant",
      ownerId: user.id,
      makeDefault: true,
    });
    return { userId: user.id, organizationId: org.organizationId };
  });
  const token = await signIn(t, email, password);
  return { userId, organizationId, email, password, token, headers: { authorization: `Bearer ${token}` } };
}

/**
 * The name of the organization's own approved sender that send tests use (ADR 32: free text
 * never goes under the shared default `SMSPortal`). Sender names are unique per organization, so
 * every tenant may have one of this name.
 */
export const OWN_SENDER = "OwnSender";

/** Gives the tenant its own approved sender (as staff's approval would), named OWN_SENDER by default. */
export async function ownSender(
  t: TestContext,
  tenant: Pick<TestTenant, "organizationId" | "userId">,
  options: { name?: string; type?: "marketing" | "otp" } = {},
): Promise<string> {
  const name = options.name ?? OWN_SENDER;
  await t.db.insert(schema.senders).values({
    organizationId: tenant.organizationId,
    name,
    type: options.type ?? "marketing",
    status: "approved",
    requestedBy: tenant.userId,
    decidedAt: new Date(),
  });
  return name;
}

/** Adds an existing user to an organization with a member role (spec §6). */
export async function addMember(
  t: TestContext,
  organizationId: number,
  userId: number,
  role: number = MEMBER_ROLE.member,
): Promise<void> {
  await t.db.insert(schema.members).values({ organizationId, userId, role });
}

export async function signIn(t: TestContext, username: string, password: string): Promise<string> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/v1/c/guest/login",
    payload: { username, password },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: { token: string } }).data.token;
}

export interface TenantRequest {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** A URL holding another organization's id. */
  url: string;
  payload?: unknown;
}

/**
 * The tenant-isolation check every id-bearing route gets (DESIGN §8): a member of organization A
 * asking for organization B's ids gets 404 NOT_FOUND, never 403 and never B's data.
 */
export async function expectCrossTenant404(
  t: TestContext,
  caller: Pick<TestTenant, "headers">,
  requests: TenantRequest[],
): Promise<void> {
  expect(requests.length).toBeGreaterThan(0);
  for (const request of requests) {
    const res = await t.app.inject({
      method: request.method,
      url: request.url,
      headers: caller.headers,
      ...(request.payload === undefined ? {} : { payload: request.payload as object }),
    });
    expect({ route: `${request.method} ${request.url}`, status: res.statusCode }).toEqual({
      route: `${request.method} ${request.url}`,
      status: 404,
    });
    expect(res.json()).toMatchObject({ error: { code: "NOT_FOUND" } });
  }
}
