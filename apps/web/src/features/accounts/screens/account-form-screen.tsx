import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { AccountCreateForm } from '../components/account-create-form';
import { AccountEditForm } from '../components/account-edit-form';
import { AccountScreen, AdminOnly, WithAccount } from '../components/account-screens';
import '../accounts.css';

/** /account/add and /account/edit/{id} (superadmins). */
export function Component() {
  const { t } = useTranslation();
  const { id } = useParams();
  return (
    <AdminOnly>
      {id ? (
        <AccountScreen title={t('accounts.form.editTitle')} back={paths.accountDetail(id)}>
          <WithAccount key={id} id={id}>
            {(account) => <AccountEditForm account={account} />}
          </WithAccount>
        </AccountScreen>
      ) : (
        <AccountScreen title={t('accounts.form.newTitle')} back={paths.account}>
          <AccountCreateForm />
        </AccountScreen>
      )}
    </AdminOnly>
  );
}
