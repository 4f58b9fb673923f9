import type { z } from "zod";
import { ZErrorResponse } from "../contracts/common.ts";
import type { MemberAction } from "../permissions.ts";

/**
 * One declaration per /api/v1 endpoint (ADR 5): the server registers its route from it and the web
 * client calls through it, so a path, an input or a response that drifts apart fails the typecheck.
 */
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * Who may call: anyone (`guest`), a signed-in user (`user`), a user or a registering visitor with
 * token_register (`register`), a member of the organization (`member`: the current one, or the
 * one named by the `organizationParam` path parameter; allowed `permission` of the role matrix in
 * permissions.ts), or back-office staff (`staff`, user role Admin; anyone else gets 404).
 */
export type EndpointAuth = "guest" | "user" | "register" | "member" | "staff";

export type ResponseSchemas = { readonly [status: number]: z.ZodType };

/** The statuses a handler answers when it succeeds; the lowest declared one is the default. */
export type SuccessCode = 200 | 201 | 202 | 204;

export interface EndpointInput {
  readonly method: HttpMethod;
  /** Below /api/v1, with `{name}` for path parameters: `/c/contact-groups/{id}`. */
  readonly path: string;
  readonly auth: EndpointAuth;
  /** For `auth: "member"`: the action of the role matrix the caller's member role must allow. */
  readonly permission?: MemberAction;
  /**
   * For `auth: "member"`: the path parameter naming the organization (`/c/organizations/{id}`); the
   * caller must be a member of it (404 otherwise). Without it, the current organization.
   */
  readonly organizationParam?: string;
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
  /** Request media types other than JSON, e.g. multipart uploads (the body is then not a zod schema). */
  readonly consumes?: readonly string[];
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly responses: ResponseSchemas;
}

/** `"/a/{id}/b/{key}"` → `"id" | "key"`. */
export type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamNames<Rest>
  : never;

type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** Compile-time checks of a declaration; where it can, a failure names what is wrong. */
type Checked<D extends EndpointInput> = D &
  ([PathParamNames<D["path"]>] extends [never]
    ? { readonly params?: never }
    : D extends { params: infer S extends z.ZodType }
      ? Exact<keyof z.output<S>, PathParamNames<D["path"]>> extends true
        ? unknown
        : { readonly params: `params must declare exactly: ${PathParamNames<D["path"]>}` }
      : { readonly params: z.ZodType }) &
  (D["method"] extends "GET" | "DELETE" ? { readonly body?: never } : unknown) &
  (D["auth"] extends "member"
    ? unknown
    : { readonly permission?: never; readonly organizationParam?: never }) &
  (Extract<keyof D["responses"], SuccessCode> extends never
    ? { readonly responses: "responses must declare a success status (200, 201, 202 or 204)" }
    : unknown);

/** The errors the platform itself answers: validation, and the guard's 401/403. */
type PlatformErrors<D extends EndpointInput> = (D extends
  | { params: z.ZodType }
  | { query: z.ZodType }
  | {
      body: z.ZodType;
    }
  ? { 400: typeof ZErrorResponse }
  : unknown) &
  (D["auth"] extends "guest" ? unknown : { 401: typeof ZErrorResponse; 403: typeof ZErrorResponse });

export type Endpoint<D extends EndpointInput = EndpointInput> = Omit<D, "responses"> & {
  /** The path in Fastify's syntax (`:id`). */
  readonly url: string;
  readonly responses: D["responses"] & PlatformErrors<D>;
};

const PARAM = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

export function defineEndpoint<const D extends EndpointInput>(definition: Checked<D>): Endpoint<D> {
  const d = definition as D;
  const platform: Record<number, z.ZodType> = {};
  if (d.params || d.query || d.body) platform[400] = ZErrorResponse;
  if (d.auth !== "guest") {
    platform[401] = ZErrorResponse;
    platform[403] = ZErrorResponse;
  }
  return {
    ...d,
    url: d.path.replace(PARAM, ":$1"),
    responses: { ...platform, ...d.responses },
  } as unknown as Endpoint<D>;
}

/** Any declared endpoint, for code that handles them all (registration, the client, tests). */
export interface AnyEndpoint extends Omit<EndpointInput, "responses"> {
  readonly url: string;
  readonly responses: ResponseSchemas;
}

type SchemaAt<E extends AnyEndpoint, K extends "params" | "query" | "body"> = E extends {
  [P in K]: infer S extends z.ZodType;
}
  ? S
  : undefined;

/** What a caller sends (before the server's coercions and defaults). */
export type EndpointParams<E extends AnyEndpoint> =
  SchemaAt<E, "params"> extends z.ZodType ? z.input<SchemaAt<E, "params">> : undefined;
export type EndpointQuery<E extends AnyEndpoint> =
  SchemaAt<E, "query"> extends z.ZodType ? z.input<SchemaAt<E, "query">> : undefined;
export type EndpointBody<E extends AnyEndpoint> =
  SchemaAt<E, "body"> extends z.ZodType ? z.input<SchemaAt<E, "body">> : undefined;

export type EndpointSuccessStatus<E extends AnyEndpoint> = Extract<keyof E["responses"], SuccessCode>;

/** What a handler returns on success (the server encodes it for the wire). */
export type EndpointResult<E extends AnyEndpoint> = z.output<E["responses"][EndpointSuccessStatus<E>]>;

/**
 * The success body as it travels: the serializer encodes the handler's value with the response
 * schema, so the client receives the schema's input side.
 */
export type EndpointResponse<E extends AnyEndpoint> = z.input<E["responses"][EndpointSuccessStatus<E>]>;

/** The default success status: the lowest 2xx the declaration lists. */
export function successStatus(endpoint: AnyEndpoint): number {
  const codes = Object.keys(endpoint.responses)
    .map(Number)
    .filter((code) => code >= 200 && code < 300)
    .sort((a, b) => a - b);
  const [first] = codes;
  if (first === undefined) throw new Error(`${endpoint.method} ${endpoint.path} declares no success status`);
  return first;
}

/** Fills the `{name}` placeholders, each value URL-encoded. */
export function buildPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(PARAM, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === "") throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}
