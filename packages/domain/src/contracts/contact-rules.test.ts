import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type ContactField, contactFormIssues } from "./contact-rules.ts";
import { ZContactUsRequest } from "./marketing.ts";

const VALID = {
  name: "Somchai Jaidee",
  email: "somchai@example.co.th",
  phone: "081-234 5678",
  company: "",
  topic: "sales",
  message: "Please call me about SMS packages.",
};

/** The server's answer in the same shape: the first message of each field. */
function serverIssues(values: Record<string, string>): Partial<Record<ContactField, string>> {
  const result = ZContactUsRequest.safeParse(values);
  const issues: Partial<Record<ContactField, string>> = {};
  for (const issue of result.success ? [] : result.error.issues) {
    const field = issue.path[0] as ContactField;
    issues[field] ??= issue.message;
  }
  return issues;
}

describe("contactFormIssues", () => {
  it.each([
    ["a valid form", {}, {}],
    [
      "empty required fields",
      { name: " ", email: "", topic: "", message: "" },
      {
        name: "validation.required",
        email: "validation.required",
        topic: "validation.required",
        message: "validation.required",
      },
    ],
    ["markup in the name", { name: "Ann <b>" }, { name: "validation.name_markup" }],
    ["a name too long", { name: "a".repeat(101) }, { name: "marketing.validation.name_too_long" }],
    ["a wrong e-mail", { email: "ann@example" }, { email: "marketing.validation.email_invalid" }],
    ["a short phone", { phone: "0812" }, { phone: "validation.phone_min_length" }],
    ["a +66 phone", { phone: "+66 81 234 5678" }, {}],
    [
      "a company too long",
      { company: "c".repeat(151) },
      { company: "marketing.validation.company_too_long" },
    ],
    ["an unknown topic", { topic: "spam" }, { topic: "marketing.validation.topic_invalid" }],
    ["a short message", { message: " hi there " }, { message: "marketing.validation.message_too_short" }],
    ["a long message", { message: "m".repeat(2001) }, { message: "marketing.validation.message_too_long" }],
  ] as const)("gives the server's messages for %s", (_, change, expected) => {
    const values = { ...VALID, ...change };
    expect(contactFormIssues(values)).toEqual(expected);
    expect(serverIssues(values)).toEqual(expected);
  });

  it("agrees with the server's contract on any input", () => {
    const text = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.constantFrom("", " ", "<", "a@b.co", "x@y", "0812345678", "+66812345678", "sales", "other"),
      fc.string({ minLength: 95, maxLength: 160 }),
      fc.string({ minLength: 1990, maxLength: 2010 }),
    );
    fc.assert(
      fc.property(
        fc.record({ name: text, email: text, phone: text, company: text, topic: text, message: text }),
        (values) => {
          expect(contactFormIssues(values)).toEqual(serverIssues(values));
        },
      ),
      { numRuns: 300 },
    );
  });
});
