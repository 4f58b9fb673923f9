import type { OpenApiDocument } from "../lib/openapi";

const error = {
  type: "object",
  properties: {
    error: {
      type: "object",
      properties: { code: { type: "number" }, name: { type: "string" }, description: { type: "string" } },
      required: ["code", "name", "description"],
    },
  },
  required: ["error"],
};
const otpError = {
  type: "object",
  properties: {
    code: { type: "number" },
    errors: { type: "array", items: { type: "object", properties: { message: { type: "string" } } } },
  },
};
const json = (schema: unknown) => ({
  description: "Default Response",
  content: { "application/json": { schema } },
});

/** A trimmed copy of what the server's /api/v1/openapi.json says about the public API, plus a portal route. */
export const SAMPLE_OPENAPI: OpenApiDocument = {
  openapi: "3.1.0",
  components: { schemas: { PublicApiError: error } as never },
  paths: {
    "/api/v1/c/me": {
      get: { summary: "The signed-in user", responses: { "200": json({ type: "object" }) } },
    },
    "/api/v2/sms": {
      post: {
        summary: "Send SMS (ThaiBulkSMS v2 compatible)",
        tags: ["Public SMS API (ThaiBulkSMS v2)"],
        description: "JSON or form. `msisdn` is a comma-separated list.",
        security: [{ basicAuth: [] }],
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: {
                  msisdn: { type: "string", minLength: 1 },
                  message: { type: "string" },
                  sender: { type: "string" },
                  force: { type: "string", enum: ["standard", "corporate"] },
                  callback_url: { type: "string" },
                },
                required: ["msisdn", "message", "sender"],
              },
            },
          },
        },
        responses: {
          "201": json({
            type: "object",
            properties: {
              remaining_credit: { type: "number" },
              phone_number_list: {
                type: "array",
                items: {
                  type: "object",
                  properties: { number: { type: "string" }, message_id: { type: "string" } },
                },
              },
              bad_phone_number_list: {
                type: "array",
                items: {
                  type: "object",
                  properties: { number: { type: "string" }, message: { type: "string" } },
                },
              },
            },
          }),
          "400": json({ $ref: "#/components/schemas/PublicApiError" }),
          "401": json(error),
        },
      },
    },
    "/api/v2/credit": {
      get: {
        summary: "Remaining credit (ThaiBulkSMS v2 compatible)",
        tags: ["Public SMS API (ThaiBulkSMS v2)"],
        security: [{ basicAuth: [] }],
        responses: {
          "200": json({
            type: "object",
            properties: {
              remaining_credit: {
                type: "object",
                properties: { standard: { type: "number" }, corporate: { type: "number" } },
              },
            },
          }),
          "401": json(error),
        },
      },
    },
    "/api/v2/otp/request": {
      post: {
        summary: "Request an OTP",
        tags: ["Public OTP API"],
        requestBody: {
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: {
                  key: { type: "string" },
                  secret: { type: "string" },
                  msisdn: { type: "string" },
                },
                required: ["key", "secret", "msisdn"],
              },
            },
          },
        },
        responses: {
          "200": json({
            type: "object",
            properties: { status: { type: "string" }, token: { type: "string" }, refno: { type: "string" } },
          }),
          "400": json(otpError),
        },
      },
    },
  },
};
