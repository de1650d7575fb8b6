import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormActions } from '../../../ui/form-actions';
import { ConflictNotice } from '../../../ui/conflict-notice';
import { FormError } from '../../../ui/form-error';
import { RECORD_PATHS, type RecordKind } from '../kinds';
import type { RecordFormControls, RecordFormValues } from '../use-record-form';

interface RecordFormFrameProps<K extends RecordKind, F extends RecordFormValues> {
  controls: RecordFormControls<K, F>;
  children: ReactNode;
}

/**
 * What every record form has around its fields: the form's own error, the notice of an edit made
 * elsewhere (above the buttons, where the member is when a save is refused), Save and Cancel (back
 * to the record, or to the list for a new one).
 */
export function RecordFormFrame<K extends RecordKind, F extends RecordFormValues>({
  controls,
  children,
}: RecordFormFrameProps<K, F>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { kind, record, form, submit, busy, saving, conflict, reload, overwrite } = controls;
  const paths = RECORD_PATHS[kind];
  return (
    <form className="record-form" noValidate onSubmit={submit}>
      {children}
      <FormError>{form.formState.errors.root?.message}</FormError>
      {conflict && <ConflictNotice busy={busy} onReload={reload} onOverwrite={overwrite} />}
      <FormActions
        submitLabel={saving ? t('common.saving') : record ? t('common.save') : t('records.form.add')}
        busy={busy}
        onCancel={() => {
          void navigate(record ? paths.detail(record.id) : paths.list);
        }}
      />
    </form>
  );
}
