import { sendersEndpoints } from "@sms/domain/endpoints/senders";
import { screen, waitFor } from "@testing-library/react";
import { useForm } from "react-hook-form";
import { afterEach, describe, expect, it, vi } from "vitest";
import { page, sender } from "../../../../test/factories";
import { mockEndpoint } from "../../../../test/msw";
import { renderApp } from "../../../../test/render";
import { SendPurposeFields, useSenderChoices } from "./send-purpose-fields";

const SHARED = sender(1, { name: "AcmeOtp", status: "approved", type: "otp" });

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
  mockEndpoint(sendersEndpoints.list, page([SHARED], { size: 100 }));
  return renderApp(<Fields sendAt={sendAt} />, { path: "/en/x" });
}

const purpose = () => screen.getByRole("combobox", { name: /Purpose/ });

afterEach(() => {
  vi.useRealTimers();
});

describe("SendPurposeFields", () => {
  it("warns about debt collection outside its hours at the chosen time, and not inside them", async () => {
    // Monday 21:00 in Bangkok: after 20:00.
    const { user } = await renderFields(new Date("2026-11-23T14:00:00Z"));
    await waitFor(() => expect(screen.getByRole("combobox", { name: /Sender name/ })).toHaveValue("AcmeOtp"));
    expect(screen.queryByTestId("debt-hours-warning")).not.toBeInTheDocument();
    await user.selectOptions(purpose(), "debt_collection");
    expect(screen.getByTestId("debt-hours-warning")).toHaveTextContent(
      "The chosen time is outside the hours debt collection may be sent",
    );
    expect(screen.getByTestId("x-purpose-help")).toHaveTextContent("Monday–Friday 08:00–20:00");
  });

  it("says nothing for debt collection at 10:00 on a weekday", async () => {
    const { user } = await renderFields(new Date("2026-11-23T03:00:00Z"));
    await user.selectOptions(purpose(), "debt_collection");
    expect(screen.queryByTestId("debt-hours-warning")).not.toBeInTheDocument();
  });

  it("warns about advertising at night, now or at the chosen time", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    // 02:00 in Bangkok now.
    vi.setSystemTime(new Date("2026-11-23T19:00:00Z"));
    const { user } = await renderFields();
    await user.selectOptions(purpose(), "marketing");
    expect(screen.getByTestId("quiet-hours-warning")).toHaveTextContent("It is now between 00:00 and 06:00");
  });
});
