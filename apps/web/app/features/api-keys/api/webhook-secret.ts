import { webhooksEndpoints } from "@sms/domain/endpoints/webhooks";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { API_KEYS_KEY } from "./keys";

/** The webhook signing secret of an organization (GET /c/api-webhook-secret). */
export const webhookSecretKey = (organizationId: number) =>
  [...API_KEYS_KEY, "webhook-secret", organizationId] as const;

/**
 * Read only once the member asks to see it (`enabled`): the secret is not loaded, nor created, for
 * a visit that never reveals it.
 */
export function useWebhookSecret(organizationId: number, enabled: boolean) {
  return useQuery({
    queryKey: webhookSecretKey(organizationId),
    queryFn: async () => (await api.call(webhooksEndpoints.getSecret)).data.secret,
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** PUT /c/api-webhook-secret: a new secret at once; the old one no longer verifies new webhooks. */
export function useRotateWebhookSecret(organizationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.call(webhooksEndpoints.rotateSecret)).data.secret,
    onSuccess: (secret) => client.setQueryData(webhookSecretKey(organizationId), secret),
  });
}
