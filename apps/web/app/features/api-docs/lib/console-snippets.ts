/**
 * The test console's request as code (issue 27 point 3): the exact call the console sends, in
 * curl, Node (fetch), PHP (curl) and Python (requests). Every value the user typed is written as a
 * string literal of that language: a shell single-quoted word, a JSON string (valid JavaScript and
 * Python), a PHP single-quoted string. Thai text stays readable UTF-8; quotes, backslashes, `$`,
 * backticks and line breaks cannot end a literal early or be expanded.
 */

export const CONSOLE_LANGUAGES = ["curl", "node", "php", "python"] as const;
export type ConsoleLanguage = (typeof CONSOLE_LANGUAGES)[number];

/** Shown instead of the secret until the user pastes it (the portal never has it). */
export const SECRET_MASK = "YOUR_SECRET";

export type ConsoleOperation = "sms" | "otp-request" | "otp-verify";

export const CONSOLE_PATHS: Record<ConsoleOperation, string> = {
  sms: "/api/v2/sms",
  "otp-request": "/api/v2/otp/request",
  "otp-verify": "/api/v2/otp/verify",
};

export interface ConsoleCall {
  operation: ConsoleOperation;
  /** The page's origin, e.g. https://sms.example.com. */
  origin: string;
  key: string;
  /** The pasted secret; empty shows SECRET_MASK. */
  secret: string;
  /** The request's own fields (the SMS's msisdn, message, sender; the OTP's msisdn, or token and pin). */
  fields: Record<string, string>;
}

/** The JSON body as sent: the SMS API authenticates with HTTP Basic, the OTP API with its body. */
export function consoleBody(call: ConsoleCall, secret: string): Record<string, string> {
  return call.operation === "sms" ? { ...call.fields } : { key: call.key, secret, ...call.fields };
}

/** A POSIX shell word in single quotes: nothing inside is expanded; `'` is closed, escaped and reopened. */
export const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
/** A PHP single-quoted string: only `\` and `'` are special. */
export const phpQuote = (text: string) => `'${text.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
/** A JSON string is a valid JavaScript and Python 3 string literal. */
const jsonQuote = (text: string) => JSON.stringify(text);

function curl(url: string, call: ConsoleCall, secret: string, body: Record<string, string>): string {
  return [
    `curl -X POST ${shellQuote(url)}`,
    ...(call.operation === "sms" ? [`  -u ${shellQuote(`${call.key}:${secret}`)}`] : []),
    `  -H 'Content-Type: application/json'`,
    `  -d ${shellQuote(JSON.stringify(body))}`,
  ].join(" \\\n");
}

function node(url: string, call: ConsoleCall, secret: string, body: Record<string, string>): string {
  const lines: string[] = [];
  const headers = [`"Content-Type": "application/json"`];
  if (call.operation === "sms") {
    lines.push(`const auth = Buffer.from(${jsonQuote(`${call.key}:${secret}`)}).toString("base64");`, "");
    headers.unshift(`Authorization: \`Basic \${auth}\``);
  }
  const object = Object.entries(body)
    .map(([name, value]) => `    ${jsonQuote(name)}: ${jsonQuote(value)},`)
    .join("\n");
  lines.push(
    `const response = await fetch(${jsonQuote(url)}, {`,
    `  method: "POST",`,
    `  headers: { ${headers.join(", ")} },`,
    `  body: JSON.stringify({\n${object}\n  }),`,
    "});",
    "console.log(response.status, await response.json());",
  );
  return lines.join("\n");
}

function php(url: string, call: ConsoleCall, secret: string, body: Record<string, string>): string {
  const entries = Object.entries(body).map(
    ([name, value]) => `        ${phpQuote(name)} => ${phpQuote(value)},`,
  );
  return [
    "<?php",
    `$ch = curl_init(${phpQuote(url)});`,
    "curl_setopt_array($ch, [",
    "    CURLOPT_RETURNTRANSFER => true,",
    "    CURLOPT_POST => true,",
    ...(call.operation === "sms" ? [`    CURLOPT_USERPWD => ${phpQuote(`${call.key}:${secret}`)},`] : []),
    "    CURLOPT_HTTPHEADER => ['Content-Type: application/json'],",
    "    CURLOPT_POSTFIELDS => json_encode([",
    ...entries,
    "    ], JSON_UNESCAPED_UNICODE),",
    "]);",
    "$answer = curl_exec($ch);",
    "$status = curl_getinfo($ch, CURLINFO_HTTP_CODE);",
    "curl_close($ch);",
    "echo $status, ' ', $answer, PHP_EOL;",
  ].join("\n");
}

function python(url: string, call: ConsoleCall, secret: string, body: Record<string, string>): string {
  const entries = Object.entries(body).map(
    ([name, value]) => `        ${jsonQuote(name)}: ${jsonQuote(value)},`,
  );
  return [
    "import requests",
    "",
    "response = requests.post(",
    `    ${jsonQuote(url)},`,
    ...(call.operation === "sms" ? [`    auth=(${jsonQuote(call.key)}, ${jsonQuote(secret)}),`] : []),
    "    json={",
    ...entries,
    "    },",
    "    timeout=30,",
    ")",
    "print(response.status_code, response.json())",
  ].join("\n");
}

/** The console's request in every language, the secret masked unless the user pasted it. */
export function consoleSnippets(call: ConsoleCall): Record<ConsoleLanguage, string> {
  const secret = call.secret === "" ? SECRET_MASK : call.secret;
  const url = `${call.origin}${CONSOLE_PATHS[call.operation]}`;
  const body = consoleBody(call, secret);
  return {
    curl: curl(url, call, secret, body),
    node: node(url, call, secret, body),
    php: php(url, call, secret, body),
    python: python(url, call, secret, body),
  };
}
