import { type APIRequestContext, expect } from "@playwright/test";
import { createVerifiedUser, type TestUser } from "./accounts";
import { approvedSender } from "./sending";

/**
 * A signed-in customer with a row behind every `:id` page of the route table: its organization, a
 * contact group (with a contact), a template and a campaign it made, a sender it may use, an API
 * message and an OTP request; and a whitelist entry, a pending invitation and a campaign scheduled
 * for tomorrow. Used by the walk over every app page (accessibility.spec.ts).
 */
export type RouteData = {
  user: TestUser;
  userId: number;
  tokens: { token: string };
  ids: Record<string, number>;
};

/**
 * `:id` of a page is a row the signed-in user can see, keyed by the path before `/:id`
 * (`reports/campaigns`, `admin/users`), so the page renders without a 404 from the API; other ids are 1.
 * `:phone` (the inbox's conversation) is the number `ids.inbox` (0 and 9 digits) that replied.
 */
export const concrete = (path: string, ids: Record<string, number>) => {
  const [, first] = /^\/(.+?)\/:id/.exec(path) ?? [];
  return path
    .replace(/:id/g, String((first && ids[first]) ?? 1))
    .replace(/:phone/g, ids.inbox ? `0${ids.inbox}` : "0812345678");
};

export async function prepareRouteData(request: APIRequestContext, label: string): Promise<RouteData> {
  const user = await createVerifiedUser(request);
  const login = await request.post("/api/v1/c/guest/login", {
    data: { username: user.email, password: user.password },
  });
  const tokens = (await login.json()).data;
  const me = await request.get("/api/v1/c/me", { headers: { authorization: `Bearer ${tokens.token}` } });
  const meData = (await me.json()).data as { id: number; default_organization_id: number };
  const auth = { authorization: `Bearer ${tokens.token}` };
  const created = async (url: string, data: object) =>
    ((await (await request.post(url, { headers: auth, data })).json()) as { data: { id: number } }).data.id;
  const senders = await request.get("/api/v1/c/senders", { headers: auth });
  expect((await request.post("/api/v1/c/orders/free-trial", { headers: auth })).status()).toBe(201);
  const sender = await approvedSender(request, auth);
  const ids: Record<string, number> = {
    organizations: meData.default_organization_id,
    contacts: await created("/api/v1/c/contact-groups", { name: `Routes ${label}` }),
    templates: await created("/api/v1/c/templates", { name: "Routes", message: "Hello" }),
    senders: ((await senders.json()) as { data: { entities: { id: number }[] } }).data.entities[0]!.id,
    "reports/campaigns": await created("/api/v1/c/campaigns", {
      name: "Routes",
      sender,
      purpose: "general",
      manual_contacts: "0812345678",
      message: "Hello",
    }),
  };
  // The back office's detail pages open this customer and its organization.
  ids["admin/users"] = meData.id;
  ids["admin/organizations"] = meData.default_organization_id;
  // An API message and an OTP request of this organization, for /reports/sms-api/:id and /reports/sms-otp/:id.
  const organizationId = ids.organizations!;
  const issued = (
    (await (
      await request.put(`/api/v1/c/organizations/${organizationId}/api-key`, {
        headers: auth,
        data: { kind: "both" },
      })
    ).json()) as { data: { issued: { kind: "sms" | "otp"; key: string; secret: string }[] } }
  ).data.issued;
  const pair = (kind: "sms" | "otp") => issued.find((p) => p.kind === kind)!;
  const sent = await request.post("/api/v2/sms", {
    headers: {
      authorization: `Basic ${Buffer.from(`${pair("sms").key}:${pair("sms").secret}`).toString("base64")}`,
    },
    data: { msisdn: "0812345678", message: "Routes", sender },
  });
  expect(sent.status()).toBe(201);
  ids["reports/sms-api"] = Number((await sent.json()).phone_number_list[0].message_id);
  const otp = await request.post("/api/v2/otp/request", {
    data: { key: pair("otp").key, secret: pair("otp").secret, msisdn: "0812345678" },
  });
  expect(otp.status()).toBe(200);
  const otpRequests = await request.get("/api/v1/c/otp-requests", { headers: auth });
  ids["reports/sms-otp"] = ((await otpRequests.json()) as { data: { entities: { id: number }[] } }).data
    .entities[0]!.id;
  // Rows that bring their own controls to the pages (a contact's edit and delete, a whitelist
  // entry's, a pending invitation's cancel), so the walk checks those too.
  expect(
    (
      await request.post(`/api/v1/c/contact-groups/${ids.contacts}/contacts`, {
        headers: auth,
        data: { first_name: "สมชาย", last_name: "ใจดี", phone_number: "0812345678" },
      })
    ).status(),
  ).toBe(201);
  expect(
    (
      await request.post("/api/v1/c/whitelist-ips", {
        headers: auth,
        data: { name: "Office", ip_address: "127.0.0.1" },
      })
    ).status(),
  ).toBe(201);
  expect(
    (
      await request.post(`/api/v1/c/organizations/${organizationId}/members`, {
        headers: auth,
        data: { email: `invitee-${label.replace(/\W/g, "")}-${Date.now()}@example.com`, role: 1 },
      })
    ).status(),
  ).toBe(201);
  // A campaign scheduled for tomorrow: the schedules list's runs and cancel actions.
  expect(
    (
      await request.post("/api/v1/c/schedules/campaigns", {
        headers: auth,
        data: {
          name: "Routes tomorrow",
          sender,
          purpose: "general",
          manual_contacts: "0812345678",
          message: "Hello",
          run_at: new Date(Date.now() + 24 * 3600_000).toISOString(),
        },
      })
    ).status(),
  ).toBe(201);
  // A number of this customer's own that replied (the simulator's dev reply): /inbox/:phone.
  const replier = 890_000_000 + (meData.id % 10_000_000);
  expect(
    (
      await request.post("/api/v1/c/messages", {
        headers: auth,
        data: { phone_number: `0${replier}`, sender, message: "Hello", purpose: "general" },
      })
    ).status(),
  ).toBe(201);
  expect(
    (
      await request.post("/api/v1/dev/inbox/reply", {
        data: { from: `0${replier}`, to: sender, text: "สนใจครับ" },
      })
    ).status(),
  ).toBe(202);
  ids.inbox = replier;
  return { user, userId: meData.id, tokens, ids };
}
