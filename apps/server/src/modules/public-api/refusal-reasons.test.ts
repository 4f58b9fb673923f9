import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError, type ErrorCode, isRefusalReason, type RefusalReason } from "../../errors.ts";
import type { MessageKey } from "../../i18n/index.ts";
import { registerPublicErrors } from "./errors.ts";
import { registerOtpErrors } from "./otp-errors.ts";

/**
 * ADR 88: the refusals other modules recognise are told apart by their `reason`, never by their
 * message key. Each case throws the refusal under an unrelated key (as if its text were renamed)
 * and expects the same handling; the same key without the reason is handled as any other error.
 */

const UNRELATED: MessageKey = "errors.validation";

interface Thrown {
  code: ErrorCode;
  reason?: RefusalReason;
  messageKey?: MessageKey;
  params?: Record<string, string | number>;
}

const app = Fastify();
function throwing(scope: string, register: (a: FastifyInstance) => void) {
  app.register(async (inner) => {
    register(inner);
    inner.post(`/${scope}`, async (request) => {
      const { code, reason, messageKey, params } = request.body as Thrown;
      throw new AppError(code, {
        ...(messageKey ? { messageKey } : {}),
        ...(reason ? { reason } : {}),
        ...(params ? { params } : {}),
      });
    });
  });
}
throwing("sms", registerPublicErrors);
throwing("otp", registerOtpErrors);

beforeAll(() => app.ready());
afterAll(() => app.close());

async function answer(scope: "sms" | "otp", thrown: Thrown) {
  const res = await app.inject({
    method: "POST",
    url: `/${scope}`,
    payload: { sender: "ACME", ...thrown },
    headers: { "accept-language": "en" },
  });
  const body = res.json();
  return { status: res.statusCode, name: scope === "sms" ? body.error.name : body.errors[0].name };
}

describe("the public SMS API names refusals by their reason", () => {
  it.each<[Thrown, number, string]>([
    [
      { code: "RATE_LIMITED", reason: "pumping_suspected", params: { seconds: 5 } },
      429,
      "ERROR_PUMPING_SUSPECTED",
    ],
    [{ code: "CONFLICT", reason: "idempotency_in_flight" }, 409, "ERROR_IDEMPOTENCY_IN_FLIGHT"],
    [{ code: "NOT_FOUND", reason: "sender_not_found" }, 400, "ERROR_INVALID_SENDER"],
    [{ code: "VALIDATION", reason: "sender_not_approved" }, 400, "ERROR_INVALID_SENDER"],
    [{ code: "VALIDATION", reason: "own_sender_required" }, 400, "ERROR_INVALID_SENDER"],
    [{ code: "VALIDATION", reason: "marketing_sender_required" }, 400, "ERROR_INVALID_SENDER"],
  ])("%o under an unrelated key", async (thrown, status, name) => {
    expect(await answer("sms", { ...thrown, messageKey: UNRELATED })).toEqual({ status, name });
  });

  it.each<[Thrown, number, string]>([
    [
      { code: "RATE_LIMITED", messageKey: "public_api.pumping_prefix", params: { seconds: 5 } },
      429,
      "ERROR_RATE_LIMITED",
    ],
    [{ code: "CONFLICT", messageKey: "public_api.idempotency_in_flight" }, 400, "ERROR_INVALID_PARAMETER"],
    [{ code: "VALIDATION", messageKey: "senders.own_sender_required" }, 400, "ERROR_INVALID_PARAMETER"],
  ])("%o: the key alone is no refusal of its own", async (thrown, status, name) => {
    expect(await answer("sms", thrown)).toEqual({ status, name });
  });

  it("keeps the own-sender text for the shared default, chosen by the reason", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/sms",
      payload: {
        sender: "ACME",
        code: "VALIDATION",
        reason: "own_sender_required",
        messageKey: "senders.own_sender_required",
      },
      headers: { "accept-language": "en" },
    });
    const other = await app.inject({
      method: "POST",
      url: "/sms",
      payload: {
        sender: "ACME",
        code: "VALIDATION",
        reason: "sender_not_approved",
        messageKey: "senders.own_sender_required",
      },
      headers: { "accept-language": "en" },
    });
    expect(res.json().error.description).not.toEqual(other.json().error.description);
    expect(other.json().error.description).toContain("ACME");
  });
});

describe("the public OTP API names refusals by their reason", () => {
  it("an unusable sender under an unrelated key", async () => {
    expect(
      await answer("otp", { code: "NOT_FOUND", reason: "sender_not_found", messageKey: UNRELATED }),
    ).toEqual({
      status: 400,
      name: "ERROR_INVALID_SENDER",
    });
  });
  it("a 404 without the reason is not about the sender", async () => {
    expect((await answer("otp", { code: "NOT_FOUND" })).name).not.toBe("ERROR_INVALID_SENDER");
  });
});

describe("a reason crosses the worker thread as data", () => {
  it("is recognised only when it is one of the reasons", () => {
    expect(isRefusalReason("file_unknown_tag")).toBe(true);
    expect(isRefusalReason("campaigns.file.unknown_tag")).toBe(false);
    expect(isRefusalReason(undefined)).toBe(false);
  });
});
