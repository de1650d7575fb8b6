import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { Ban, KeyRound, Pencil, RotateCcw, type LucideIcon } from 'lucide-react';
import type { AdminAccount } from '@tolk/shared/schemas/accounts-admin';
import { paths } from '../../../lib/paths';
import { useLoginResponse } from '../../../lib/session';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { toastError } from '../../../ui/toast-error';
import { useActOnAccount, type AccountAction } from '../api/act-on-account';
import { personName } from '../../../lib/format';
import { OneTimePasswordDialog } from './one-time-password-dialog';

const ACTION_ICONS: Record<AccountAction, LucideIcon> = { suspend: Ban, reactivate: RotateCcw, reset: KeyRound };

/**
 * What a superadmin does to an account, each behind a question that says what follows: edit it,
 * suspend it (signed out everywhere) or reactivate it, reset its password (a one-time password,
 * shown once). Their own account they may not suspend.
 */
export function AccountAdminActions({ account }: { account: AdminAccount }) {
  const { t } = useTranslation();
  const { loginResponse } = useLoginResponse();
  const [asking, setAsking] = useState<AccountAction | undefined>();
  const [oneTimePassword, setOneTimePassword] = useState<string | undefined>();
  const name = personName(account);
  const own = account.id === loginResponse.userid;

  const act = useActOnAccount(account.id, {
    onSuccess: (result, action) => {
      setAsking(undefined);
      if ('oneTimePassword' in result && typeof result.oneTimePassword === 'string') {
        setOneTimePassword(result.oneTimePassword);
      }
      toast.success(t(`accounts.actions.${action}Done`, { name }));
    },
    onError: (error) => {
      setAsking(undefined);
      toastError(error, t);
    },
  });

  /** The button that asks before an action: suspending, the grave one, in the danger colour. */
  const askButton = (action: AccountAction) => {
    const Icon = ACTION_ICONS[action];
    return (
      <button
        type="button"
        className={action === 'suspend' ? 'button danger-outline' : 'button'}
        disabled={act.isPending}
        onClick={() => {
          setAsking(action);
        }}
      >
        <Icon aria-hidden size={16} /> {t(`accounts.actions.${action}`)}
      </button>
    );
  };

  const suspended = account.state === 'suspended';
  return (
    <>
      <div className="account-actions">
        <Link className="button" to={paths.accountEdit(account.id)}>
          <Pencil aria-hidden size={16} /> {t('common.edit')}
        </Link>
        {suspended ? askButton('reactivate') : !own && askButton('suspend')}
        {askButton('reset')}
      </div>
      <ConfirmDialog
        open={asking !== undefined}
        title={asking ? t(`accounts.actions.${asking}Title`, { name }) : ''}
        message={asking ? t(`accounts.actions.${asking}Body`, { name }) : ''}
        confirmLabel={asking ? t(`accounts.actions.${asking}`) : ''}
        busy={act.isPending}
        onConfirm={() => {
          if (asking) act.mutate(asking);
        }}
        onCancel={() => {
          setAsking(undefined);
        }}
      />
      <OneTimePasswordDialog
        password={oneTimePassword}
        name={name}
        onClose={() => {
          setOneTimePassword(undefined);
        }}
      />
    </>
  );
}
