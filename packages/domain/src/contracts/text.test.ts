import { describe, expect, it } from "vitest";
import type { z } from "zod";
import th from "../catalogue-th.ts";
import { ALL_ENDPOINTS } from "../endpoints/index.ts";
import { ZPublicOtpRequest, ZPublicOtpVerifyRequest } from "./api-otp.ts";
import { ZFileCampaignFields } from "./campaigns.ts";
import { ZPublicSmsRequest } from "./public-api.ts";
import { ZScheduleFileFields } from "./schedules.ts";
import { isStorableText, TEXT_UNSUPPORTED_CHARACTER, text } from "./text.ts";

/** What PostgreSQL cannot store (NUL) or the drivers would store as something else (lone surrogates). */
const UNSTORABLE = {
  nul: "a\u0000b",
  "lone high surrogate": "a\uD83Db",
  "lone low surrogate": "a\uDE00b",
  "high surrogate at the end": "ab\uD83D",
  "two high surrogates": "\uD83D\uD83D\uDE00",
};

describe("isStorableText", () => {
  it("refuses NUL and unpaired surrogates", () => {
    for (const [name, value] of Object.entries(UNSTORABLE)) expect(isStorableText(value), name).toBe(false);
  });

  it("accepts any other text: Thai, emoji (paired surrogates), control characters PostgreSQL stores", () => {
    for (const value of [
      "",
      "สวัสดีค่ะ ๑๒๓",
      "ok 😀👍🏽",
      "tab\tnew\nline\r",
      "\u0001\u001f\u007f\u0085",
      "\uFFFF\uFEFF",
    ])
      expect(isStorableText(value), JSON.stringify(value)).toBe(true);
  });
});

describe("text()", () => {
  it("answers one translated message and runs nothing after it", () => {
    const schema = text({ error: "validation.required" })
      .trim()
      .min(5)
      .refine(() => {
        throw new Error("a later check must not see unstorable text");
      });
    const result = schema.safeParse("\u0000");
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([TEXT_UNSUPPORTED_CHARACTER]);
    expect(th[TEXT_UNSUPPORTED_CHARACTER]).toMatch(/[\u0E00-\u0E7F]/);
    // The caller's own messages and checks still apply to good text.
    expect(text({ error: "validation.required" }).safeParse(1).error?.issues[0]?.message).toBe(
      "validation.required",
    );
    expect(text().max(3).safeParse("abcd").success).toBe(false);
    expect(text().trim().parse("  ok 😀 ")).toBe("ok 😀");
  });
});

type Def = Record<string, unknown> & { type: string };
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

const LEAF_TYPES = new Set([
  "number",
  "bigint",
  "boolean",
  "enum",
  "literal",
  "date",
  "transform",
  "undefined",
  "null",
  "never",
  "any",
  "unknown",
]);

/**
 * Every string schema a request value can reach: object fields, wrappers, both sides of pipes
 * (a transform's output may be checked again as text), unions, arrays, records' keys and values.
 */
interface Walk {
  found: Map<z.ZodType, string>;
  seen: Set<unknown>;
  unknownTypes: string[];
}

function stringSchemas(root: z.ZodType, path: string, w: Walk): void {
  if (w.seen.has(root)) return;
  w.seen.add(root);
  const def = defOf(root);
  const walk = (child: unknown, at: string) => {
    if (child) stringSchemas(child as z.ZodType, at, w);
  };
  switch (def.type) {
    case "string":
      w.found.set(root, path);
      return;
    case "object":
      for (const [key, child] of Object.entries(def.shape as Record<string, unknown>))
        walk(child, `${path}.${key}`);
      walk(def.catchall, `${path}.*`);
      return;
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
    case "success":
      walk(def.innerType, path);
      return;
    case "pipe":
      walk(def.in, path);
      walk(def.out, path);
      return;
    case "union":
      for (const option of def.options as unknown[]) walk(option, path);
      return;
    case "intersection":
      walk(def.left, path);
      walk(def.right, path);
      return;
    case "array":
      walk(def.element, `${path}[]`);
      return;
    case "tuple":
      (def.items as unknown[]).forEach((item, i) => {
        walk(item, `${path}[${i}]`);
      });
      walk(def.rest, `${path}[]`);
      return;
    case "record":
    case "map":
      walk(def.keyType, `${path}{key}`);
      walk(def.valueType, `${path}{}`);
      return;
    case "set":
      walk(def.valueType, `${path}{}`);
      return;
    case "lazy":
      walk((def.getter as () => unknown)(), path);
      return;
    default:
      // Numbers, booleans, enums, literals, dates, transforms: no free text reaches the database.
      // Any other kind may wrap a string this walk cannot see, so it fails the test until added.
      if (!LEAF_TYPES.has(def.type)) w.unknownTypes.push(`${path}: ${def.type}`);
      return;
  }
}

/** Request schemas outside ALL_ENDPOINTS: the /api/v2 bodies (JSON and form) and the multipart fields. */
const OTHER_REQUEST_SCHEMAS: Record<string, z.ZodType> = {
  "POST /api/v2/sms body": ZPublicSmsRequest,
  "POST /api/v2/otp/request body": ZPublicOtpRequest,
  "POST /api/v2/otp/verify body": ZPublicOtpVerifyRequest,
  "POST /c/campaigns/import fields": ZFileCampaignFields,
  "POST /c/schedules/campaigns/import fields": ZScheduleFileFields,
};

/**
 * The bad value as sent, and padded to the field's length bounds with letters or digits, so a
 * minimum length (a token, a phone number) does not hide a field that would store it.
 */
function suspects(schema: z.ZodType, value: string): string[] {
  const { minLength, maxLength } = schema as z.ZodString;
  const length = Math.min(Math.max(minLength ?? 0, value.length + 4), maxLength ?? Number.POSITIVE_INFINITY);
  const padded = (pad: string) => {
    const fill = pad.repeat(Math.max(0, length - value.length));
    return [fill + value, value + fill];
  };
  return [value, ...padded("a"), ...padded("1"), ...padded("A")];
}

function requestStringSchemas(): Walk {
  const w: Walk = { found: new Map(), seen: new Set(), unknownTypes: [] };
  for (const endpoint of ALL_ENDPOINTS) {
    for (const part of ["params", "query", "body"] as const) {
      const schema = endpoint[part];
      if (schema) stringSchemas(schema, `${endpoint.method} ${endpoint.path} ${part}`, w);
    }
  }
  for (const [name, schema] of Object.entries(OTHER_REQUEST_SCHEMAS)) stringSchemas(schema, name, w);
  return w;
}

describe("every request contract refuses unstorable text", () => {
  const { found: schemas, unknownTypes } = requestStringSchemas();

  it("finds the string fields of the declared endpoints (the walk itself works)", () => {
    const paths = [...schemas.values()];
    // Each schema once, named by the first place it is used (a shared schema is tested once).
    expect(paths.length).toBeGreaterThan(80);
    expect(paths).toContain("POST /api/v2/sms body.message");
    expect(paths).toContain("POST /api/v2/otp/verify body.pin");
    expect(paths).toContain("GET /c/packages query.search");
    // A kind of schema the walk does not know could hide a string field from it.
    expect(unknownTypes).toEqual([]);
  });

  it("has no string field, path parameter or query string that accepts NUL or a lone surrogate", () => {
    const accepting: string[] = [];
    for (const [schema, path] of schemas) {
      for (const [name, value] of Object.entries(UNSTORABLE)) {
        if (suspects(schema, value).some((v) => schema.safeParse(v).success))
          accepting.push(`${path} (${name})`);
      }
    }
    expect(accepting).toEqual([]);
  });

  it("refuses a NUL in a whole request body with the translated message, not an error", () => {
    const body = { msisdn: "0812345678", message: "hi\u0000", sender: "SMSPortal" };
    const result = ZPublicSmsRequest.safeParse(body);
    expect(result.error?.issues).toMatchObject([{ path: ["message"], message: TEXT_UNSUPPORTED_CHARACTER }]);
  });
});
