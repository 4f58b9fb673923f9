import { webhooksEndpoints } from "@sms/domain/endpoints/webhooks";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "~/lib/api-client";
import { i18next } from "~/lib/i18n";
import { WebhookSecretCard } from "./webhook-secret-card";

vi.mock("~/lib/api-client", async (original) => ({
  ...(await original<typeof import("~/lib/api-client")>()),
  api: { call: vi.fn() },
}));
vi.mock("sonner", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
const call = vi.mocked(api.call);

let secret: string;

function renderCard(canManage = true) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <WebhookSecretCard organizationId={7} canManage={canManage} />
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await i18next.changeLanguage("en");
  vi.clearAllMocks();
  secret = "whsec_first";
  call.mockImplementation(async (endpoint) => {
    if (endpoint === webhooksEndpoints.getSecret) return { data: { secret } } as never;
    if (endpoint === webhooksEndpoints.rotateSecret) {
      secret = "whsec_second";
      return { data: { secret } } as never;
    }
    throw new Error("unexpected call");
  });
});

describe("WebhookSecretCard", () => {
  it("keeps the secret hidden (and unfetched) until shown, then copies it with the toast", async () => {
    const user = userEvent.setup();
    renderCard();
    expect(screen.getByTestId("webhook-secret-hidden")).toBeInTheDocument();
    expect(call).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: "Show" }));
    expect(await screen.findByTestId("webhook-secret")).toHaveTextContent("whsec_first");
    await user.click(screen.getByRole("button", { name: "Copy the webhook signing secret" }));
    expect(await navigator.clipboard.readText()).toBe("whsec_first");
    expect(toast.success).toHaveBeenCalledWith("Copied to clipboard");

    await user.click(screen.getByRole("button", { name: "Hide" }));
    expect(screen.queryByTestId("webhook-secret")).not.toBeInTheDocument();
  });

  it("rotates only after the confirmation, and shows the new secret", async () => {
    const user = userEvent.setup();
    renderCard();
    await user.click(screen.getByRole("button", { name: "Rotate secret" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent("Rotate the webhook signing secret?");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(call).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: "Rotate secret" }));
    await user.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Rotate now" }),
    );
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Webhook signing secret rotated"));
    expect(await screen.findByTestId("webhook-secret")).toHaveTextContent("whsec_second");
    expect(call).toHaveBeenCalledWith(webhooksEndpoints.rotateSecret);
  });

  it("tells other members that only the owner sees it", () => {
    renderCard(false);
    expect(screen.getByTestId("webhook-secret-owner-only")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Show" })).not.toBeInTheDocument();
    expect(call).not.toHaveBeenCalled();
  });
});
