import type {
  TCreateSmscRouteRequest,
  TOperatorRange,
  TUpdateSmscRouteRequest,
} from "@sms/domain/contracts/smsc-routes";
import { smscRoutesEndpoints } from "@sms/domain/endpoints/smsc-routes";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { ADMIN_AUDIT_KEY, ADMIN_OPERATOR_RANGES_KEY, ADMIN_SMSC_ROUTES_KEY } from "./keys";

/** The route rules in the order they are checked (issue 26 point 2). */
export function useSmscRoutes() {
  return useQuery({
    queryKey: ADMIN_SMSC_ROUTES_KEY,
    queryFn: async () => (await api.call(smscRoutesEndpoints.list, {})).data.entities,
  });
}

/** The operators' number ranges routes may name. */
export function useOperatorRanges() {
  return useQuery({
    queryKey: ADMIN_OPERATOR_RANGES_KEY,
    queryFn: async () => (await api.call(smscRoutesEndpoints.ranges, {})).data.entities,
  });
}

function useInvalidate() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: ADMIN_SMSC_ROUTES_KEY });
    void client.invalidateQueries({ queryKey: ADMIN_OPERATOR_RANGES_KEY });
    void client.invalidateQueries({ queryKey: ADMIN_AUDIT_KEY });
  };
}

export function useCreateSmscRoute() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: async (body: TCreateSmscRouteRequest) =>
      (await api.call(smscRoutesEndpoints.create, { body })).data,
    onSuccess,
  });
}

export function useUpdateSmscRoute() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: TUpdateSmscRouteRequest }) =>
      (await api.call(smscRoutesEndpoints.update, { params: { id }, body })).data,
    onSuccess,
  });
}

export function useDeleteSmscRoute() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: async (id: number) => (await api.call(smscRoutesEndpoints.remove, { params: { id } })).data,
    onSuccess,
  });
}

export function useReplaceOperatorRanges() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: async (ranges: TOperatorRange[]) =>
      (await api.call(smscRoutesEndpoints.replaceRanges, { body: { ranges } })).data.entities,
    onSuccess,
  });
}

/** One message for staff (where it went); `id` null: nothing asked yet. */
export function useStaffMessage(id: number | null) {
  return useQuery({
    queryKey: [...ADMIN_SMSC_ROUTES_KEY, "message", id],
    queryFn: async () => (await api.call(smscRoutesEndpoints.message, { params: { id: id ?? 0 } })).data,
    enabled: id !== null,
    retry: false,
  });
}
