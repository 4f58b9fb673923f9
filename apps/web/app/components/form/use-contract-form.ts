import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef } from "react";
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
  useForm,
} from "react-hook-form";
import type { z } from "zod";
import { useServerErrors } from "./use-server-errors";
import { useWordedMessage } from "./use-worded-message";

/** What checks the values as typed and gives the body sent: the request's contract, as a rule. */
type Check<V extends FieldValues, B> =
  | {
      /** The request's zod contract. */
      contract: z.ZodType<B>;
      resolver?: never;
    }
  | {
      /**
       * A check of the form's own, where the contract alone does not fit: the contract's resolver
       * wrapped (`withConfirmation(zodResolver(Z…))`), or one field checked under the API's name.
       */
      resolver: Resolver<V, unknown, B>;
      contract?: never;
    }
  | {
      /**
       * Neither: the form sends what was typed and the server alone checks it, answering per field
       * (the SMSC dialogs, whose numbers stay text until the server reads them). B is then V.
       */
      contract?: never;
      resolver?: never;
    };

export type ContractFormOptions<V extends FieldValues, B, E = string> = Check<V, B> & {
  /** The values the form starts with (or goes back to on `reset()`). */
  defaultValues?: DefaultValues<V>;
  /** Values that follow the data shown (react-hook-form's `values`): a saved record being edited. */
  values?: V;
  /** The fields a server's problem may name: it is shown under that field. */
  fields: readonly Path<V>[];
  /**
   * Sends the checked body; what a success does (a toast, a reset, closing) is the caller's. A
   * problem it throws is put on the form; one it handles itself (`form.setError`) it returns from.
   */
  onValid: (body: B, form: UseFormReturn<V, unknown, B>) => Promise<void>;
  /**
   * What a failed send shows above the form, from the error and the text useServerErrors chose
   * for it (null when every problem landed on a field, or once signed out). By default that text.
   */
  formErrorOf?: (error: unknown, text: string | null) => E | null;
  /**
   * A dialog's form, filled afresh and its message cleared each time it opens: `openedFor` is null
   * while closed and names what it opened for (an id, "new") while open; `values` is read then. A
   * change of anything else (a list refreshing under the dialog) leaves what was typed alone.
   */
  refill?: { openedFor: unknown; values: () => V };
};

/**
 * The shape of every form that sends a request (settings, dialogs, the auth pages): react-hook-form
 * checked by the request's zod contract, and a failed send's problems put where they belong
 * (useServerErrors): a field's under that field, any other as `formError`, the message shown above
 * the form in the page's language (useWordedMessage). `submit` is the form's onSubmit; `showError`
 * puts a request's failure on the form the same way when the form sends it outside `submit` (a
 * dialog's confirm step), and `setFormError` sets or clears the message itself.
 *
 * Forms left on react-hook-form's useForm, and why: ADR 114.
 */
export function useContractForm<V extends FieldValues, B, E = string>(options: ContractFormOptions<V, B, E>) {
  const { defaultValues, values, fields, onValid, formErrorOf, refill } = options;
  const [formError, setFormError] = useWordedMessage<E>();
  const form = useForm<V, unknown, B>({
    resolver:
      options.resolver ??
      (options.contract
        ? (zodResolver(options.contract as never) as unknown as Resolver<V, unknown, B>)
        : undefined),
    defaultValues,
    values,
  });
  const serverErrors = useServerErrors(form.setError, fields);
  const fill = useRef(refill);
  fill.current = refill;
  const openedFor = refill?.openedFor ?? null;
  const { reset } = form;
  // biome-ignore lint/correctness/useExhaustiveDependencies: on opening only; any render's setFormError clears.
  useEffect(() => {
    if (openedFor === null || !fill.current) return;
    reset(fill.current.values());
    setFormError(null);
  }, [openedFor, reset]);
  /** Puts a failed request's problems on the form: under their fields, the rest above it. */
  const showError = (error: unknown) => {
    const text = serverErrors(error);
    setFormError(formErrorOf ? formErrorOf(error, text) : (text as E | null));
  };
  const submit = form.handleSubmit(async (body) => {
    setFormError(null);
    try {
      await onValid(body, form);
    } catch (error) {
      showError(error);
    }
  });
  return { ...form, submit, formError, setFormError, showError };
}
