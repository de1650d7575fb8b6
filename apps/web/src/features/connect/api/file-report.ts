import type { ReportInput } from '@tolk/shared/schemas/connect';
import { post } from '../../../lib/http';

/**
 * Reports a profile, a trip or a muse the member can see, for the team to look at. Connect and
 * muses both report (through ui/report-dialog.tsx), so the call lives here rather than in either.
 * The server allows a few a day: past that it answers 429, said as usual by ui/error-message.ts.
 */
export const fileReport = (input: ReportInput) => post<{ id: string }>('/reports', input);
