import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { simulatorOutcome } from "@sms/domain";

/** Accounts for journeys: made through the real API, with codes read from the dev inbox. */

export const uniq = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
/**
 * A Thai mobile number nobody else in this run uses, and one the simulator delivers: one random
 * number in 250 ends like a documented outcome (99, a state 0-3, a code: "stays processing",
 * "failed 3/303"...), which made a journey count one failed message too many now and then.
 */
export function randomPhone(): string {
  for (;;) {
    const phone = `08${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
    const { receipt } = simulatorOutcome(phone);
    if (receipt?.state === 3 && receipt.code === "000") return phone;
  }
}
export const to66 = (phone: string) => `66${phone.slice(1)}`;

interface InboxEntry {
  channel: "sms" | "email";
  to: string;
  text: string;
  subject: string | null;
}

/** The code of the newest message to `to` that carries reference `ref`, read from the dev inbox API. */
export async function codeFromInbox(request: APIRequestContext, to: string, ref?: string): Promise<string> {
  let code: string | undefined;
  let seen: InboxEntry[] = [];
  const asked = Date.now();
  try {
    await expect
      .poll(
        async () => {
          const res = await request.get(`/api/v1/dev/inbox?to=${encodeURIComponent(to)}&limit=20`);
          const { data } = (await res.json()) as { data: { entities: InboxEntry[] } };
          seen = data.entities;
          const entry = seen.find((e) => !ref || e.text.includes(ref));
          code = entry ? /(\d{6})/.exec(entry.text)?.[1] : undefined;
          return code;
        },
        { timeout: 10_000 },
      )
      .toMatch(/^\d{6}$/);
  } catch (error) {
    // Say what the inbox held: nothing yet (a slow delivery) or other texts (a notice, an older code).
    const held =
      seen.map((e) => `${e.subject ?? e.channel}: ${e.text.slice(0, 80)}`).join(" | ") || "nothing";
    throw new Error(
      `no code with ref ${ref ?? "(any)"} for ${to} after ${Date.now() - asked} ms; the inbox held: ${held}`,
      { cause: error },
    );
  }
  return code as string;
}

export interface TestUser {
  email: string;
  phone: string;
  password: string;
  firstName: string;
}

/** Registers and verifies a user through the API, as the register pages do. */
export async function createVerifiedUser(request: APIRequestContext): Promise<TestUser> {
  const user = {
    email: `e2e-${uniq()}@example.com`,
    phone: randomPhone(),
    password: "secret123",
    firstName: "Malee",
  };
  const reg = await request.post("/api/v1/c/guest/register", {
    data: {
      first_name: user.firstName,
      last_name: "Test",
      email: user.email,
      phone_number: user.phone,
      password: user.password,
      password_confirmation: user.password,
      accept_terms: true,
    },
  });
  expect(reg.status()).toBe(201);
  const { data } = (await reg.json()) as {
    data: { token_register: { token: string }; phone_verification: { ref_code: string } };
  };
  const headers = { Authorization: `Bearer ${data.token_register.token}` };
  const phoneRef = data.phone_verification.ref_code;
  const phoneCode = await codeFromInbox(request, to66(user.phone), phoneRef);
  const phoneOk = await request.post("/api/v1/c/me/verify", {
    headers,
    data: { type: "phone", code: phoneCode, ref_code: phoneRef },
  });
  expect(phoneOk.status()).toBe(200);
  const sent = await request.get("/api/v1/c/me/request-verify?type=email", { headers });
  const emailRef = ((await sent.json()) as { data: { ref_code: string } }).data.ref_code;
  const emailCode = await codeFromInbox(request, user.email, emailRef);
  const emailOk = await request.post("/api/v1/c/me/verify", {
    headers,
    data: { type: "email", code: emailCode, ref_code: emailRef },
  });
  expect(emailOk.status()).toBe(200);
  return user;
}

/**
 * The entry pages (/login, /register, /forgot) are prerendered and hydrate after the load event;
 * until then a submit is held back. Journeys wait for it before they type and send.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

const REGISTER_LABELS = {
  th: {
    firstName: /^ชื่อ/,
    lastName: /^นามสกุล/,
    email: /^อีเมล/,
    phone: /^หมายเลขโทรศัพท์มือถือ/,
    password: /^รหัสผ่าน/,
    confirm: /^ยืนยันรหัสผ่าน/,
    terms: /ข้อกำหนดและเงื่อนไข/,
    submit: "สร้างบัญชี",
  },
  en: {
    firstName: /^First name/,
    lastName: /^Last name/,
    email: /^E-mail/,
    phone: /^Mobile phone number/,
    password: /^Password/,
    confirm: /^Confirm password/,
    terms: /terms and conditions/,
    submit: "Create account",
  },
} as const;

/** Fills the first registration step on screen (terms accepted) and sends it. */
export async function fillRegistration(
  page: Page,
  person: { firstName: string; lastName: string; email: string; phone: string; password: string },
  lang: "th" | "en",
) {
  const l = REGISTER_LABELS[lang];
  await hydrated(page);
  await page.getByLabel(l.firstName).fill(person.firstName);
  await page.getByLabel(l.lastName).fill(person.lastName);
  await page.getByLabel(l.email).fill(person.email);
  await page.getByLabel(l.phone).fill(person.phone);
  await page.getByLabel(l.password).fill(person.password);
  await page.getByLabel(l.confirm).fill(person.password);
  await page.getByRole("checkbox", { name: l.terms }).check();
  await page.getByRole("button", { name: l.submit }).click();
}

/**
 * Signs in on screen and lands on the dashboard, or on `next` (a page of the signed-in area in the
 * same language, as the address bar shows it) through /login?next=: one page load, not the
 * dashboard's and then the page's.
 */
export async function signIn(
  page: Page,
  username: string,
  password: string,
  lang: "th" | "en" = "en",
  next?: string,
) {
  const login = lang === "en" ? "/en/login" : "/login";
  await page.goto(next ? `${login}?next=${encodeURIComponent(next)}` : login);
  await fillSignIn(page, username, password, lang);
  if (next) await expect(page).toHaveURL((url) => url.pathname === next);
  else await expect(page).toHaveURL(lang === "en" ? /\/en\/dashboard$/ : /\/dashboard$/);
}

/** Fills and sends the sign-in form already on screen (e.g. /login?next=… after a redirect). */
export async function fillSignIn(page: Page, username: string, password: string, lang: "th" | "en" = "en") {
  await hydrated(page);
  await page.getByLabel(lang === "en" ? /^E-mail or phone number/ : /^อีเมลหรือหมายเลขโทรศัพท์/).fill(username);
  await page.getByLabel(lang === "en" ? /^Password/ : /^รหัสผ่าน/).fill(password);
  await page.getByRole("button", { name: lang === "en" ? "Sign in" : "เข้าสู่ระบบ", exact: true }).click();
}

/**
 * A verified user whose organization redeemed the free trial (credits to send with), and the API
 * headers of its session. Signing in on screen later ends this API session (one session per user).
 */
export async function createTrialUser(
  request: APIRequestContext,
): Promise<{ user: TestUser; headers: { authorization: string } }> {
  const user = await createVerifiedUser(request);
  const login = await request.post("/api/v1/c/guest/login", {
    data: { username: user.email, password: user.password },
  });
  const headers = { authorization: `Bearer ${(await login.json()).data.token}` };
  expect((await request.post("/api/v1/c/orders/free-trial", { headers })).status()).toBe(201);
  return { user, headers };
}
