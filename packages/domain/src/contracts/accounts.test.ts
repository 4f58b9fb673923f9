import { describe, expect, it } from "vitest";
import { ZRegisterRequest, ZUpdateMeRequest } from "./accounts.ts";

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]);

describe("person names", () => {
  it.each(["<script>", "Ann>", "a<b"])("refuse markup characters: %s", (name) => {
    expect(messages(ZUpdateMeRequest.safeParse({ first_name: name, last_name: "Lee" }))).toEqual([
      ["first_name", "validation.name_markup"],
    ]);
  });

  it("keep Thai, spaces, dots, dashes and apostrophes", () => {
    expect(ZUpdateMeRequest.safeParse({ first_name: "สมชาย", last_name: "O'Neil-Smith Jr." }).success).toBe(
      true,
    );
  });

  it("are refused at registration too", () => {
    const result = ZRegisterRequest.safeParse({
      first_name: "Ann",
      last_name: "<img src=x>",
      email: "ann@example.com",
      phone_number: "0812345678",
      password: "secret123",
      password_confirmation: "secret123",
      accept_terms: true,
    });
    expect(messages(result)).toEqual([["last_name", "validation.name_markup"]]);
  });
});
