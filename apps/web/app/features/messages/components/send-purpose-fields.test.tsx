import type { TSender } from "@sms/domain/contracts/senders";
import { sendersEndpoints } from "@sms/domain/endpoints/senders";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useForm } from "react-hook-form";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "~/lib/api-client";
import { i18next } from "~/lib/i18n";
import { SendPurposeFields, useSenderChoices } from "./send-purpose-fields";

vi.mock("~/lib/api-client", async (original) => ({
  ...(await original<typeof import("~/lib/api-client")>()),
  api: { call: vi.fn() },
}));
const call = vi.mocked(api.call);

const SHARED = { id: 1, name: "AcmeOtp", status: "approved", shared: false, type: "otp" } as TSender;

function Fields({ sendAt }: { sendAt?: Date }) {
  const { control, watch } = useForm<{
    purpose: "general" | "marketing" | "debt_collection";
    sender: string;
  }>({
    defaultValues: { purpose: "general", sender: "" },
  });
  const choices = useSenderChoices(watch("purpose"));
  return (
    <SendPurposeFields
      control={control}
      choices={choices}
      testIdPrefix="x"
      errorText={(key) => key}
      sendAt={sendAt}
    />
  );
}

function renderFields(sendAt?: Date) {
  call.mockImplementation(async (endpoint: unknown) => {
    if (endpoint !== sendersEndpoints.list) throw new Error("unexpected call");
    return {
      data: {
        entities: [SHARED],
        page_information: { page: 1, size: 100, total_item: 1, total_pages: 1, limit: 5 },
      },
    } as never;
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={["/en/x"]}>
        <Fields sendAt={sendAt} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const purpose = () => screen.getByRole("combobox", { name: /Purpose/ });

beforeEach(async () => {
  await i18next.changeLanguage("en");
});
afterEach(() => {
  vi.clearAllMocks();
  vi.useRealTimers();
});

describe("SendPurposeFields", () => {
  it("warns about debt collection outside its hours at the chosen time, and not inside them", async () => {
    const user = userEvent.setup();
    // Monday 21:00 in Bangkok: after 20:00.
    renderFields(new Date("2026-11-23T14:00:00Z"));
    await waitFor(() => expect(screen.getByRole("combobox", { name: /Sender name/ })).toHaveValue("AcmeOtp"));
    expect(screen.queryByTestId("debt-hours-warning")).not.toBeInTheDocument();
    await user.selectOptions(purpose(), "debt_collection");
    expect(screen.getByTestId("debt-hours-warning")).toHaveTextContent(
      "The chosen time is outside the hours debt collection may be sent",
    );
    expect(screen.getByTestId("x-purpose-help")).toHaveTextContent("Monday–Friday 08:00–20:00");
  });

  it("says nothing for debt collection at 10:00 on a weekday", async () => {
    const user = userEvent.setup();
    renderFields(new Date("2026-11-23T03:00:00Z"));
    await user.selectOptions(purpose(), "debt_collection");
    expect(screen.queryByTestId("debt-hours-warning")).not.toBeInTheDocument();
  });

  it("warns about advertising at night, now or at the chosen time", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    // 02:00 in Bangkok now.
    vi.setSystemTime(new Date("2026-11-23T19:00:00Z"));
    const user = userEvent.setup();
    renderFields();
    await user.selectOptions(purpose(), "marketing");
    expect(screen.getByTestId("quiet-hours-warning")).toHaveTextContent("It is now between 00:00 and 06:00");
  });
});
