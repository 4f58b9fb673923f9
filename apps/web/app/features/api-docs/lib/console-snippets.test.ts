import { describe, expect, it } from "vitest";
import { type ConsoleCall, consoleSnippets, SECRET_MASK } from "./console-snippets";

/** Text that ends or expands a careless literal in every language, in Thai. */
const TRICKY = `สวัสดีค่ะ 'คุณ' "ลูกค้า" \\ $HOME \`id\` {x}\nบรรทัดสอง ๑๒๓`;

const sms = (secret = ""): ConsoleCall => ({
  operation: "sms",
  origin: "https://sms.example.com",
  key: "sk_live_abc",
  secret,
  fields: { msisdn: "0812345678", message: TRICKY, sender: "ร้าน'ดี" },
});

/** Reads one POSIX shell word made of single-quoted parts and backslash-escaped characters. */
function shellWord(text: string): string {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (c === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) throw new Error("unterminated quote");
      out += text.slice(i + 1, end);
      i = end + 1;
    } else if (c === "\\") {
      out += text[i + 1];
      i += 2;
    } else if (c === " ") break;
    else throw new Error(`unquoted ${c}`);
  }
  return out;
}

/** Reads a PHP single-quoted string at the start of `text`. */
function phpString(text: string): [string, string] {
  if (!text.startsWith("'")) throw new Error("not a PHP string");
  let out = "";
  let i = 1;
  while (text[i] !== "'") {
    if (i >= text.length) throw new Error("unterminated");
    if (text[i] === "\\" && (text[i + 1] === "\\" || text[i + 1] === "'")) {
      out += text[i + 1];
      i += 2;
    } else {
      out += text[i];
      i += 1;
    }
  }
  return [out, text.slice(i + 1)];
}

const lineAfter = (code: string, prefix: string) => {
  const line = code.split("\n").find((l) => l.startsWith(prefix));
  if (line === undefined) throw new Error(`no line ${prefix}`);
  return line.slice(prefix.length);
};

/** The `"name": "value",` lines between two markers, read as the JSON they are. */
function jsonEntries(code: string, open: string, close: string): Record<string, string> {
  const lines = code.split("\n");
  const from = lines.findIndex((l) => l.endsWith(open));
  const to = lines.findIndex((l, i) => i > from && l.trim() === close);
  const entries = lines.slice(from + 1, to).map((l) => l.trim().replace(/,$/, ""));
  return JSON.parse(`{${entries.join(",")}}`);
}

describe("consoleSnippets", () => {
  it("curl: every value in single quotes; the body and the credentials come back exactly", () => {
    const { curl } = consoleSnippets(sms("s3cr'et$"));
    expect(curl.split(" \\\n")[0]).toBe("curl -X POST 'https://sms.example.com/api/v2/sms'");
    expect(shellWord(lineAfter(curl, "  -u "))).toBe("sk_live_abc:s3cr'et$");
    expect(JSON.parse(shellWord(lineAfter(curl, "  -d ")))).toEqual(sms().fields);
    expect(curl).toContain("สวัสดีค่ะ");
    expect(curl).not.toContain('"$HOME');
  });

  it("node: JSON string literals (valid JavaScript), HTTP Basic for the SMS API", () => {
    const { node } = consoleSnippets(sms());
    expect(jsonEntries(node, "body: JSON.stringify({", "}),")).toEqual(sms().fields);
    expect(node).toContain(`Buffer.from("sk_live_abc:${SECRET_MASK}")`);
    expect(node).toContain('await fetch("https://sms.example.com/api/v2/sms"');
    // The text's line break is an escape, not a line of code.
    expect(node).toContain("\\nบรรทัดสอง");
  });

  it("python: JSON string literals are Python strings; auth is a tuple", () => {
    const { python } = consoleSnippets(sms("abc"));
    expect(jsonEntries(python, "json={", "},")).toEqual(sms().fields);
    expect(python).toContain('auth=("sk_live_abc", "abc"),');
  });

  it("php: single-quoted strings with only \\ and ' escaped", () => {
    const { php } = consoleSnippets(sms());
    // A PHP single-quoted string may hold a line break as it is: read the entries as one text.
    let rest = php.slice(php.indexOf("json_encode([") + "json_encode([".length).trimStart();
    const body: Record<string, string> = {};
    while (!rest.startsWith("]")) {
      const [name, afterName] = phpString(rest);
      const [value, tail] = phpString(afterName.replace(/^ => /, ""));
      expect(tail.startsWith(",\n")).toBe(true);
      body[name] = value;
      rest = tail.slice(1).trimStart();
    }
    expect(body).toEqual(sms().fields);
    expect(php).toContain(`CURLOPT_USERPWD => 'sk_live_abc:${SECRET_MASK}'`);
    expect(php).toContain("JSON_UNESCAPED_UNICODE");
  });

  it("masks the secret until it is pasted, in every language", () => {
    const masked = consoleSnippets(sms());
    const pasted = consoleSnippets(sms("real-secret-123"));
    for (const language of ["curl", "node", "php", "python"] as const) {
      expect(masked[language]).toContain(SECRET_MASK);
      expect(masked[language]).not.toContain("real-secret-123");
      expect(pasted[language]).toContain("real-secret-123");
      expect(pasted[language]).not.toContain(SECRET_MASK);
    }
  });

  it("OTP calls carry the key and secret in the body, not HTTP Basic", () => {
    const call: ConsoleCall = {
      operation: "otp-verify",
      origin: "https://sms.example.com",
      key: "ok_live_def",
      secret: "",
      fields: { token: "tok'en", pin: "123456" },
    };
    const { curl, python, node, php } = consoleSnippets(call);
    const body = { key: "ok_live_def", secret: SECRET_MASK, token: "tok'en", pin: "123456" };
    expect(JSON.parse(shellWord(lineAfter(curl, "  -d ")))).toEqual(body);
    expect(curl).not.toContain(" -u ");
    expect(curl).toContain("'https://sms.example.com/api/v2/otp/verify'");
    expect(jsonEntries(python, "json={", "},")).toEqual(body);
    expect(python).not.toContain("auth=");
    expect(node).not.toContain("Authorization");
    expect(php).not.toContain("CURLOPT_USERPWD");
  });
});
