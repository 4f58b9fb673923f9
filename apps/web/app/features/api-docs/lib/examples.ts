import { type ApiOperation, SENDER_PLACEHOLDER } from "./openapi";

/** The languages of the code examples, in tab order. */
export const EXAMPLE_LANGUAGES = ["curl", "node", "thaibulksms", "php", "python"] as const;
export type ExampleLanguage = (typeof EXAMPLE_LANGUAGES)[number];

export const SECRET_PLACEHOLDER = "YOUR_SECRET";
export const KEY_PLACEHOLDER = "YOUR_API_KEY";

export interface ExampleContext {
  /** The page's origin, e.g. https://sms.example.com. */
  origin: string;
  /** The organization's SMS and OTP keys when it has them (secrets are never shown again). */
  smsKey?: string | null;
  otpKey?: string | null;
  /** The organization's first own approved sender, when it has one. */
  sender?: string | null;
}

const isOtp = (op: ApiOperation) => /\/otp(\/|$)/.test(op.path);

/** The key an operation is called with: the SMS key for HTTP Basic, the OTP key for the OTP API. */
export function keyFor(op: ApiOperation, context: ExampleContext): string {
  return (isOtp(op) ? context.otpKey : context.smsKey) || KEY_PLACEHOLDER;
}

/** The body as sent: the OTP API takes its key and secret in the body. */
function bodyOf(op: ApiOperation, context: ExampleContext): Record<string, unknown> | null {
  if (!op.bodyExample) return null;
  const body = { ...op.bodyExample };
  if ("key" in body) body.key = keyFor(op, context);
  if ("secret" in body) body.secret = SECRET_PLACEHOLDER;
  if ("sender" in body) body.sender = context.sender || SENDER_PLACEHOLDER;
  return body;
}

const str = JSON.stringify;
const indent = (text: string, spaces: number) => text.replace(/\n/g, `\n${" ".repeat(spaces)}`);

function curl(op: ApiOperation, url: string, key: string, body: Record<string, unknown> | null): string {
  const lines = [op.method === "GET" ? `curl "${url}"` : `curl -X ${op.method} "${url}"`];
  if (op.basicAuth) lines.push(`  -u "${key}:${SECRET_PLACEHOLDER}"`);
  if (body) {
    lines.push(`  -H "Content-Type: application/json"`);
    lines.push(`  -d '${str(body).replace(/'/g, "'\\''")}'`);
  }
  return lines.join(" \\\n");
}

function nodeFetch(op: ApiOperation, url: string, key: string, body: Record<string, unknown> | null): string {
  const headers: string[] = [];
  const lines: string[] = [];
  if (op.basicAuth) {
    lines.push(`const auth = Buffer.from(${str(`${key}:${SECRET_PLACEHOLDER}`)}).toString("base64");`, "");
    // The generated Node code builds its header with a template literal of its own.
    headers.push(`Authorization: \`Basic \${auth}\``);
  }
  if (body) headers.push(`"Content-Type": "application/json"`);
  const options = [`method: "${op.method}"`];
  if (headers.length) options.push(`headers: { ${headers.join(", ")} }`);
  if (body) options.push(`body: JSON.stringify(${indent(str(body, null, 2), 2)})`);
  lines.push(
    `const response = await fetch(${str(url)}, {`,
    ...options.map((o) => `  ${o},`),
    "});",
    "console.log(response.status, await response.json());",
  );
  return lines.join("\n");
}

/** The published `thaibulksms-api` client pointed at us: `sms().sendSMS` and `otp().request/verify`. */
function thaibulksms(op: ApiOperation, context: ExampleContext, key: string): string | null {
  const head = `const thaibulksms = require("thaibulksms-api");`;
  const done = `.then((answer) => console.log(answer))\n  .catch((error) => console.error(error.status ?? error.code, error.data ?? error.message));`;
  const body = bodyOf(op, context);
  if (op.method === "POST" && op.path.endsWith("/sms")) {
    return [
      head,
      "",
      "const sms = thaibulksms.sms({",
      `  apiKey: ${str(key)},`,
      `  apiSecret: ${str(SECRET_PLACEHOLDER)},`,
      `  api: ${str(`${context.origin}/api/v2`)},`,
      "});",
      "",
      `sms\n  .sendSMS(${indent(str(body ?? {}, null, 2), 2)})\n  ${done}`,
    ].join("\n");
  }
  if (!isOtp(op)) return null;
  const client = [
    head,
    "",
    "const otp = thaibulksms.otp({",
    `  apiKey: ${str(key)},`,
    `  apiSecret: ${str(SECRET_PLACEHOLDER)},`,
    `  api: ${str(`${context.origin}/api`)},`,
    `  version: "v2",`,
    "});",
    "",
  ];
  if (op.path.endsWith("/request"))
    return [...client, `otp\n  .request(${str(body?.msisdn ?? "0812345678")})\n  ${done}`].join("\n");
  if (op.path.endsWith("/verify"))
    return [
      ...client,
      `otp\n  .verify(${str(body?.token ?? "TOKEN")}, ${str(body?.pin ?? "123456")})\n  ${done}`,
    ].join("\n");
  return null;
}

function phpValue(value: unknown, depth: number): string {
  const pad = "    ".repeat(depth + 1);
  if (value === null) return "null";
  if (Array.isArray(value))
    return `[\n${value.map((v) => `${pad}${phpValue(v, depth + 1)},`).join("\n")}\n${"    ".repeat(depth)}]`;
  if (typeof value === "object")
    return `[\n${Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${pad}${phpString(k)} => ${phpValue(v, depth + 1)},`)
      .join("\n")}\n${"    ".repeat(depth)}]`;
  if (typeof value === "string") return phpString(value);
  return String(value);
}
const phpString = (text: string) => `'${text.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;

function php(op: ApiOperation, url: string, key: string, body: Record<string, unknown> | null): string {
  const options = [`CURLOPT_RETURNTRANSFER => true,`];
  if (op.method !== "GET") options.push(`CURLOPT_CUSTOMREQUEST => '${op.method}',`);
  if (op.basicAuth) options.push(`CURLOPT_USERPWD => ${phpString(`${key}:${SECRET_PLACEHOLDER}`)},`);
  if (body) {
    options.push(`CURLOPT_HTTPHEADER => ['Content-Type: application/json'],`);
    options.push(`CURLOPT_POSTFIELDS => json_encode(${phpValue(body, 1)}),`);
  }
  return [
    "<?php",
    `$ch = curl_init(${phpString(url)});`,
    "curl_setopt_array($ch, [",
    ...options.map((o) => `    ${o}`),
    "]);",
    "$answer = curl_exec($ch);",
    "$status = curl_getinfo($ch, CURLINFO_HTTP_CODE);",
    "curl_close($ch);",
    "echo $status, ' ', $answer, PHP_EOL;",
  ].join("\n");
}

function pythonValue(value: unknown, depth: number): string {
  const pad = "    ".repeat(depth + 1);
  if (value === null) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (Array.isArray(value))
    return `[\n${value.map((v) => `${pad}${pythonValue(v, depth + 1)},`).join("\n")}\n${"    ".repeat(depth)}]`;
  if (typeof value === "object")
    return `{\n${Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${pad}${str(k)}: ${pythonValue(v, depth + 1)},`)
      .join("\n")}\n${"    ".repeat(depth)}}`;
  return str(value);
}

function python(op: ApiOperation, url: string, key: string, body: Record<string, unknown> | null): string {
  const args = [str(url)];
  if (op.basicAuth) args.push(`auth=(${str(key)}, ${str(SECRET_PLACEHOLDER)})`);
  if (body) args.push(`json=${pythonValue(body, 1)}`);
  args.push("timeout=30");
  return [
    "import requests",
    "",
    `response = requests.${op.method.toLowerCase()}(`,
    ...args.map((a) => `    ${a},`),
    ")",
    "print(response.status_code, response.json())",
  ].join("\n");
}

/** The operation's examples by language; a language with no way to make the call is left out. */
export function examplesFor(
  op: ApiOperation,
  context: ExampleContext,
): Partial<Record<ExampleLanguage, string>> {
  const url = `${context.origin}${op.path}`;
  const key = keyFor(op, context);
  const body = bodyOf(op, context);
  const examples: Partial<Record<ExampleLanguage, string>> = {
    curl: curl(op, url, key, body),
    node: nodeFetch(op, url, key, body),
  };
  const client = thaibulksms(op, context, key);
  if (client) examples.thaibulksms = client;
  examples.php = php(op, url, key, body);
  examples.python = python(op, url, key, body);
  return examples;
}
