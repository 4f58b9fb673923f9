import { type ReactNode, useEffect, useId, useState } from "react";
import { Button, TextInput } from "~/components/form";
import { CollapsibleFilters } from "./collapsible-filters";

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
  /**
   * How many of those other filters are applied. With other filters the form folds behind a
   * "Filters (n)" toggle on a phone; a lone search box stays open.
   */
  activeFilters?: number;
}

/**
 * A list's search text, applied on submit (Enter or the button) and kept in the URL by the list.
 * The controls sit on one line, aligned on their bottom edge; a description goes under the line so
 * it never pushes a button down (D22).
 */
export function SearchBox({
  label,
  description,
  value,
  onSearch,
  submitLabel,
  clearLabel,
  canClear = value !== "",
  onClear = () => onSearch(""),
  inputClassName = "w-full sm:w-80",
  testId = "search",
  children,
  activeFilters = 0,
}: SearchBoxProps) {
  const [text, setText] = useState(value);
  const [open, setOpen] = useState(false);
  const descriptionId = useId();
  useEffect(() => setText(value), [value]);
  const form = (
    <search>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          setOpen(false);
          onSearch(text.trim());
        }}
      >
        <TextInput
          type="search"
          label={label}
          aria-describedby={description ? descriptionId : undefined}
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
              setOpen(false);
              onClear();
            }}
          >
            {clearLabel}
          </Button>
        ) : null}
      </form>
      {description ? (
        <p id={descriptionId} className="mt-1 text-sm text-gray-600">
          {description}
        </p>
      ) : null}
    </search>
  );
  if (!children) return form;
  return (
    <CollapsibleFilters activeCount={(value ? 1 : 0) + activeFilters} open={open} onOpenChange={setOpen}>
      {form}
    </CollapsibleFilters>
  );
}
