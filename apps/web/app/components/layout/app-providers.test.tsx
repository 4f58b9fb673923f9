import { act, render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { toast } from "sonner";
import { describe, expect, it } from "vitest";
import { AppProviders, MAX_TOASTS } from "./app-providers";

describe("toasts", () => {
  it("shows at most 5 at once", async () => {
    const router = createMemoryRouter([
      {
        path: "/",
        element: (
          <AppProviders>
            <p>page</p>
          </AppProviders>
        ),
      },
    ]);
    const { container } = render(<RouterProvider router={router} />);
    await act(async () => {
      for (let i = 0; i < 8; i++) toast(`message ${i}`);
      await new Promise((r) => setTimeout(r, 50));
    });
    const all = [...document.querySelectorAll("[data-sonner-toast]")];
    expect(all.length).toBeGreaterThan(MAX_TOASTS);
    const visible = all.filter((el) => el.getAttribute("data-visible") === "true");
    expect(visible).toHaveLength(5);
    expect(container).toHaveTextContent("page");
  });
});
