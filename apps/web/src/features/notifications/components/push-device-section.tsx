import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { BellOff, BellRing, Smartphone } from 'lucide-react';
import Skeleton, { SkeletonTheme } from 'react-loading-skeleton';
import { QueryError, refetchOf } from '../../../ui/query-error';
import { toastError } from '../../../ui/toast-error';
import { pushKeyQuery } from '../api/push-key';
import {
  PushDeviceError,
  pushDeviceQuery,
  pushSupport,
  useTurnOffPush,
  useTurnOnPush,
  type PushSupport,
} from '../api/push-device';

/** Why this device cannot take pushes, when the browser says so before the server is asked. */
const UNAVAILABLE_KEYS: Record<Exclude<PushSupport, 'supported'>, string> = {
  insecure: 'notifications.settings.device.insecure',
  unsupported: 'notifications.settings.device.unsupported',
};

/** The device's state while it is asked (the server's key, the browser's subscription). */
const stateSkeleton = (
  <SkeletonTheme baseColor="var(--skeleton-base)" highlightColor="var(--skeleton-highlight)">
    <div aria-busy="true">
      <Skeleton width="70%" />
      <Skeleton height={44} width={200} borderRadius={999} />
    </div>
  </SkeletonTheme>
);

/**
 * "This device": whether push notifications reach the browser in hand, and turning them on or off
 * for it. Where they cannot (plain HTTP, a browser without push, a server without a key) it says
 * why, and that the app and email still bring them.
 */
export function PushDeviceSection() {
  const { t } = useTranslation();
  const titleId = useId();
  const support = pushSupport();
  return (
    <section className="push-device card" aria-labelledby={titleId}>
      <h2 id={titleId} className="icon-head">
        <Smartphone aria-hidden size={22} />
        {t('notifications.settings.device.title')}
      </h2>
      <p className="muted">{t('notifications.settings.device.about')}</p>
      {support === 'supported' ? <ServerKey /> : <p>{t(UNAVAILABLE_KEYS[support])}</p>}
    </section>
  );
}

function ServerKey() {
  const { t } = useTranslation();
  const query = useQuery(pushKeyQuery());
  if (query.isPending) return stateSkeleton;
  if (query.isError) return <QueryError as="div" error={query.error} onRetry={refetchOf(query)} />;
  const { publicKey } = query.data;
  if (publicKey === null) return <p>{t('notifications.settings.device.noServer')}</p>;
  return <DeviceSwitch publicKey={publicKey} />;
}

function DeviceSwitch({ publicKey }: { publicKey: string }) {
  const { t } = useTranslation();
  const query = useQuery(pushDeviceQuery(publicKey));
  const turnOn = useTurnOnPush(publicKey);
  const turnOff = useTurnOffPush(publicKey);
  const onError = (error: Error) => {
    if (error instanceof PushDeviceError) toast.error(t(`notifications.settings.device.failed.${error.reason}`));
    else toastError(error, t);
  };

  if (query.isPending) return stateSkeleton;
  if (query.isError) return <QueryError as="div" error={query.error} onRetry={refetchOf(query)} />;
  const { permission, subscribed } = query.data;
  if (permission === 'denied') return <p aria-live="polite">{t('notifications.settings.device.denied')}</p>;
  const busy = turnOn.isPending || turnOff.isPending;
  return (
    <div className="push-device-state">
      <p aria-live="polite" className="icon-head">
        {subscribed ? <BellRing aria-hidden size={20} /> : <BellOff aria-hidden size={20} />}
        {t(subscribed ? 'notifications.settings.device.on' : 'notifications.settings.device.off')}
      </p>
      {subscribed ? (
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => {
            turnOff.mutate(undefined, { onError });
          }}
        >
          {t('notifications.settings.device.turnOff')}
        </button>
      ) : (
        <button
          type="button"
          className="button primary"
          disabled={busy}
          onClick={() => {
            turnOn.mutate(undefined, {
              onSuccess: (state) => {
                // Closed without an answer: nothing changed, and the browser will ask again next time.
                if (state.permission === 'default') toast.info(t('notifications.settings.device.notAllowed'));
              },
              onError,
            });
          }}
        >
          {t('notifications.settings.device.turnOn')}
        </button>
      )}
    </div>
  );
}
