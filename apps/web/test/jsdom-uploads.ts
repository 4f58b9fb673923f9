import { Blob as NodeBlob, File as NodeFile } from "node:buffer";

/**
 * Uploads reach MSW with their bytes and file names. Node's fetch cannot read jsdom's Blob, so
 * Vitest's jsdom environment replaces `Request` with a subclass that copies a jsdom FormData or
 * Blob body into Node's, reading the bytes from the Blob's `_buffer`, which jsdom 29 renamed
 * `_bytes`: every uploaded file arrived as the text "undefined", named "blob". This subclass
 * copies them first, bytes and name kept. It must be evaluated before msw, whose interceptors
 * extend the global `Request` when they load (test/setup.ts imports it first).
 */
const impl = Object.getOwnPropertySymbols(Object.getOwnPropertyDescriptors(new Blob()))[0];
if (!impl) throw new Error("jsdom's Blob has no implementation symbol: update test/jsdom-uploads.ts");

const bytesOf = (blob: Blob): Uint8Array => {
  const bytes = (blob as unknown as Record<symbol, { _bytes?: Uint8Array }>)[impl]?._bytes;
  if (!bytes) throw new Error("jsdom's Blob keeps no _bytes: update test/jsdom-uploads.ts");
  return bytes;
};

const toNode = (blob: Blob): NodeBlob =>
  blob instanceof File
    ? new NodeFile([bytesOf(blob)], blob.name, { type: blob.type, lastModified: blob.lastModified })
    : new NodeBlob([bytesOf(blob)], { type: blob.type });

/** Node's own FormData, which Vitest's environment hides behind jsdom's. */
const NodeFormData = (await new Response(new URLSearchParams()).formData()).constructor as typeof FormData;

/** Runs `work` with Node's own File and Blob as the globals (Node 22+'s fetch makes files with them). */
function withNodeFiles<T>(work: () => T): T {
  const { File: jsdomFile, Blob: jsdomBlob } = globalThis;
  globalThis.File = NodeFile as unknown as typeof File;
  globalThis.Blob = NodeBlob as unknown as typeof Blob;
  try {
    return work();
  } finally {
    globalThis.File = jsdomFile;
    globalThis.Blob = jsdomBlob;
  }
}

function toNodeBody(body: unknown): unknown {
  if (body instanceof FormData) {
    const form = new NodeFormData();
    body.forEach((value, name) => {
      if (typeof value === "string") form.append(name, value);
      else form.append(name, toNode(value) as unknown as Blob, value.name);
    });
    return form;
  }
  if (body instanceof Blob) return toNode(body);
  return body;
}

const JsdomCompatRequest = globalThis.Request;

globalThis.Request = class Request extends JsdomCompatRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(
      input,
      init?.body == null ? init : { ...init, body: withNodeFiles(() => toNodeBody(init.body)) as BodyInit },
    );
  }
  static override [Symbol.hasInstance](instance: unknown) {
    return instance instanceof JsdomCompatRequest;
  }
} as typeof Request;

/**
 * Node 22+'s multipart parser makes each file with the global `File`, which under jsdom is jsdom's,
 * then asserts it is Node's own: every handler that read an upload failed on Node 24 ("The
 * expression evaluated to a falsy value"). While a request or response body is parsed as form
 * data, the global `File` is Node's.
 */
for (const Body of [Request, Response]) {
  let proto: object | null = Body.prototype;
  while (proto && !Object.hasOwn(proto, "formData")) proto = Object.getPrototypeOf(proto);
  if (!proto) throw new Error(`${Body.name} has no formData(): update test/jsdom-uploads.ts`);
  const owner = proto as { formData: () => Promise<FormData> };
  const parse = owner.formData;
  owner.formData = async function formData(this: unknown) {
    const jsdomFile = globalThis.File;
    globalThis.File = NodeFile as unknown as typeof File;
    try {
      return await parse.call(this);
    } finally {
      globalThis.File = jsdomFile;
    }
  };
}
