import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, TextInput } from "~/components/form";

/** A list's search text, applied on submit (Enter or the button) and kept in the URL by the list. */
export function SearchBox({
  label,
  value,
  onSearch,
}: {
  label: string;
  value: string;
  onSearch: (value: string) => void;
}) {
  const { t } = useTranslation("contacts");
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
          value={text}
          onChange={setText}
          maxLength={100}
          className="w-full sm:max-w-sm"
          data-testid="search"
        />
        <Button type="submit" variant="light-primary">
          {t("search.submit")}
        </Button>
        {value ? (
          <Button
            variant="light-gray"
            onClick={() => {
              setText("");
              onSearch("");
            }}
          >
            {t("search.clear")}
          </Button>
        ) : null}
      </form>
    </search>
  );
}
