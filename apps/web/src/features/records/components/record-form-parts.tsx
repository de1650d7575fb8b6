import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { RECORD_NAME_MAX, RECORD_TEXT_MAX } from '@tolk/shared/schemas/records';
import { Field, TextAreaField, type FieldProps } from '../../../ui/field';
import { FormActions } from '../../../ui/form-actions';
import { FormError } from '../../../ui/form-error';
import { RECORD_PATHS, type RecordKind } from '../kinds';
import type { RecordFormControls, RecordFormValues } from '../use-record-form';
import { ConflictNotice } from '../../../ui/conflict-notice';

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

/** A record's name, first in its form: `{...form.register('name')}` and its error. */
export function RecordNameField(props: Omit<FieldProps, 'maxLength' | 'autoComplete'>) {
  return <Field maxLength={RECORD_NAME_MAX} autoComplete="off" {...props} />;
}

type RecordTextProps = Omit<ComponentProps<typeof TextAreaField>, 'label' | 'maxLength'>;

/** What a person or a thing is, in a few lines (a thing's offer shows it to others). */
export function RecordDescriptionField({ rows = 3, ...props }: RecordTextProps) {
  const { t } = useTranslation();
  return <TextAreaField label={t('records.form.description')} rows={rows} maxLength={RECORD_TEXT_MAX} {...props} />;
}

/** A member's own note on a person or a place. */
export function RecordNoteField(props: Omit<RecordTextProps, 'rows'>) {
  const { t } = useTranslation();
  return <TextAreaField label={t('records.form.note')} rows={3} maxLength={RECORD_TEXT_MAX} {...props} />;
}
