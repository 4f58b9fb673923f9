import type { FieldValues, Resolver } from "react-hook-form";

const MISMATCH = "validation.password_confirmation_mismatch";

/**
 * The contracts check the confirmation with an object-level refine, which zod skips while any
 * other field is invalid. The form shows the mismatch at once, alongside the other errors.
 */
export function withConfirmation<T extends FieldValues & { password: string; password_confirmation: string }>(
  resolver: Resolver<T>,
): Resolver<T> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const errors = result.errors as Record<string, unknown>;
    if (
      Object.keys(errors).length > 0 &&
      !errors.password_confirmation &&
      values.password_confirmation !== values.password
    ) {
      return {
        values: {},
        errors: { ...result.errors, password_confirmation: { type: "validation", message: MISMATCH } },
      } as Awaited<ReturnType<Resolver<T>>>;
    }
    return result;
  };
}
