import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { KeyRound, UserRoundPen } from 'lucide-react';
import type { AccountState } from '@tolk/shared/schemas/accounts-admin';
import { paths } from '../../../lib/paths';

/** Active or suspended, in words and colour (the words say it; the colour only helps). */
export function StateBadge({ state }: { state: AccountState }) {
  const { t } = useTranslation();
  return <span className={`pill outlined account-badge ${state}`}>{t(`accounts.state.${state}`)}</span>;
}

/** What a member changes of their own account themselves: the password, and the profile. */
export function OwnAccountLinks() {
  const { t } = useTranslation();
  return (
    <>
      <Link className="button" to={paths.changePassword()}>
        <KeyRound aria-hidden size={16} /> {t('accounts.page.changePassword')}
      </Link>
      <Link className="button" to={paths.profileEdit}>
        <UserRoundPen aria-hidden size={16} /> {t('accounts.page.editProfile')}
      </Link>
    </>
  );
}
