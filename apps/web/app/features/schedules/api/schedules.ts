import type {
  TCreateScheduleRequest,
  TSchedule,
  TSchedulesQueryInput,
} from "@sms/domain/contracts/schedules";
import { schedulesEndpoints } from "@sms/domain/endpoints/schedules";
import type { Locale } from "@sms/domain/routes";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { uploadWithProgress } from "~/lib/authorized-files";
import { SCHEDULES_KEY, scheduleKey } from "./keys";

/** GET /c/schedules/campaigns: newest first, searchable by name, filtered by status. */
export function useSchedules(query: TSchedulesQueryInput, queryKey: readonly unknown[]) {
  return useQuery({
    queryKey,
    queryFn: async () => (await api.call(schedulesEndpoints.list, { query })).data,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** GET /c/schedules/campaigns/{id}: the schedule with its last runs. */
export function useSchedule(id: number | null) {
  return useQuery({
    queryKey: scheduleKey(id ?? 0),
    queryFn: async () => (await api.call(schedulesEndpoints.get, { params: { id: id ?? 0 } })).data,
    enabled: id !== null,
    retry: false,
  });
}

/** POST /c/schedules/campaigns/{id}/cancel: the lists and the schedule are read again. */
export function useCancelSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await api.call(schedulesEndpoints.cancel, { params: { id } })).data,
    onSuccess: () => void client.invalidateQueries({ queryKey: SCHEDULES_KEY }),
  });
}

/** POST /c/schedules/campaigns: a campaign to groups and typed numbers, once or recurring. */
export function useCreateSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: TCreateScheduleRequest) =>
      (await api.call(schedulesEndpoints.create, { body })).data,
    onSuccess: () => void client.invalidateQueries({ queryKey: SCHEDULES_KEY }),
  });
}

/** POST /c/schedules/campaigns/import with the upload's progress: the file is checked now and kept. */
export function scheduleFileCampaign(
  file: File,
  fields: Record<string, string>,
  locale: Locale,
  onProgress: (fraction: number) => void,
): Promise<TSchedule> {
  return uploadWithProgress<TSchedule>(schedulesEndpoints.importFile.path, file, locale, onProgress, {
    fields,
  });
}
