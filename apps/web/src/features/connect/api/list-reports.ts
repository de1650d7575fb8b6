import { queryOptions } from '@tanstack/react-query';
import type { Report } from '@tolk/shared/schemas/connect';
import { get } from '../../../lib/http';

export type ReportState = Report['state'];

/** Apart from connect's tree: a connection made somewhere need not ask for the queue again. */
export const reportsQueryKey = ['reports'] as const;
/** The report queue, open or resolved (superadmins only: anyone else gets 403). */
export const listReports = (state: ReportState) => get<{ reports: Report[] }>('/reports', { params: { state } });
export const reportsQuery = (state: ReportState) =>
  queryOptions({ queryKey: [...reportsQueryKey, state], queryFn: () => listReports(state) });
