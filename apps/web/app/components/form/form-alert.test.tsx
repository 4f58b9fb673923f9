import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FormAlert } from "./form-alert";

function place(top: number) {
  vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue({
    top,
    bottom: top + 40,
    left: 0,
    right: 300,
    width: 300,
    height: 40,
    x: 0,
    y: top,
    toJSON: () => ({}),
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(HTMLElement.prototype, "scrollIntoView");
});

describe("FormAlert", () => {
  it("brings an error shown above the screen into view, where the user looks after pressing", () => {
    const scroll = vi.fn();
    HTMLElement.prototype.scrollIntoView = scroll;
    place(-600);
    const { rerender } = render(<FormAlert>{null}</FormAlert>);
    expect(scroll).not.toHaveBeenCalled();
    rerender(<FormAlert>The organization is suspended</FormAlert>);
    expect(screen.getByRole("alert")).toHaveTextContent("The organization is suspended");
    expect(scroll).toHaveBeenCalledTimes(1);
    expect(scroll.mock.calls[0]?.[0]).toMatchObject({ block: "center" });
  });

  it("leaves an error already in view, and never moves the page for a notice", () => {
    const scroll = vi.fn();
    HTMLElement.prototype.scrollIntoView = scroll;
    place(100);
    render(<FormAlert>In view</FormAlert>);
    place(-600);
    render(<FormAlert tone="info">A notice</FormAlert>);
    expect(scroll).not.toHaveBeenCalled();
  });
});
