import { post } from '../../../lib/http';

/** dismiss: nothing to act on; suspend: the account it is about signs out everywhere and is hidden. */
export type ReportAction = 'dismiss' | 'suspend';

export const resolveReport = (reportId: string, action: ReportAction) =>
  post<{ ok: true }>(`/reports/${encodeURIComponent(reportId)}/resolve`, { action });
