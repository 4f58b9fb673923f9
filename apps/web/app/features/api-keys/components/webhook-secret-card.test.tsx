import { webhooksEndpoints } from "@sms/domain/endpoints/webhooks";
import { screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { mockEndpoint } from "../../../../test/msw";
import { renderApp } from "../../../../test/render";
import { spyOnToasts } from "../../../../test/toasts";
import { WebhookSecretCard } from "./webhook-secret-card";

spyOnToasts();

let secret: string;
let get: ReturnType<typeof mockEndpoint<typeof webhooksEndpoints.getSecret>>;
let rotate: ReturnType<typeof mockEndpoint<typeof webhooksEndpoints.rotateSecret>>;

const renderCard = (canManage = true) =>
  renderApp(<WebhookSecretCard organizationId={7} canManage={canManage} />, { path: "/en/api-settings" });

beforeEach(() => {
  vi.clearAllMocks();
  secret = "whsec_first";
  get = mockEndpoint(webhooksEndpoints.getSecret, () => ({ data: { secret } }));
  rotate = mockEndpoint(webhooksEndpoints.rotateSecret, () => {
    secret = "whsec_second";
    return { data: { secret } };
  });
});

describe("WebhookSecretCard", () => {
  it("keeps the secret hidden (and unfetched) until shown, then copies it with the toast", async () => {
    const { user } = await renderCard();
    expect(screen.getByTestId("webhook-secret-hidden")).toBeInTheDocument();
    expect(get.calls).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Show" }));
    expect(await screen.findByTestId("webhook-secret")).toHaveTextContent("whsec_first");
    await user.click(screen.getByRole("button", { name: "Copy the webhook signing secret" }));
    expect(await navigator.clipboard.readText()).toBe("whsec_first");
    expect(toast.success).toHaveBeenCalledWith("Copied to clipboard");

    await user.click(screen.getByRole("button", { name: "Hide" }));
    expect(screen.queryByTestId("webhook-secret")).not.toBeInTheDocument();
  });

  it("rotates only after the confirmation, and shows the new secret", async () => {
    const { user } = await renderCard();
    await user.click(screen.getByRole("button", { name: "Rotate secret" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent("Rotate the webhook signing secret?");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(rotate.calls).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Rotate secret" }));
    await user.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Rotate now" }),
    );
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Webhook signing secret rotated"));
    expect(await screen.findByTestId("webhook-secret")).toHaveTextContent("whsec_second");
    expect(rotate.calls).toHaveLength(1);
  });

  it("tells other members that only the owner sees it", async () => {
    await renderCard(false);
    expect(screen.getByTestId("webhook-secret-owner-only")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Show" })).not.toBeInTheDocument();
    expect(get.calls).toHaveLength(0);
  });
});
