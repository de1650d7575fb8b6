import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { ReportInput } from '@tolk/shared/schemas/connect';
import { useFileReport } from '../api/file-report';
import { ReportDialog } from '../../../ui/report-dialog';

/** What a member reports in connect: a person's profile or someone's trip, and the dialog's title. */
export interface ReportTarget {
  kind: Extract<ReportInput['targetKind'], 'profile' | 'trip'>;
  id: string;
  title: string;
}

/** The report dialog for a target (closed without one): files it, thanks the member, closes. */
export function ReportFlow({ target, onClose }: { target: ReportTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const report = useFileReport();
  return (
    <ReportDialog
      open={target !== null}
      title={target?.title ?? ''}
      busy={report.isPending}
      onClose={onClose}
      onSubmit={async (reason, note) => {
        if (!target) return;
        await report.mutateAsync({ targetKind: target.kind, targetId: target.id, reason, note });
        toast.success(t('report.thanks'));
        onClose();
      }}
    />
  );
}
