import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { Report } from '@tolk/shared/schemas/connect';
import { post } from '../../../lib/http';
import { reportsQueryKey } from './list-reports';

/** dismiss: nothing to act on; suspend: the account it is about signs out everywhere and is hidden. */
export type ReportAction = 'dismiss' | 'suspend';

export const resolveReport = (reportId: string, action: ReportAction) =>
  post<{ ok: true }>(`/reports/${encodeURIComponent(reportId)}/resolve`, { action });

export type ReportResolution = { report: Report; action: ReportAction };

/** Resolves a report of the queue; however it went, the queue asks again. */
export function useResolveReport(
  options: Omit<UseMutationOptions<{ ok: true }, Error, ReportResolution>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: ({ report, action }: ReportResolution) => resolveReport(report.id, action),
    onSettled: async (...args) => {
      await options.onSettled?.(...args);
      await queryClient.invalidateQueries({ queryKey: reportsQueryKey });
    },
  });
}
