import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { SearchBox } from "./search-box";

describe("SearchBox", () => {
  it("applies the trimmed text on Enter inside a search landmark", async () => {
    const onSearch = vi.fn();
    const { container } = render(
      <SearchBox
        label="Search contacts"
        value=""
        onSearch={onSearch}
        submitLabel="Search"
        clearLabel="Clear"
      />,
    );
    expect(container.querySelector("search form")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Clear" })).not.toBeInTheDocument();
    await userEvent.type(screen.getByRole("searchbox", { name: "Search contacts" }), "  Anong {Enter}");
    expect(onSearch).toHaveBeenCalledWith("Anong");
  });

  it("clears the applied search, and has no clear button without its label", async () => {
    const onSearch = vi.fn();
    const { rerender } = render(
      <SearchBox label="Search" value="Boon" onSearch={onSearch} submitLabel="Go" clearLabel="Clear" />,
    );
    expect(screen.getByTestId("search")).toHaveValue("Boon");
    await userEvent.click(screen.getByRole("button", { name: "Clear" }));
    expect(onSearch).toHaveBeenCalledWith("");
    expect(screen.getByTestId("search")).toHaveValue("");
    rerender(<SearchBox label="Search" value="Boon" onSearch={onSearch} submitLabel="Go" />);
    expect(screen.queryByRole("button", { name: "Clear" })).not.toBeInTheDocument();
  });

  it("gives extra filters the text typed so far", async () => {
    const onExtra = vi.fn();
    render(
      <SearchBox label="Search" value="" onSearch={vi.fn()} submitLabel="Go" testId="templates-search">
        {(text) => (
          <button type="button" onClick={() => onExtra(text)}>
            Extra
          </button>
        )}
      </SearchBox>,
    );
    await userEvent.type(screen.getByTestId("templates-search"), "promo");
    await userEvent.click(screen.getByRole("button", { name: "Extra" }));
    expect(onExtra).toHaveBeenCalledWith("promo");
  });
});
