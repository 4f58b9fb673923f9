import { type ReactNode, useId } from "react";
import { Button } from "./button";

export interface InsertButton<V extends string = string> {
  /** What is inserted; also the button's key. */
  value: V;
  label: ReactNode;
  disabled?: boolean;
  testId: string;
}

export interface InsertButtonsProps<V extends string> {
  legend: string;
  /** Describes every button (what pressing one does). */
  hint: string;
  buttons: readonly InsertButton<V>[];
  onInsert: (value: V) => void;
  testId?: string;
}

/**
 * Buttons that each put a piece of text (a template tag, a file's column) at a message's caret: the
 * press does not take the focus, so the caret and any selection stay in the textarea.
 */
export function InsertButtons<V extends string>({
  legend,
  hint,
  buttons,
  onInsert,
  testId,
}: InsertButtonsProps<V>) {
  const hintId = useId();
  return (
    <fieldset className="space-y-1" data-testid={testId}>
      <legend className="text-sm font-medium text-gray-800">{legend}</legend>
      <p id={hintId} className="text-xs text-gray-600">
        {hint}
      </p>
      <div className="flex flex-wrap gap-2">
        {buttons.map((button) => (
          <Button
            key={button.value}
            variant="light-primary"
            size="sm"
            aria-describedby={hintId}
            disabled={button.disabled ?? false}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onInsert(button.value)}
            data-testid={button.testId}
          >
            {button.label}
          </Button>
        ))}
      </div>
    </fieldset>
  );
}
