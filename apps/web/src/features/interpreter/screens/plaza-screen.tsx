import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { ArrowLeft, ArrowUpDown, FlipVertical2, Rows3, Trash2, UserPlus, Volume2, VolumeX } from 'lucide-react';
import {
  PLAZA_GUEST_TEXT_MAX,
  PLAZA_MEMBER_TEXT_MAX,
  type Invite,
  type Plaza,
  type PlazaSide,
} from '@tolk/shared/schemas/plazas';
import { useImmersive } from '../../../lib/immersive';
import { useLoginResponse } from '../../../lib/session';
import { ConfirmDeleteDialog } from '../../../ui/confirm-dialog';
import { errorMessage } from '../../../ui/error-message';
import { toastError } from '../../../ui/toast-error';
import { IconButton } from '../../../ui/icon-button';
import { ScreenSkeleton } from '../../../ui/skeletons';
import { useClearPlazaMuses } from '../api/clear-plaza-muses';
import { plazaQuery, plazaQueryKey } from '../api/get-plaza';
import { useSwapPlaza } from '../api/swap-plaza';
import { InviteDialog } from '../components/invite-dialog';
import { PlazaClosed } from '../components/plaza-closed';
import { PlazaComposer } from '../components/plaza-composer';
import { PlazaHalf } from '../components/plaza-half';
import { PlazaLog } from '../components/plaza-log';
import { paths } from '../../../lib/paths';
import { languageName } from '../../../lib/language-names';
import { plazaGone } from '../plaza-errors';
import { expiryNotice, expiryText, plazaTitle } from '../plaza-notice';
import { museLanguages } from '../plaza-muses';
import { useLayoutPreference } from '../plaza-preferences';
import { useVoicePreference } from '../voice-preference';
import { getPlazaToken } from '../plaza-tokens';
import { speak, useVoices, voiceFor } from '../../speech';
import { usePlazaLive } from '../use-plaza-live';
import { useNow } from '../use-now';
import { DETECT_LANGUAGE } from '@tolk/shared/languages';
import { QueryError, refetchOf } from '../../../ui/query-error';
import '../plaza.css';
import { FormError } from '../../../ui/form-error';

const otherSideOf = (side: PlazaSide): PlazaSide => (side === 'user' ? 'audience' : 'user');

function PlazaView({ plaza }: { plaza: Plaza }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { loginResponse } = useLoginResponse();
  const now = useNow();
  const [guest] = useState(() => getPlazaToken(plaza.id) !== undefined);
  const [layout, setLayout] = useLayoutPreference();
  const [voice, setVoice] = useVoicePreference();
  const voices = useVoices();
  const [inviteOpen, setInviteOpen] = useState(false);
  const [confirmClear, setConfirmClear] = useState(false);
  const [closed, setClosed] = useState<'ended' | 'expired' | undefined>();
  const [sawPartner, setSawPartner] = useState(false);

  const mySide = plaza.side;
  const otherSide = otherSideOf(mySide);
  const languageOf = (side: PlazaSide) => (side === 'user' ? plaza.userLanguage : plaza.audienceLanguage);
  const labelOf = (side: PlazaSide) => (side === mySide ? t('interpreter.user') : t('interpreter.audience'));
  const partnerHere = sawPartner || plaza.participants.some((participant) => participant.side === otherSide);
  const refreshPlaza = () => {
    void queryClient.invalidateQueries({ queryKey: plazaQueryKey(plaza.id) });
  };

  // New languages (a joiner's pick, a swap) mean new rooms and new versions: load again.
  const live = usePlazaLive(plaza.id, closed === undefined, `${plaza.userLanguage}:${plaza.audienceLanguage}`, {
    onTranslationReady: (muse, language) => {
      if (!voice.enabled) return;
      // Usually the other side; the writer's own when it was typed in the other side's language.
      const readerSide = museLanguages(muse, plaza).translatedFor;
      if (language !== languageOf(readerSide)) return;
      // With a second device, each device reads aloud only what is meant for its own person.
      const readerHasOwnDevice = !plaza.host || partnerHere;
      if (readerHasOwnDevice && readerSide !== mySide) return;
      const text = muse.translations[language]?.text;
      const match = voiceFor(voices, language);
      if (text && match) speak(text, match, voice.rate);
    },
    onPresence: (event) => {
      if (loginResponse.isloggedin && event.username === loginResponse.username) return;
      refreshPlaza();
      if (!event.online) return;
      setSawPartner(true);
      setInviteOpen(false);
      toast.info(t('interpreter.partnerJoined'), { toastId: `plaza-partner-${plaza.id}` });
    },
    onCleared: () => {
      toast.info(t('interpreter.cleared'), { toastId: `plaza-cleared-${plaza.id}` });
    },
    onEnded: (reason) => {
      // Ending the invite removes the guests; the host's own conversation goes on.
      if (reason === 'ended' && plaza.host) {
        refreshPlaza();
        return;
      }
      setClosed(reason);
    },
    onJoinFailed: (code) => {
      if (code === 'not_found' || code === 'gone') setClosed('expired');
    },
    onLanguages: refreshPlaza,
  });

  const swap = useSwapPlaza(plaza.id, {
    onError: (error) => {
      toastError(error, t);
    },
  });

  const clear = useClearPlazaMuses(plaza.id, {
    onSuccess: () => {
      live.clearLocal();
      setConfirmClear(false);
      toast.info(t('interpreter.cleared'), { toastId: `plaza-cleared-${plaza.id}` });
    },
    onError: (error) => {
      setConfirmClear(false);
      toastError(error, t);
    },
  });

  const effectiveLayout = plaza.host ? layout : 'normal';
  const faceToFace = effectiveLayout === 'face-to-face';
  // The conversation gets the phone's height: the shell's bottom navigation and footer step aside
  // while the plaza is open (the header's menu and the back arrow still lead everywhere).
  useImmersive(closed === undefined);

  if (closed) return <PlazaClosed plazaId={plaza.id} reason={closed} />;

  const currentInvite: Invite | undefined =
    plaza.joinCode && plaza.joinExpiresAt && Date.parse(plaza.joinExpiresAt) > now
      ? {
          joinCode: plaza.joinCode,
          joinExpiresAt: plaza.joinExpiresAt,
          joinPath: paths.join(plaza.joinCode),
        }
      : undefined;
  const waiting = plaza.host && currentInvite !== undefined && !partnerHere;
  // This device's person sits at the bottom, nearest the phone's own edge; the other across.
  const top = otherSide;
  const bottom = mySide;
  const maxLength = plaza.guest ? PLAZA_GUEST_TEXT_MAX : PLAZA_MEMBER_TEXT_MAX;
  const notice = expiryNotice(plaza, now);
  const noticeText = expiryText(notice, t);
  const title = plazaTitle(plaza);
  // Someone reads the audience side on their own phone: it cannot change language under them.
  const audienceJoined = plaza.participants.some((participant) => participant.side === 'audience');
  const detecting = plaza.audienceLanguage === DETECT_LANGUAGE;

  const composerFor = (side: PlazaSide) =>
    side === mySide || plaza.host ? (
      <PlazaComposer
        plazaId={plaza.id}
        side={side}
        sideLabel={labelOf(side)}
        language={languageOf(side)}
        otherLanguage={languageOf(otherSideOf(side))}
        maxLength={maxLength}
        guest={plaza.guest}
        sendSide={plaza.host}
        onSent={live.addSent}
      />
    ) : undefined;

  const logFor = (reader: PlazaSide) => (
    <PlazaLog
      muses={live.muses}
      plaza={plaza}
      mySide={mySide}
      reader={reader}
      guest={guest}
      rate={voice.rate}
      label={`${t('interpreter.title')} · ${languageName(languageOf(reader))}`}
      announce={reader === mySide}
    />
  );

  const participantNames = (side: PlazaSide) =>
    plaza.participants
      .filter((participant) => participant.side === side && participant.name)
      .map((participant) => participant.name)
      .join(', ');

  const halfFor = (side: PlazaSide, position: 'top' | 'bottom') => (
    <PlazaHalf
      side={side}
      position={position}
      label={labelOf(side)}
      language={languageOf(side)}
      status={participantNames(side) ? <p className="muted plaza-half-names">{participantNames(side)}</p> : undefined}
      log={faceToFace ? logFor(side) : undefined}
      composer={composerFor(side)}
    />
  );

  const toolbar = (
    <div className="plaza-bar">
      <div className="plaza-bar-row">
        <Link className="icon-button" to={paths.interpret} aria-label={t('common.back')} title={t('common.back')}>
          <ArrowLeft aria-hidden size={20} className="flip-rtl" />
        </Link>
        <h1 id="plaza-title" className="plaza-title">
          {title}
        </h1>
        <div className="plaza-tools" role="toolbar" aria-label={t('interpreter.title')}>
          {plaza.host && (
            <button
              type="button"
              className="icon-button"
              aria-label={t('interpreter.invite')}
              title={t('interpreter.invite')}
              aria-haspopup="dialog"
              onClick={() => {
                setInviteOpen(true);
              }}
            >
              <UserPlus aria-hidden size={20} />
            </button>
          )}
          {plaza.host && (
            <>
              <IconButton
                aria-pressed={faceToFace}
                label={t('interpreter.faceToFace')}
                onClick={() => {
                  setLayout('face-to-face');
                }}
              >
                <FlipVertical2 aria-hidden size={20} />
              </IconButton>
              <IconButton
                aria-pressed={!faceToFace}
                label={t('interpreter.sideBySide')}
                onClick={() => {
                  setLayout('normal');
                }}
              >
                <Rows3 aria-hidden size={20} />
              </IconButton>
              <button
                type="button"
                className="icon-button"
                aria-label={t('interpreter.swap')}
                title={
                  audienceJoined
                    ? t('interpreter.swapUnavailable')
                    : detecting
                      ? t('interpreter.swapAfterDetection')
                      : t('interpreter.swap')
                }
                disabled={audienceJoined || detecting || swap.isPending}
                onClick={() => {
                  swap.mutate();
                }}
              >
                <ArrowUpDown aria-hidden size={20} />
              </button>
            </>
          )}
          <button
            type="button"
            className="icon-button"
            aria-pressed={voice.enabled}
            aria-label={t('interpreter.voice')}
            title={t('interpreter.voice')}
            onClick={() => {
              setVoice({ ...voice, enabled: !voice.enabled });
            }}
          >
            {voice.enabled ? <Volume2 aria-hidden size={20} /> : <VolumeX aria-hidden size={20} />}
          </button>
          {plaza.host && (
            <button
              type="button"
              className="icon-button"
              aria-label={t('interpreter.clear')}
              title={t('interpreter.clear')}
              aria-haspopup="dialog"
              onClick={() => {
                setConfirmClear(true);
              }}
            >
              <Trash2 aria-hidden size={20} />
            </button>
          )}
        </div>
      </div>
      <div className="plaza-notices">
        <p className="muted plaza-expiry">{noticeText}</p>
        {waiting && (
          <p className="plaza-waiting" role="status">
            {t('interpreter.waiting')}
          </p>
        )}
        {live.connection === 'disconnected' && (
          <p className="plaza-offline" role="status">
            {t('interpreter.reconnecting')}
          </p>
        )}
        {live.loadError !== undefined && <FormError>{errorMessage(live.loadError, t)}</FormError>}
      </div>
    </div>
  );

  return (
    <section className="plaza" data-layout={effectiveLayout} data-side={mySide} aria-labelledby="plaza-title">
      {faceToFace ? (
        <>
          {halfFor(top, 'top')}
          {toolbar}
          {halfFor(bottom, 'bottom')}
        </>
      ) : (
        <>
          {toolbar}
          {halfFor(top, 'top')}
          {live.loading ? <ScreenSkeleton lines={2} /> : logFor(mySide)}
          {halfFor(bottom, 'bottom')}
        </>
      )}
      {plaza.host && (
        <InviteDialog
          open={inviteOpen}
          plazaId={plaza.id}
          current={currentInvite}
          waiting={waiting}
          guest={plaza.guest}
          onClose={() => {
            setInviteOpen(false);
          }}
          onChanged={refreshPlaza}
        />
      )}
      <ConfirmDeleteDialog
        open={confirmClear}
        subject={t('interpreter.clearSubject', { plaza: title })}
        confirmLabel={t('interpreter.clear')}
        busy={clear.isPending}
        onCancel={() => {
          setConfirmClear(false);
        }}
        onConfirm={() => {
          clear.mutate();
        }}
      />
    </section>
  );
}

export function Component() {
  const { id = '' } = useParams();
  const query = useQuery(plazaQuery(id));

  if (query.isPending) return <ScreenSkeleton />;
  if (query.isError) {
    const gone = plazaGone(query.error);
    if (gone) {
      // A 404 for a plaza this browser holds a token for means it lived and has expired.
      const reason = gone === 'missing' && getPlazaToken(id) ? 'expired' : gone;
      return <PlazaClosed plazaId={id} reason={reason} />;
    }
    return <QueryError error={query.error} onRetry={refetchOf(query)} />;
  }
  return <PlazaView key={query.data.id} plaza={query.data} />;
}
