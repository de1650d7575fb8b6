import { useTranslation } from 'react-i18next';
import { Field, type FieldProps } from '../../../ui/field';

/** A username as password managers find it and as typed: no capital letter, no spelling fix. */
export function UsernameField(props: Omit<FieldProps, 'label'>) {
  const { t } = useTranslation();
  return (
    <Field label={t('auth.username')} autoComplete="username" autoCapitalize="none" spellCheck={false} {...props} />
  );
}
