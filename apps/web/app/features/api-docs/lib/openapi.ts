/**
 * The slice of an OpenAPI 3.1 document the docs page reads (the server's /api/v1/openapi.json,
 * generated from the same zod contracts the routes validate with), turned into plain rows: each
 * public operation with its parameters, body fields and responses.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  description?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
}

interface OpenApiParameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}

/** A sender name of the right form (ADR 32: the API sends only under the organization's own). */
export const SENDER_PLACEHOLDER = "YourSender";

interface OpenApiOperation {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, unknown>[];
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: JsonSchema }> }>;
}

export interface OpenApiDocument {
  openapi?: string;
  paths?: Record<string, Record<string, OpenApiOperation | unknown>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export const PUBLIC_API_PREFIX = "/api/v2";
const METHODS = ["get", "post", "put", "patch", "delete"] as const;
export type HttpMethod = Uppercase<(typeof METHODS)[number]>;

/** One documented field; nested fields carry their dotted path (`error.code`, `phone_number_list[].number`). */
export interface ApiField {
  name: string;
  path: string;
  depth: number;
  type: string;
  required: boolean;
  description?: string;
  /** Where a parameter goes: query, path, header; absent for body and response fields. */
  in?: string;
}

export interface ApiResponse {
  status: string;
  fields: ApiField[];
  /** An example answer built from the schema (the error envelopes with their real codes). */
  example: unknown;
}

export interface ApiOperation {
  /** Stable key of the operation for translations and ids: `post-sms`, `get-credit`, `post-otp-request`. */
  id: string;
  method: HttpMethod;
  path: string;
  summary: string;
  description: string;
  tags: string[];
  /** HTTP Basic with the API key and secret (the SMS API); otherwise the key travels in the body (OTP). */
  basicAuth: boolean;
  parameters: ApiField[];
  body: ApiField[];
  bodyContentTypes: string[];
  /** The body's example object: required fields and a few useful optional ones. */
  bodyExample: Record<string, unknown> | null;
  responses: ApiResponse[];
}

/** Whether a path and its tags belong to the public developer API. */
export const isPublicOperation = (path: string, tags: readonly string[] = []) =>
  path.startsWith(`${PUBLIC_API_PREFIX}/`) || tags.some((tag) => /public/i.test(tag));

export const operationId = (method: string, path: string) =>
  `${method.toLowerCase()}-${path
    .replace(new RegExp(`^${PUBLIC_API_PREFIX}/`), "")
    .replace(/[{}]/g, "")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .toLowerCase()}`;

function resolve(schema: JsonSchema | undefined, doc: OpenApiDocument, seen = 0): JsonSchema {
  if (!schema) return {};
  if (schema.$ref && seen < 10) {
    const name = schema.$ref.replace(/^#\/components\/schemas\//, "");
    return resolve(doc.components?.schemas?.[name], doc, seen + 1);
  }
  if (schema.allOf?.length) {
    const parts = schema.allOf.map((part) => resolve(part, doc, seen + 1));
    return {
      ...schema,
      allOf: undefined,
      type: "object",
      properties: Object.assign({}, ...parts.map((p) => p.properties ?? {})),
      required: parts.flatMap((p) => p.required ?? []),
    };
  }
  return schema;
}

/** A short type text: `string`, `number`, `"standard" | "corporate"`, `boolean | "true" | "1"`, `object[]`. */
export function typeLabel(raw: JsonSchema | undefined, doc: OpenApiDocument): string {
  const schema = resolve(raw, doc);
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) return [...new Set(union.map((s) => typeLabel(s, doc)))].join(" | ");
  if (schema.enum?.length) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const type = Array.isArray(schema.type) ? schema.type.filter((t) => t !== "null").join(" | ") : schema.type;
  if (type === "array") return `${typeLabel(schema.items, doc)}[]`;
  if (type === "integer") return "integer";
  if (type) return schema.format ? `${type} (${schema.format})` : type;
  return schema.properties ? "object" : "any";
}

function fieldsOf(raw: JsonSchema | undefined, doc: OpenApiDocument, prefix = "", depth = 0): ApiField[] {
  const schema = resolve(raw, doc);
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).flatMap(([name, child]) => {
    const path = prefix ? `${prefix}.${name}` : name;
    const resolved = resolve(child, doc);
    const field: ApiField = {
      name,
      path,
      depth,
      type: typeLabel(resolved, doc),
      required: required.has(name),
      ...(resolved.description ? { description: resolved.description } : {}),
    };
    const items = resolved.type === "array" ? resolve(resolved.items, doc) : null;
    const nested = items?.properties
      ? fieldsOf(items, doc, `${path}[]`, depth + 1)
      : resolved.properties && depth < 4
        ? fieldsOf(resolved, doc, path, depth + 1)
        : [];
    return [field, ...nested];
  });
}

/** Example values by field name, so the examples read like real calls. */
const EXAMPLE_VALUES: Record<string, unknown> = {
  msisdn: "0812345678",
  message: "Hello from our system",
  sender: SENDER_PLACEHOLDER,
  number: "66812345678",
  message_id: "1024",
  used_credit: 1,
  remaining_credit: 99,
  total_use_credit: 1,
  token: "7a0e5d1c-2f4b-4c3e-9b8a-61d2f0c4e5a7",
  refno: "ABC123",
  pin: "123456",
  status: "success",
  key: "YOUR_API_KEY",
  secret: "YOUR_SECRET",
};

/**
 * Values inside a named list, where the field's name alone misleads: a refused number is not the
 * accepted one (review D44: the send's 201 listed 66812345678 as both sent and refused).
 */
const LIST_VALUES: Record<string, Record<string, unknown>> = {
  bad_phone_number_list: { number: "0812345", message: "Invalid phone number." },
};

/** The ThaiBulkSMS error names our answers use, by HTTP status (for the example envelopes). */
const ERROR_NAMES: Record<string, string> = {
  "400": "ERROR_INVALID_PARAMETER",
  "401": "ERROR_UNAUTHORIZED",
  "402": "ERROR_CREDIT_NOT_ENOUGH",
  "403": "ERROR_IP_NOT_ALLOWED",
  "404": "ERROR_NOT_FOUND",
  "409": "ERROR_CONFLICT",
  "422": "ERROR_UNPROCESSABLE",
  "429": "ERROR_RATE_LIMITED",
  "500": "ERROR_INTERNAL_SERVER",
};

/** The OTP API's error sentences, by HTTP status. */
const OTP_MESSAGES: Record<string, string> = {
  "400": "Code is invalid.",
  "401": "Key or secret is invalid.",
  "402": "Credit is not enough.",
  "403": "IP address is not allowed.",
  "404": "Token is expire.",
  "429": "Too many requests.",
};

function exampleOf(
  raw: JsonSchema | undefined,
  doc: OpenApiDocument,
  context: { status?: string; name?: string; depth?: number; list?: string } = {},
): unknown {
  const schema = resolve(raw, doc);
  const depth = context.depth ?? 0;
  const status = context.status;
  const isError = status !== undefined && !status.startsWith("2");
  const { name, list } = context;
  const listed = name && list ? LIST_VALUES[list]?.[name] : undefined;
  if (listed !== undefined && !schema.properties) return listed;
  if (name && isError) {
    if (name === "code" && (schema.type === "number" || schema.type === "integer")) return Number(status);
    if (name === "name") return ERROR_NAMES[status] ?? "ERROR";
    if (name === "description") return "Human-readable description of the error.";
    if (name === "message") return OTP_MESSAGES[status] ?? "Error message.";
  }
  if (name === "message" && status !== undefined && schema.type === "string")
    return depth > 1 ? "Invalid phone number." : "Code is correct.";
  if (name && name in EXAMPLE_VALUES && !schema.properties) {
    const value = EXAMPLE_VALUES[name];
    const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
    if (schema.enum?.length && !schema.enum.includes(value)) return schema.enum[0];
    if (type === undefined || typeof value === (type === "integer" ? "number" : type)) return value;
  }
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) return exampleOf(union[0], doc, context);
  if (schema.enum?.length) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === "array")
    return depth > 4 ? [] : [exampleOf(schema.items, doc, { status, depth: depth + 1, list: name })];
  if (type === "object" || schema.properties) {
    if (depth > 4) return {};
    // In an answer, optional fields are left out of the example (as most answers have them).
    const required = new Set(schema.required ?? Object.keys(schema.properties ?? {}));
    return Object.fromEntries(
      Object.entries(schema.properties ?? {})
        .filter(([key]) => status === undefined || required.has(key))
        .map(([key, child]) => [key, exampleOf(child, doc, { status, name: key, depth: depth + 1, list })]),
    );
  }
  if (type === "number" || type === "integer") return 1;
  if (type === "boolean") return true;
  if (type === "null") return null;
  return "string";
}

/** Optional body fields worth showing in the examples (the delivery webhook's address). */
const EXAMPLE_OPTIONAL = new Set(["callback_url"]);

function bodyExampleOf(schema: JsonSchema | undefined, doc: OpenApiDocument): Record<string, unknown> | null {
  const resolved = resolve(schema, doc);
  if (!resolved.properties) return null;
  const required = new Set(resolved.required ?? []);
  const example: Record<string, unknown> = {};
  for (const [name, child] of Object.entries(resolved.properties)) {
    if (!required.has(name) && !EXAMPLE_OPTIONAL.has(name)) continue;
    example[name] =
      name === "callback_url" ? "https://example.com/sms-webhook" : exampleOf(child, doc, { name, depth: 1 });
  }
  return example;
}

/** The public API's operations in the document's order (paths under /api/v2, or tagged "Public"). */
export function publicOperations(doc: OpenApiDocument): ApiOperation[] {
  const operations: ApiOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const raw = item?.[method] as OpenApiOperation | undefined;
      if (!raw || typeof raw !== "object") continue;
      if (!isPublicOperation(path, raw.tags)) continue;
      const content = raw.requestBody?.content ?? {};
      const bodySchema = content["application/json"]?.schema ?? Object.values(content)[0]?.schema;
      operations.push({
        id: operationId(method, path),
        method: method.toUpperCase() as HttpMethod,
        path,
        summary: raw.summary ?? "",
        description: raw.description ?? "",
        tags: raw.tags ?? [],
        basicAuth: (raw.security ?? []).some((s) => "basicAuth" in s),
        parameters: (raw.parameters ?? []).map((p) => ({
          name: p.name,
          path: p.name,
          depth: 0,
          in: p.in,
          type: typeLabel(p.schema, doc),
          required: p.required === true,
          ...(p.description ? { description: p.description } : {}),
        })),
        body: bodySchema ? fieldsOf(bodySchema, doc) : [],
        bodyContentTypes: Object.keys(content),
        bodyExample: bodySchema ? bodyExampleOf(bodySchema, doc) : null,
        responses: Object.entries(raw.responses ?? {})
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([status, response]) => {
            const schema = response.content?.["application/json"]?.schema;
            return {
              status,
              fields: schema ? fieldsOf(schema, doc) : [],
              example: schema ? exampleOf(schema, doc, { status }) : null,
            };
          }),
      });
    }
  }
  return operations;
}
