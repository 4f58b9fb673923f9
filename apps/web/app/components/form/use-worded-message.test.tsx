import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { i18next } from "~/lib/i18n";
import { useWordedMessage } from "./use-worded-message";

/** Shows what a server answered (worded in the language of the moment) above a form. */
function Answer({ text }: { text: string }) {
  const [message, setMessage] = useWordedMessage<string>();
  return (
    <div>
      <button type="button" onClick={() => setMessage(text)}>
        Send
      </button>
      <button type="button" onClick={() => setMessage(null)}>
        Clear
      </button>
      {message ? <p role="alert">{message}</p> : null}
    </div>
  );
}

describe("useWordedMessage", () => {
  afterEach(async () => {
    await i18next.changeLanguage("th");
  });

  it("keeps the message while the language stays, and drops it when the language changes", async () => {
    render(<Answer text="รหัสไม่ถูกต้อง" />);
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(screen.getByRole("alert").textContent).toBe("รหัสไม่ถูกต้อง");
    await act(() => i18next.changeLanguage("en"));
    expect(screen.queryByRole("alert")).toBeNull();
    // Switching back does not bring the old wording back either.
    await act(() => i18next.changeLanguage("th"));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows a message set after the switch, and clears on request", async () => {
    await i18next.changeLanguage("en");
    render(<Answer text="The code is incorrect." />);
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(screen.getByRole("alert").textContent).toBe("The code is incorrect.");
    await userEvent.click(screen.getByRole("button", { name: "Clear" }));
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
