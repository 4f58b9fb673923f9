import { schema } from "@sms/db";
import { and, desc, eq } from "drizzle-orm";
import type { TestContext } from "./test-app.ts";

/** Helpers for the accounts integration tests (not used by production code). */

let counter = 0;

export function newPerson(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const n = String(counter).padStart(4, "0");
  return {
    first_name: "Somchai",
    last_name: "Jaidee",
    email: `user${n}.${process.pid}@example.com`,
    phone_number: `081${String(process.pid % 1000).padStart(3, "0")}${n}`,
    password: "secret123",
    password_confirmation: "secret123",
    accept_terms: true,
    ...overrides,
  };
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** The latest message the simulator or dev mailbox "sent" to an address. */
export async function lastMessage(t: TestContext, recipient: string) {
  // Codes and notices are sent by jobs: run what the requests queued, as a worker would.
  await t.jobs.drain();
  const [row] = await t.db
    .select()
    .from(schema.devMessages)
    .where(eq(schema.devMessages.recipient, recipient))
    .orderBy(desc(schema.devMessages.id))
    .limit(1);
  return row;
}

export async function lastCode(t: TestContext, recipient: string): Promise<string> {
  const message = await lastMessage(t, recipient);
  const code = message?.text.match(/\d{6}/)?.[0];
  if (!code) throw new Error(`no code sent to ${recipient}`);
  return code;
}

export async function messagesTo(t: TestContext, recipient: string) {
  await t.jobs.drain();
  return t.db
    .select()
    .from(schema.devMessages)
    .where(and(eq(schema.devMessages.recipient, recipient)))
    .orderBy(desc(schema.devMessages.id));
}

export const to66 = (phone: string) => `66${phone.slice(1)}`;

export async function registerPerson(t: TestContext, overrides: Record<string, unknown> = {}) {
  const person = newPerson(overrides);
  const res = await t.app.inject({ method: "POST", url: "/api/v1/c/guest/register", payload: person });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.body}`);
  // Send the registration code now, so later "last message" lookups see only later messages.
  await t.jobs.drain();
  return { person, body: res.json() as RegisterBody };
}

/** Marks the person's phone verified, as confirming the registration code would. */
export async function markPhoneVerified(t: TestContext, phoneNumber: string): Promise<void> {
  await t.db
    .update(schema.users)
    .set({ phoneNumberVerifiedAt: new Date() })
    .where(eq(schema.users.phoneNumber, to66(phoneNumber)));
}

export async function loginPerson(t: TestContext, username: string, password = "secret123") {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/v1/c/guest/login",
    payload: { username, password },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return (res.json() as { data: { token: string; refresh_token: string } }).data;
}

export interface RegisterBody {
  data: {
    token_register: { token: string; refresh_token: string };
    phone_verification: { ref_code: string; resend_after: number; expires_in: number };
  };
}
