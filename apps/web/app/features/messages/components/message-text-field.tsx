import { withPlainTwins } from "@sms/domain/rules/sms";
import { type Ref, useId } from "react";
import { type Control, type FieldValues, type Path, useController } from "react-hook-form";
import { Textarea } from "~/components/form";
import { SmsCounter, UnicodeHint } from "~/features/templates";

interface MessageTextFieldProps<T extends FieldValues> {
  control: Control<T>;
  label: string;
  description?: string;
  maxLength: number;
  /** The text as the server will count it (tracked links as short links: countedText). */
  counted: string;
  /** The send's recipients for the credits; undefined: per recipient. */
  recipients?: number;
  /** The text goes as written (no contact fills its tags): the instant message. */
  literal?: boolean;
  /** A zod message key (or server text) as text in the page's language. */
  errorText: (key: string | undefined) => string | undefined;
  /** The textarea, for the forms that insert tags at the caret. */
  textareaRef?: (element: HTMLTextAreaElement | null) => void;
  testId: string;
  rows?: number;
}

/**
 * The message of every sending form (instant, campaign, file): the field, the one count under it
 * ("115 ตัวอักษร · 2 SMS · 30 เครดิต", sticky on phones while typing: D30, D56) and, when a few
 * stray characters make a mostly-English text unicode, which ones with a way to use plain ones.
 */
export function MessageTextField<T extends FieldValues & { message?: string | undefined }>({
  control,
  label,
  description,
  maxLength,
  counted,
  recipients,
  literal = false,
  errorText,
  textareaRef,
  testId,
  rows = 6,
}: MessageTextFieldProps<T>) {
  const counterId = useId();
  const { field, fieldState } = useController({ control, name: "message" as Path<T> });
  const value = (field.value as string | undefined) ?? "";
  const ref: Ref<HTMLTextAreaElement> = (element) => {
    field.ref(element);
    textareaRef?.(element);
  };
  return (
    <div>
      <Textarea
        name={field.name}
        value={value}
        onChange={field.onChange}
        onBlur={field.onBlur}
        ref={ref}
        label={label}
        isRequired
        rows={rows}
        maxLength={maxLength}
        description={description}
        error={errorText(fieldState.error?.message)}
        aria-describedby={counterId}
        data-testid={testId}
      />
      <UnicodeHint message={value} onUsePlain={() => field.onChange(withPlainTwins(value))} />
      <SmsCounter
        id={counterId}
        message={counted}
        typed={value.length}
        maxLength={maxLength}
        recipients={recipients}
        {...(literal ? { sample: null } : {})}
      />
    </div>
  );
}
