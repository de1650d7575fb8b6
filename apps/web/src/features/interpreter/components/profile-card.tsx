import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowLeftRight, MessageCircle, MessageSquarePlus, Pencil, Trash2, Volume2 } from 'lucide-react';
import type { InterpreterProfile } from '@tolk/shared/schemas/plazas';
import { Field } from '../../../ui/field';
import { endonym as languageName } from '../../../lib/language-names';

interface ProfileCardProps {
  profile: InterpreterProfile;
  opening: boolean;
  /** Reopens the pair's last plaza while it lives. */
  onOpen: () => void;
  /** Starts over in a plaza of its own. */
  onNew: () => void;
  /** Absent for the ready pairs, which nobody can rename or delete. */
  onRename?: (name: string) => Promise<string | undefined>;
  onDelete?: () => void;
}

/** One language pair: opens its plaza (or a new one), and for the reader's own pairs, renames and deletes. */
export function ProfileCard({ profile, opening, onOpen, onNew, onRename, onDelete }: ProfileCardProps) {
  const { t } = useTranslation();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(profile.name);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  return (
    <li className="pair-card">
      {renaming && onRename ? (
        <form
          className="pair-rename"
          onSubmit={(event) => {
            event.preventDefault();
            setSaving(true);
            void onRename(name).then((problem) => {
              setSaving(false);
              setError(problem);
              if (!problem) setRenaming(false);
            });
          }}
        >
          <Field
            label={t('interpreter.name')}
            value={name}
            maxLength={60}
            autoFocus
            error={error}
            onChange={(event) => {
              setName(event.target.value);
            }}
          />
          <div className="actions">
            <button type="submit" className="button primary" disabled={saving}>
              {saving ? t('common.saving') : t('common.save')}
            </button>
            <button
              type="button"
              className="button"
              onClick={() => {
                setRenaming(false);
                setName(profile.name);
                setError(undefined);
              }}
            >
              {t('common.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <>
          <div className="pair-main">
            <h3 className="pair-name">{profile.name}</h3>
            <p className="pair-languages">
              <span lang={profile.userLanguage}>{languageName(profile.userLanguage)}</span>
              <ArrowLeftRight aria-hidden size={14} />
              <span lang={profile.audienceLanguage}>{languageName(profile.audienceLanguage)}</span>
              {profile.voice.enabled && (
                <Volume2 className="pair-voice" aria-label={t('interpreter.voice')} role="img" size={14} />
              )}
            </p>
          </div>
          <div className="pair-actions">
            {onRename && (
              <button
                type="button"
                className="icon-button"
                aria-label={`${t('interpreter.rename')}: ${profile.name}`}
                title={t('interpreter.rename')}
                onClick={() => {
                  setRenaming(true);
                }}
              >
                <Pencil aria-hidden size={18} />
              </button>
            )}
            {onDelete && (
              <button
                type="button"
                className="icon-button"
                aria-label={`${t('common.delete')}: ${profile.name}`}
                title={t('common.delete')}
                onClick={onDelete}
              >
                <Trash2 aria-hidden size={18} />
              </button>
            )}
            <button
              type="button"
              className="icon-button"
              aria-label={`${t('interpreter.newConversation')}: ${profile.name}`}
              title={t('interpreter.newConversation')}
              disabled={opening}
              onClick={onNew}
            >
              <MessageSquarePlus aria-hidden size={18} />
            </button>
            <button
              type="button"
              className="button primary"
              aria-label={`${t('interpreter.open')}: ${profile.name}`}
              disabled={opening}
              onClick={onOpen}
            >
              <MessageCircle aria-hidden size={16} /> {t('interpreter.open')}
            </button>
          </div>
        </>
      )}
    </li>
  );
}
