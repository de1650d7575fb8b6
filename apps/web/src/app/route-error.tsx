import { useCallback, useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useNavigation, useRouteError, type Location } from 'react-router';
import { AlertTriangle } from 'lucide-react';
import { onBrowserOnlineChange } from '../lib/network-status';

/**
 * What a screen that could not be shown says, in place of the screen only (the app shell stays):
 * a clear message and a retry, which also happens by itself as soon as the browser is back online.
 */
function ScreenFailed({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation();
  useEffect(
    () =>
      onBrowserOnlineChange((online) => {
        if (online) onRetry();
      }),
    [onRetry],
  );
  return (
    <section className="notice" role="alert" aria-busy={retrying || undefined}>
      <AlertTriangle aria-hidden size={40} />
      <h1>{t('errors.screenFailed')}</h1>
      <p>{t('errors.screenFailedHint')}</p>
      <button type="button" className="button primary" disabled={retrying} onClick={onRetry}>
        {t('common.retry')}
      </button>
    </section>
  );
}

/**
 * Where a screen that threw (or whose route failed) ends up. Retry runs the route again, as
 * arriving at its address anew would (its loaders, then its screen): the router lets go of the
 * error with the new visit. The entry in the history is replaced, not added.
 */
export function RouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location: Location<unknown> = useLocation();
  const { pathname, search, hash, state } = location;
  const navigation = useNavigation();
  useEffect(() => {
    console.error(error);
  }, [error]);
  const retry = useCallback(() => {
    void navigate({ pathname, search, hash }, { replace: true, state, preventScrollReset: true });
  }, [navigate, pathname, search, hash, state]);
  return <ScreenFailed onRetry={retry} retrying={navigation.state !== 'idle'} />;
}

type RouteModule = Record<string, unknown>;

/**
 * A route's lazy loader that never fails. The router keeps a lazy route's failure for the life of
 * the page (every later visit would fail the same way, whatever the network), so a screen whose
 * code did not arrive (offline, say) resolves to a stand-in instead: it says so, loads the screen
 * again on Retry and by itself once the browser is back online, and then is that screen.
 */
export function recoverable(load: () => Promise<RouteModule>): () => Promise<RouteModule> {
  let loaded: RouteModule | undefined;
  let loading: Promise<RouteModule> | undefined;
  const attempt = () =>
    (loading ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));

  function NotLoaded() {
    const [screen, setScreen] = useState(() => loaded?.Component as ComponentType | undefined);
    const [retrying, setRetrying] = useState(false);
    const retry = useCallback(() => {
      setRetrying(true);
      attempt().then(
        (module) => {
          setScreen(() => module.Component as ComponentType);
        },
        (error: unknown) => {
          console.error(error);
          setRetrying(false);
        },
      );
    }, []);
    const Screen = screen;
    if (Screen) return <Screen />;
    return <ScreenFailed onRetry={retry} retrying={retrying} />;
  }

  return async () => {
    try {
      return await attempt();
    } catch (error) {
      console.error(error);
      return { Component: NotLoaded };
    }
  };
}
