import type { TConsentWording, TUpdateConsentWordingRequest } from "@sms/domain/contracts/contacts";
import { contactsEndpoints } from "@sms/domain/endpoints/contacts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { consentWordingKey } from "./keys";

/**
 * GET /c/consent-wording: the organization's current consent wording and its version (ADR 108),
 * which the contact form and the import start from.
 */
export function useConsentWording() {
  return useQuery({
    queryKey: consentWordingKey,
    queryFn: async (): Promise<TConsentWording> => (await api.call(contactsEndpoints.getConsentWording)).data,
  });
}

/** PUT /c/consent-wording; the answer (the new version, or the same one) replaces the cached wording. */
export function useSaveConsentWording() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: TUpdateConsentWordingRequest) =>
      (await api.call(contactsEndpoints.updateConsentWording, { body })).data,
    onSuccess: (wording) => client.setQueryData(consentWordingKey, wording),
  });
}
