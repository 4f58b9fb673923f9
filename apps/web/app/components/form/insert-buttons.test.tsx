import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useRef, useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { InsertButtons } from "./insert-buttons";

function Message({ onInsert }: { onInsert: (value: string) => void }) {
  const [text, setText] = useState("Hi  !");
  const area = useRef<HTMLTextAreaElement>(null);
  return (
    <>
      <textarea
        aria-label="Message"
        ref={area}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <InsertButtons
        legend="Tags"
        hint="Puts the tag at the caret"
        testId="tags"
        buttons={[
          { value: "{name}", label: "Name", testId: "tag-name" },
          { value: "{phone}", label: "Phone", testId: "tag-phone", disabled: true },
        ]}
        onInsert={(value) => {
          onInsert(value);
          const at = area.current?.selectionStart ?? 0;
          setText((current) => current.slice(0, at) + value + current.slice(at));
        }}
      />
    </>
  );
}

describe("InsertButtons", () => {
  it("names its group and describes each button with the hint", () => {
    render(<Message onInsert={vi.fn()} />);
    expect(screen.getByRole("group", { name: "Tags" })).toBe(screen.getByTestId("tags"));
    expect(screen.getByTestId("tag-name")).toHaveAccessibleDescription("Puts the tag at the caret");
    expect(screen.getByTestId("tag-phone")).toBeDisabled();
  });

  it("inserts at the caret, which stays in the message", async () => {
    const onInsert = vi.fn();
    render(<Message onInsert={onInsert} />);
    const message = screen.getByRole("textbox", { name: "Message" }) as HTMLTextAreaElement;
    await userEvent.click(message);
    message.setSelectionRange(3, 3);
    await userEvent.click(screen.getByTestId("tag-name"));
    expect(onInsert).toHaveBeenCalledWith("{name}");
    expect(message).toHaveFocus();
    expect(message).toHaveValue("Hi {name} !");
    await userEvent.click(screen.getByTestId("tag-phone"));
    expect(onInsert).toHaveBeenCalledTimes(1);
  });
});
