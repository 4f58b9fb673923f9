import type { z } from "zod";
import { AppError } from "../errors.ts";
import { issueMessageKey } from "../plugins/errors.ts";

/**
 * A multipart upload's text fields checked with their contract, and refused like a JSON body
 * (400 VALIDATION with a translated message per field).
 */
export function parseMultipartFields<T extends z.ZodType>(
  contract: T,
  fields: Record<string, string>,
): z.output<T> {
  const parsed = contract.safeParse(fields);
  if (parsed.success) return parsed.data;
  throw new AppError("VALIDATION", {
    details: parsed.error.issues.map((issue) => ({
      path: issue.path.join("."),
      message: issueMessageKey(
        {
          keyword: issue.code,
          message: issue.message,
          params: { origin: (issue as { origin?: unknown }).origin },
          path: issue.path,
        },
        fields,
      ),
    })),
  });
}
