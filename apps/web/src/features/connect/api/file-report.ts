import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { ReportInput } from '@tolk/shared/schemas/connect';
import { post } from '../../../lib/http';

/**
 * Reports a profile, a trip or a muse the member can see, for the team to look at. Connect and
 * muses both report (through ui/report-dialog.tsx), so the call lives here rather than in either.
 * The server allows a few a day: past that it answers 429, said as usual by ui/error-message.ts.
 */
export const fileReport = (input: ReportInput) => post<{ id: string }>('/reports', input);

/** Files a report; nothing a screen shows changes (thanking the member is the screen's part). */
export function useFileReport(
  options: Omit<UseMutationOptions<{ id: string }, Error, ReportInput>, 'mutationFn'> = {},
) {
  return useMutation({ ...options, mutationFn: fileReport });
}
