import { describe, expect, it } from "vitest";
import { conflictOn, isUniqueViolation, pgErrorOf, unstorableTextError } from "./db-errors.ts";
import { AppError } from "./errors.ts";

const unique = (constraint?: string) =>
  Object.assign(new Error("duplicate key"), { code: "23505", constraint });
const wrapped = (cause: unknown) => Object.assign(new Error("Failed query"), { cause });

describe("database errors", () => {
  it("finds the SQLSTATE and constraint anywhere in the cause chain", () => {
    expect(pgErrorOf(wrapped(wrapped(unique("x_unique"))))).toEqual({
      code: "23505",
      constraint: "x_unique",
    });
    expect(pgErrorOf(new Error("plain"))).toEqual({});
    // A Node system error code is not a SQLSTATE.
    expect(pgErrorOf(Object.assign(new Error("io"), { code: "ECONNRESET" }))).toEqual({});
  });

  it("tells a unique violation, optionally of one index", () => {
    expect(isUniqueViolation(wrapped(unique("a")))).toBe(true);
    expect(isUniqueViolation(wrapped(unique("a")), "a")).toBe(true);
    expect(isUniqueViolation(wrapped(unique("a")), "b")).toBe(false);
    expect(isUniqueViolation(Object.assign(new Error("check"), { code: "23514" }))).toBe(false);
  });

  it("answers a duplicate as a 409 on the field, and lets other errors through", async () => {
    const conflict = await conflictOn("name", "errors.conflict", () =>
      Promise.reject(wrapped(unique())),
    ).catch((e) => e);
    expect(conflict).toBeInstanceOf(AppError);
    expect(conflict.details).toEqual([{ path: "name", message: "errors.conflict" }]);
    const other = new Error("boom");
    await expect(conflictOn("name", "errors.conflict", () => Promise.reject(other))).rejects.toBe(other);
    await expect(conflictOn("name", "errors.conflict", async () => 7)).resolves.toBe(7);
  });

  it("answers text the database cannot store (22021 in text, 22P05 in jsonb) as the caller's 400", () => {
    for (const code of ["22021", "22P05"]) {
      const refused = unstorableTextError(
        wrapped(Object.assign(new Error("invalid byte sequence"), { code })),
      );
      expect(refused).toBeInstanceOf(AppError);
      expect(refused).toMatchObject({
        code: "VALIDATION",
        status: 400,
        messageKey: "validation.text_unsupported_character",
      });
    }
    expect(unstorableTextError(wrapped(unique()))).toBeUndefined();
    expect(unstorableTextError(new Error("boom"))).toBeUndefined();
  });
});
