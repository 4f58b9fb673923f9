import { type FormEvent, type ReactNode, useState } from "react";
import { Button, type ButtonVariant, FormAlert, Textarea } from "~/components/form";
import { ModalFrame } from "./modal-frame";

export interface TextDialogProps {
  title: string;
  /** What the decision does, above the field. */
  body?: ReactNode;
  label: string;
  description?: string;
  isRequired?: boolean;
  maxLength: number;
  /**
   * Checks the text with the request's contract: the value to send, or the message key of the first
   * problem (shown under the field through `message`).
   */
  validate: (text: string) => { ok: true; value: string } | { ok: false; problem: string | undefined };
  /** Turns a contract's message key into the reader's words. */
  message: (key: string | undefined) => string | undefined;
  confirmLabel: string;
  cancelLabel: string;
  confirmVariant?: ButtonVariant;
  confirmTestId: string;
  testId: string;
  busy: boolean;
  /** Why the server refused, shown above the buttons. */
  error: string | null;
  onCancel: () => void;
  onConfirm: (value: string) => void;
}

/**
 * A staff decision that takes a text (a reason to block or reject, a note on an approval): the
 * field is checked with the same contract the server uses before anything is sent.
 */
export function TextDialog({
  title,
  body,
  label,
  description,
  isRequired = false,
  maxLength,
  validate,
  message,
  confirmLabel,
  cancelLabel,
  confirmVariant = "error",
  confirmTestId,
  testId,
  busy,
  error,
  onCancel,
  onConfirm,
}: TextDialogProps) {
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(text);
    if (!checked.ok) {
      setProblem(checked.problem);
      return;
    }
    setProblem(undefined);
    onConfirm(checked.value);
  };
  return (
    <ModalFrame title={title} onClose={onCancel} testId={testId}>
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        {body ? <p className="text-gray-700">{body}</p> : null}
        <Textarea
          label={label}
          description={description}
          isRequired={isRequired}
          value={text}
          onChange={setText}
          maxLength={maxLength}
          error={message(problem)}
          autoFocus={isRequired}
        />
        <FormAlert>{error}</FormAlert>
        <div className="flex justify-end gap-2">
          <Button variant="gray" onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button type="submit" variant={confirmVariant} isLoading={busy} data-testid={confirmTestId}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </ModalFrame>
  );
}
