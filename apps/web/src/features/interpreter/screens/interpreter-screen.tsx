import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Plus, QrCode } from 'lucide-react';
import { toTranslationLanguage } from '@tolk/shared/languages';
import type { InterpreterProfile } from '@tolk/shared/schemas/plazas';
import { HttpError } from '../../../lib/http';
import { useLoginResponse } from '../../../lib/session';
import { ConfirmDeleteDialog } from '../../../ui/confirm-dialog';
import { errorMessage } from '../../../ui/error-message';
import { ScreenSkeleton } from '../../../ui/skeletons';
import { toastError } from '../../../ui/toast-error';
import { useCreateInterpreterProfile } from '../api/create-interpreter-profile';
import { useDeleteInterpreterProfile } from '../api/delete-interpreter-profile';
import { useOpenProfilePlaza } from '../api/open-profile-plaza';
import { interpreterProfilesQuery, interpreterProfilesQueryKey } from '../api/list-interpreter-profiles';
import { updateInterpreterProfile } from '../api/update-interpreter-profile';
import { ProfileCard } from '../components/profile-card';
import { ProfileForm } from '../components/profile-form';
import { readyProfiles, renameGuestProfile, useGuestProfiles } from '../guest-profiles';
import { paths } from '../../../lib/paths';
import { limitSeconds } from '../plaza-errors';
import { saveVoice } from '../plaza-preferences';
import { QueryError, refetchOf } from '../../../ui/query-error';
import '../pairs.css';
import { FormError } from '../../../ui/form-error';

/** Members' pairs live on the server; guests' in this browser. Both open the same plazas. */
function useProfiles(member: boolean) {
  const queryClient = useQueryClient();
  const guestProfiles = useGuestProfiles();
  const query = useQuery({ ...interpreterProfilesQuery(), enabled: member });

  const create = useCreateInterpreterProfile(member);

  const rename = async (id: string, name: string): Promise<string | undefined> => {
    if (!member) {
      const result = await renameGuestProfile(id, name);
      return result.ok ? undefined : (Object.values(result.fields)[0]?.[0] ?? '');
    }
    try {
      await updateInterpreterProfile(id, { name });
      await queryClient.invalidateQueries({ queryKey: interpreterProfilesQueryKey });
      return undefined;
    } catch (error) {
      return error instanceof HttpError && error.fields.name?.[0]
        ? error.fields.name[0]
        : error instanceof Error
          ? error.message
          : '';
    }
  };

  const remove = useDeleteInterpreterProfile(member);

  return {
    profiles: member ? query.data : guestProfiles,
    query,
    create,
    rename,
    remove,
  };
}

export function Component() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { loginResponse } = useLoginResponse();
  const member = loginResponse.isloggedin;
  const { profiles, query, create, rename, remove } = useProfiles(member);
  const [adding, setAdding] = useState(false);
  const [formErrors, setFormErrors] = useState<Record<string, string[]>>({});
  const [deleting, setDeleting] = useState<InterpreterProfile | undefined>();
  const uiLanguage = toTranslationLanguage(i18n.language) ?? 'en';

  const open = useOpenProfilePlaza(member, {
    onSuccess: async (plazaId, { profile }) => {
      saveVoice(profile.voice);
      await navigate(paths.plaza(plazaId));
    },
  });

  const openError = open.error
    ? limitSeconds(open.error) !== undefined
      ? t(member ? 'interpreter.memberLimitReached' : 'interpreter.limitReached', {
          seconds: limitSeconds(open.error),
        })
      : errorMessage(open.error, t)
    : undefined;

  const card = (profile: InterpreterProfile, own: boolean) => (
    <ProfileCard
      key={profile.id}
      profile={profile}
      opening={open.isPending && open.variables.profile.id === profile.id}
      onOpen={() => {
        open.mutate({ profile, fresh: false });
      }}
      onNew={() => {
        open.mutate({ profile, fresh: true });
      }}
      onRename={own ? (name) => rename(profile.id, name) : undefined}
      onDelete={
        own
          ? () => {
              setDeleting(profile);
            }
          : undefined
      }
    />
  );

  return (
    <section className="interpreter" aria-labelledby="interpreter-title">
      <header className="interpreter-head">
        <h1 id="interpreter-title">{t('interpreter.title')}</h1>
        <p className="lead">{t('interpreter.lead')}</p>
      </header>

      {openError && <FormError>{openError}</FormError>}

      <section className="pair-section" aria-labelledby="my-pairs-title">
        <h2 id="my-pairs-title">{t('interpreter.profiles')}</h2>
        {!member && <p className="muted">{t('interpreter.savedInBrowser')}</p>}
        {member && query.isPending ? (
          <ScreenSkeleton lines={2} />
        ) : member && query.isError ? (
          <QueryError as="div" error={query.error} onRetry={refetchOf(query)} />
        ) : profiles && profiles.length > 0 ? (
          <ul className="pair-list">{profiles.map((profile) => card(profile, true))}</ul>
        ) : (
          !adding && (
            <>
              <p className="muted">{t('common.noItems')}</p>
              <p className="muted">{t('interpreter.profilesEmptyHint')}</p>
            </>
          )
        )}
        {adding ? (
          <ProfileForm
            defaultUserLanguage={uiLanguage}
            saving={create.isPending}
            serverErrors={formErrors}
            onCancel={() => {
              setAdding(false);
              setFormErrors({});
            }}
            onSubmit={(input) => {
              create.mutate(input, {
                onSuccess: (fields) => {
                  setFormErrors(fields ?? {});
                  if (!fields) setAdding(false);
                },
                onError: (error) => {
                  setFormErrors(
                    error instanceof HttpError && Object.keys(error.fields).length > 0
                      ? error.fields
                      : { form: [errorMessage(error, t)] },
                  );
                },
              });
            }}
          />
        ) : (
          <button
            type="button"
            className="button"
            onClick={() => {
              setAdding(true);
            }}
          >
            <Plus aria-hidden size={16} /> {t('interpreter.newProfile')}
          </button>
        )}
      </section>

      <section className="pair-section" aria-labelledby="ready-pairs-title">
        <h2 id="ready-pairs-title">{t('interpreter.readyPairs')}</h2>
        <ul className="pair-list">{readyProfiles(uiLanguage).map((profile) => card(profile, false))}</ul>
      </section>

      <p className="interpreter-join">
        <Link className="button" to={paths.join()}>
          <QrCode aria-hidden size={16} /> {t('interpreter.joinTitle')}
        </Link>
      </p>

      <ConfirmDeleteDialog
        open={deleting !== undefined}
        subject={deleting ? t('interpreter.deleteProfileSubject', { name: deleting.name }) : ''}
        busy={remove.isPending}
        onCancel={() => {
          setDeleting(undefined);
        }}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSettled: () => {
              setDeleting(undefined);
            },
            onError: (error) => {
              toastError(error, t);
            },
          });
        }}
      />
    </section>
  );
}
