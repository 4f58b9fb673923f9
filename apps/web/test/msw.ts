import type { AnyEndpoint, EndpointResponse, EndpointSuccessStatus } from "@sms/domain/endpoints/define";
import { successStatus } from "@sms/domain/endpoints/define";
import { HttpResponse, http, type JsonBodyType } from "msw";
import { setupServer } from "msw/node";
import type { z } from "zod";
import { API_BASE } from "~/lib/api-client";

/**
 * The network edge of the web tests (ADR 75): the real api client sends real requests and MSW
 * answers them. Handlers are declared per endpoint from its contract in packages/domain, so a
 * path, an input or an answer that drifts from the contract fails the typecheck or the test.
 * test/setup.ts starts the server, resets the handlers after each test and fails a test that sent
 * a request no handler answered or that broke an endpoint's request schema.
 */
export const server = setupServer();

/** Problems found while a test ran; test/setup.ts fails the test when there are any. */
export const networkProblems: string[] = [];

type Parsed<E extends AnyEndpoint, K extends "params" | "query" | "body"> = E extends {
  [P in K]: infer S extends z.ZodType;
}
  ? z.output<S>
  : undefined;

/** One request the handler received, as the server would read it (through the endpoint's schemas). */
export interface EndpointCall<E extends AnyEndpoint> {
  params: Parsed<E, "params">;
  query: Parsed<E, "query">;
  /** The query string as the client sent it, before the schema's coercions and transforms. */
  search: Record<string, string>;
  /** The JSON body parsed with the endpoint's schema; the FormData of a multipart upload. */
  body: E extends { consumes: readonly "multipart/form-data"[] } ? FormData : Parsed<E, "body">;
  request: Request;
}

type Answer<E extends AnyEndpoint> = EndpointResponse<E> | Response;

export type EndpointResolver<E extends AnyEndpoint> =
  | Answer<E>
  | ((call: EndpointCall<E>) => Answer<E> | Promise<Answer<E>>);

export interface MockedEndpoint<E extends AnyEndpoint> {
  /** Every request this handler answered, oldest first. */
  readonly calls: EndpointCall<E>[];
  readonly lastCall: EndpointCall<E> | undefined;
}

function check(
  endpoint: AnyEndpoint,
  part: "params" | "query" | "body",
  value: unknown,
): { ok: true; value: unknown } | { ok: false; message: string } {
  const schema = endpoint[part];
  if (!schema) return { ok: true, value };
  const result = schema.safeParse(value);
  if (result.success) return { ok: true, value: result.data };
  const issues = result.error.issues.map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`);
  return {
    ok: false,
    message: `${endpoint.method} ${endpoint.path}: the ${part} breaks its contract (${issues.join("; ")})`,
  };
}

/**
 * Answers `endpoint` with `resolver` (an answer, or a function of the request) for the rest of the
 * test, or for one request with `once`. A plain answer is sent with the endpoint's success status;
 * errors are built with `apiError`. Later handlers of the same endpoint take precedence.
 */
export function mockEndpoint<E extends AnyEndpoint>(
  endpoint: E,
  resolver: EndpointResolver<E>,
  options: {
    once?: boolean;
    status?: EndpointSuccessStatus<E>;
    /**
     * The test sends on purpose what the contract refuses (to show the server's 400): the request
     * is recorded as sent, unparsed, instead of failing the test.
     */
    unchecked?: boolean;
  } = {},
): MockedEndpoint<E> {
  const calls: EndpointCall<E>[] = [];
  const status = options.status ?? successStatus(endpoint);
  const handler = http[endpoint.method.toLowerCase() as "get"](
    `${API_BASE}${endpoint.url}`,
    async ({ request, params: rawParams }) => {
      const url = new URL(request.url);
      const multipart = endpoint.consumes?.includes("multipart/form-data") ?? false;
      let rawBody: unknown;
      if (multipart) rawBody = await request.clone().formData();
      else {
        const text = await request.clone().text();
        rawBody = text ? JSON.parse(text) : undefined;
      }
      const read = (part: "params" | "query" | "body", value: unknown) =>
        options.unchecked || (part === "body" && multipart)
          ? ({ ok: true, value } as const)
          : check(endpoint, part, value);
      const parts = {
        params: read("params", rawParams),
        query: read("query", Object.fromEntries(url.searchParams)),
        body: read("body", rawBody),
      };
      const broken = Object.values(parts).flatMap((part) => (part.ok ? [] : [part.message]));
      if (broken.length > 0) {
        networkProblems.push(...broken);
        return HttpResponse.json(
          { error: { code: "VALIDATION_ERROR", message: broken.join("\n") } },
          { status: 400 },
        );
      }
      const value = (part: { ok: boolean; value?: unknown }) => (part as { value: unknown }).value;
      const call = {
        params: value(parts.params),
        query: value(parts.query),
        search: Object.fromEntries(url.searchParams),
        body: value(parts.body),
        request,
      } as EndpointCall<E>;
      calls.push(call);
      const answer =
        typeof resolver === "function"
          ? await (resolver as (call: EndpointCall<E>) => Answer<E> | Promise<Answer<E>>)(call)
          : resolver;
      // A plain answer serves every request: send a copy, so its body can be read again next time.
      if (answer instanceof Response) return answer.clone();
      if (status === 204) return new HttpResponse(null, { status });
      return HttpResponse.json(answer as JsonBodyType, { status });
    },
    { once: options.once ?? false },
  );
  server.use(handler);
  return {
    calls,
    get lastCall() {
      return calls.at(-1);
    },
  };
}

/** An error answer in the API's shape (ZErrorResponse), as the client maps it to ApiError. */
export function apiError(
  status: number,
  code: string,
  message: string,
  extra: { details?: { path: string; message: string }[]; retryAfter?: number } = {},
): Response {
  return HttpResponse.json(
    { error: { code, message, ...(extra.details ? { details: extra.details } : {}) } },
    {
      status,
      headers: extra.retryAfter === undefined ? {} : { "Retry-After": String(extra.retryAfter) },
    },
  );
}

/** An answer that never comes, for loading states. */
export function neverAnswer(): Promise<never> {
  return new Promise(() => {});
}
