import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation, useNavigation } from 'react-router';
import { ConnectLive } from '../../features/connect';
import { OrdersLive } from '../../features/orders';
import { useDarkMode } from '../../lib/dark-mode';
import { ImmersiveProvider } from '../../lib/immersive';
import { PartBoundary } from '../../ui/lazy-part';
import { ScreenSkeleton } from '../../ui/skeletons';
import { shellLayout } from '../paths';
import { BottomNav } from './bottom-nav';
import { CookieBanner } from './cookie-banner';
import { Header } from './header';
import { OfflineNotice } from './offline-notice';
import { SideMenu } from './side-menu';
import { paths } from '../../lib/paths';
import { isActiveMember, passwordChangeRedirect, useLoginResponse } from '../../lib/session';

export function AppLayout() {
  const { t } = useTranslation();
  const [darkMode, toggleDarkMode] = useDarkMode();
  const { loginResponse } = useLoginResponse();
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => {
    setMenuOpen(false);
  }, []);
  // A screen may ask for the whole screen (the plaza face to face); paths.ts says where it may.
  const [immersiveRequested, setImmersiveRequested] = useState(false);
  const location = useLocation();
  const { pathname } = location;
  // A member signed in with a one-time password chooses their own before anything else.
  const heldAt = passwordChangeRedirect(loginResponse, location);
  const navigation = useNavigation();
  const layout = shellLayout(pathname, immersiveRequested);
  const loadingScreen = navigation.state === 'loading' && navigation.location.pathname !== pathname;

  return (
    <div
      className={['app-shell', layout !== 'full' && 'compact', layout === 'immersive' && 'immersive']
        .filter(Boolean)
        .join(' ')}
    >
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <Header
        darkMode={darkMode}
        onToggleDarkMode={toggleDarkMode}
        menuOpen={menuOpen}
        onOpenMenu={() => {
          setMenuOpen(true);
        }}
      />
      <OfflineNotice />
      {layout === 'full' && (
        <div className="app-banner">
          <p className="banner-title">{t('app.tagline')}</p>
          <p className="banner-subtitle">{t('app.name')}</p>
        </div>
      )}
      <SideMenu open={menuOpen} onClose={closeMenu} />
      <main id="main" tabIndex={-1}>
        <ImmersiveProvider onChange={setImmersiveRequested}>
          {heldAt ? <Navigate to={heldAt} replace /> : loadingScreen ? <ScreenSkeleton /> : <Outlet />}
        </ImmersiveProvider>
      </main>
      {layout !== 'immersive' && (
        <footer className="app-footer">
          <Link to={paths.cookiePolicy}>{t('footer.cookiePolicy')}</Link>
          <span>{t('footer.rights', { year: new Date().getFullYear() })}</span>
        </footer>
      )}
      <CookieBanner />
      {/* Connect's requests and acceptances, and every step of my orders, arrive live on every
          screen, for members only; each listener loads on its own. */}
      {isActiveMember(loginResponse) && (
        <>
          <PartBoundary parts={[ConnectLive]} quiet>
            <ConnectLive />
          </PartBoundary>
          <PartBoundary parts={[OrdersLive]} quiet>
            <OrdersLive />
          </PartBoundary>
        </>
      )}
      {layout !== 'immersive' && <BottomNav />}
    </div>
  );
}
