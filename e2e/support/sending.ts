import { type APIRequestContext, expect } from "@playwright/test";
import { createTrialUser, type TestUser } from "./accounts";
import { asAdmin } from "./staff";

/** The sender name journeys send under: each organization asks for it as its own. */
export const OWN_SENDER = "MaleeShop";

type Headers = { authorization: string };

/**
 * An own approved sender name for the organization of `headers`, got the way a customer gets one
 * (ADR 32: free text needs it; the shared SMSPortal carries only the OTP API's codes): requested
 * through the portal with a website as evidence, then approved in the back office by the admin.
 * `marketing` senders carry every purpose; `otp` ones everything but marketing.
 */
export async function approvedSender(
  request: APIRequestContext,
  headers: Headers,
  { name = OWN_SENDER, type = "marketing" }: { name?: string; type?: "marketing" | "otp" } = {},
): Promise<string> {
  const requested = await request.post("/api/v1/c/senders", {
    headers,
    data: {
      name,
      company_name: "Malee Shop Co., Ltd.",
      type,
      account_type: "juristic",
      evidence_url: "https://shop.example.com/about",
      example_message: "Your order has shipped. Thank you for shopping with Malee Shop.",
    },
  });
  expect(requested.status()).toBe(201);
  const id = (await requested.json()).data.id as number;
  await asAdmin(request, async (admin) => {
    const approved = await request.post(`/api/v1/admin/senders/${id}/approve`, { headers: admin, data: {} });
    expect(approved.status()).toBe(200);
  });
  return name;
}

/**
 * A user who may send free text (ADR 32): a verified phone, the free trial's credits (so the
 * trial's limits hold: at most 10 numbers a day, no links) and an own approved sender. The
 * headers are of an API session that a later sign-in on screen ends (one session per user).
 */
export async function createSendingUser(
  request: APIRequestContext,
  sender: { type?: "marketing" | "otp" } = {},
): Promise<{ user: TestUser; headers: Headers; sender: string }> {
  const { user, headers } = await createTrialUser(request);
  return { user, headers, sender: await approvedSender(request, headers, sender) };
}
