import { useTranslation } from 'react-i18next';
import { Field, type FieldProps } from './field';

/**
 * A password being chosen (an account's first, a new one): password managers offer to make one,
 * and the shared rule it must follow is its hint.
 */
export function NewPasswordField(props: Omit<FieldProps, 'type' | 'autoComplete' | 'hint'>) {
  const { t } = useTranslation();
  return <Field type="password" autoComplete="new-password" hint={t('auth.passwordHint')} {...props} />;
}
