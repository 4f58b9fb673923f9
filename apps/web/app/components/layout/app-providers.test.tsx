import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { toast } from "sonner";
import { describe, expect, it } from "vitest";
import { signedOut } from "~/lib/session";
import { installMatchMedia } from "../../../test/match-media";
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

  async function toastAt(width: number) {
    const media = installMatchMedia(width);
    try {
      const router = createMemoryRouter([{ path: "/", element: <AppProviders>page</AppProviders> }]);
      render(<RouterProvider router={router} />);
      await act(async () => {
        toast("saved");
        await new Promise((r) => setTimeout(r, 50));
      });
      return document.querySelector<HTMLElement>("[data-sonner-toaster]");
    } finally {
      media.restore();
    }
  }

  it("open below the top bar on a laptop", async () => {
    const toaster = await toastAt(1280);
    expect(toaster).toHaveAttribute("data-y-position", "top");
    expect(toaster).toHaveAttribute("data-x-position", "right");
    expect(toaster?.style.getPropertyValue("--offset-top")).toBe("4.5rem");
  });

  it("rise from the bottom on a phone, off the page's heading (review D24)", async () => {
    const toaster = await toastAt(375);
    expect(toaster).toHaveAttribute("data-y-position", "bottom");
    expect(toaster?.style.getPropertyValue("--mobile-offset-bottom")).toBe("1rem");
  });
});

describe("the end of a session", () => {
  it("drops every cached query and stops rendering the account's pages", async () => {
    let client: QueryClient | undefined;
    function Page() {
      client = useQueryClient();
      const me = useQuery({ queryKey: ["me"], queryFn: async () => ({ name: "Somchai" }) });
      useQuery({ queryKey: ["credits"], queryFn: async () => 120 });
      return <p>{me.data ? `hello ${me.data.name}` : "loading"}</p>;
    }
    const router = createMemoryRouter([
      {
        path: "/",
        element: (
          <AppProviders>
            <Page />
          </AppProviders>
        ),
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByText("hello Somchai")).toBeInTheDocument();
    expect(client?.getQueryCache().getAll()).toHaveLength(2);

    act(() => signedOut.announce());

    expect(screen.queryByText(/Somchai/)).toBeNull();
    expect(client?.getQueryCache().getAll()).toHaveLength(0);
  });
});
