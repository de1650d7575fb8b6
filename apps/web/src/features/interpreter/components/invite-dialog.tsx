import { useEffect, useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Copy, X } from 'lucide-react';
import QRCode from 'qrcode';
import type { Invite } from '@tolk/shared/schemas/plazas';
import { errorMessage } from '../../../ui/error-message';
import { ModalDialog } from '../../../ui/modal-dialog';
import { ScreenSkeleton } from '../../../ui/skeletons';
import { useCreateInvite } from '../api/create-invite';
import { inviteOriginsQuery } from '../api/get-invite-origins';
import { useEndInvite } from '../api/end-invite';
import { copyText } from '../../../lib/clipboard';
import { formatClockTime, formatDateTime } from '../../../lib/format';
import { inviteOrigins } from '../invite-origin';
import { limitSeconds } from '../plaza-errors';
import { FormError } from '../../../ui/form-error';

/** Why the link is on a local network address, or why it is this machine's own (invite-origin.ts). */
const ORIGIN_NOTE_KEYS = { lan: 'interpreter.inviteLanNote', none: 'interpreter.inviteNoLan' } as const;

interface InviteDialogProps {
  open: boolean;
  plazaId: string;
  /** The invite already open on this plaza, shown again instead of replacing a shared code. */
  current: Invite | undefined;
  waiting: boolean;
  /** Guests and members hear about limits differently. */
  guest: boolean;
  onClose: () => void;
  onChanged: () => void;
}

export function InviteDialog({ open, plazaId, current, waiting, guest, onClose, onChanged }: InviteDialogProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const leadId = useId();
  const [qr, setQr] = useState<{ link: string; dataUrl: string } | undefined>();

  const create = useCreateInvite(plazaId, { onSuccess: onChanged });
  const end = useEndInvite(plazaId, {
    onSuccess: () => {
      toast.info(t('interpreter.inviteEnded'));
      onChanged();
      onClose();
    },
  });
  const { mutate: createNow, reset: resetCreate } = create;

  const invite = current ?? create.data;
  // Another phone must be able to open it: not this machine's own localhost (issue 11).
  const known = useQuery({ ...inviteOriginsQuery(), enabled: open });
  const choice = inviteOrigins(new URL(window.location.href), known.data);
  const [picked, setPicked] = useState<string | undefined>();
  const origin = picked && choice.origins.includes(picked) ? picked : choice.origins[0];
  const link = invite && origin ? new URL(invite.joinPath, origin).toString() : undefined;

  // One code per opening: a second POST would replace a code the host may already have read out.
  const requested = useRef(false);
  useEffect(() => {
    if (open && !current && !requested.current) {
      requested.current = true;
      createNow();
    }
    if (!open) {
      requested.current = false;
      resetCreate();
    }
  }, [open, current, createNow, resetCreate]);

  useEffect(() => {
    if (!link) return undefined;
    let active = true;
    // Error correction M: still scans from a phone screen with glare, and stays small.
    QRCode.toDataURL(link, { errorCorrectionLevel: 'M', margin: 2, width: 480 })
      .then((dataUrl) => {
        if (active) setQr({ link, dataUrl });
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [link]);

  const failure = create.error ?? end.error;
  const seconds = failure ? limitSeconds(failure) : undefined;
  const expiry = invite ? expiryText(new Date(invite.joinExpiresAt), i18n.language) : undefined;

  return (
    <ModalDialog open={open} onClose={onClose} labelledBy={titleId} describedBy={leadId} className="invite-dialog">
      <div className="invite-head">
        <h2 id={titleId}>{t('interpreter.inviteTitle')}</h2>
        <button type="button" className="icon-button" aria-label={t('common.close')} onClick={onClose}>
          <X aria-hidden size={20} />
        </button>
      </div>
      <p id={leadId} className="muted">
        {t('interpreter.inviteLead')}
      </p>
      {failure ? (
        <FormError>
          {seconds !== undefined
            ? t(guest ? 'interpreter.limitReached' : 'interpreter.memberLimitReached', { seconds })
            : errorMessage(failure, t)}
        </FormError>
      ) : !invite || !link ? (
        <ScreenSkeleton lines={2} />
      ) : (
        <>
          <div className="invite-code">
            <p className="plaza-version-label">{t('interpreter.joinCode')}</p>
            <p className="invite-code-value" data-code={invite.joinCode}>
              {invite.joinCode}
            </p>
          </div>
          {qr?.link === link && (
            <img
              className="invite-qr"
              src={qr.dataUrl}
              alt={`${t('interpreter.joinLink')}: ${link}`}
              width={240}
              height={240}
            />
          )}
          {choice.note && (
            <p className="muted" role="note">
              {t(ORIGIN_NOTE_KEYS[choice.note])}
            </p>
          )}
          {choice.origins.length > 1 && (
            <div className="field">
              <label htmlFor={`${titleId}-origin`}>{t('interpreter.inviteAddress')}</label>
              <select
                id={`${titleId}-origin`}
                value={origin}
                onChange={(event) => {
                  setPicked(event.target.value);
                }}
              >
                {choice.origins.map((option) => (
                  <option key={option} value={option}>
                    {new URL(option).host}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div className="field">
            <label htmlFor={`${titleId}-link`}>{t('interpreter.joinLink')}</label>
            <div className="invite-link">
              <input
                id={`${titleId}-link`}
                readOnly
                value={link}
                onFocus={(event) => {
                  event.target.select();
                }}
              />
              <button
                type="button"
                className="button"
                onClick={() => {
                  copyText(link).then(
                    () => toast.success(t('interpreter.linkCopied')),
                    () => toast.error(t('copy.failed')),
                  );
                }}
              >
                <Copy aria-hidden size={16} /> {t('interpreter.copyLink')}
              </button>
            </div>
          </div>
          {expiry && <p className="muted">{t('interpreter.expiresAt', { time: expiry })}</p>}
          {waiting && (
            <p className="plaza-waiting" role="status">
              {t('interpreter.waiting')}
            </p>
          )}
          <div className="actions">
            <button
              type="button"
              className="button danger"
              disabled={end.isPending}
              onClick={() => {
                end.mutate();
              }}
            >
              {t('interpreter.endInvite')}
            </button>
            <button type="button" className="button primary" onClick={onClose}>
              {t('common.close')}
            </button>
          </div>
        </>
      )}
    </ModalDialog>
  );
}

/** When a join code stops working: the time alone today, the date with it on any other day. */
export function expiryText(at: Date, language: string, now: Date = new Date()): string {
  return at.toDateString() === now.toDateString() ? formatClockTime(at, language) : formatDateTime(at, language);
}
