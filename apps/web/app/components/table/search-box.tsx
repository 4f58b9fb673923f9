import { type ReactNode, useEffect, useState } from "react";
import { Button, TextInput } from "~/components/form";

export interface SearchBoxProps {
  label: string;
  description?: string;
  /** The search applied now (from the URL); the box shows it again when it changes. */
  value: string;
  /** The trimmed text, on Enter or the submit button. */
  onSearch: (value: string) => void;
  submitLabel: string;
  /** Without it there is no clear button. */
  clearLabel?: string;
  /** Whether the clear button shows; by default while a search is applied. */
  canClear?: boolean;
  /** What clearing does besides emptying the box; by default a search for "". */
  onClear?: () => void;
  inputClassName?: string;
  testId?: string;
  /** More filters in the same form, between the box and the buttons; they get the text typed so far. */
  children?: (text: string) => ReactNode;
}

/** A list's search text, applied on submit (Enter or the button) and kept in the URL by the list. */
export function SearchBox({
  label,
  description,
  value,
  onSearch,
  submitLabel,
  clearLabel,
  canClear = value !== "",
  onClear = () => onSearch(""),
  inputClassName = "w-full sm:max-w-sm",
  testId = "search",
  children,
}: SearchBoxProps) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <search>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          onSearch(text.trim());
        }}
      >
        <TextInput
          type="search"
          label={label}
          description={description}
          value={text}
          onChange={setText}
          maxLength={100}
          className={inputClassName}
          data-testid={testId}
        />
        {children?.(text)}
        <Button type="submit" variant="light-primary">
          {submitLabel}
        </Button>
        {clearLabel && canClear ? (
          <Button
            variant="light-gray"
            onClick={() => {
              setText("");
              onClear();
            }}
          >
            {clearLabel}
          </Button>
        ) : null}
      </form>
    </search>
  );
}
