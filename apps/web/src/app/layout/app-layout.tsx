import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigation } from 'react-router';
import { useDarkMode } from '../../lib/dark-mode';
import { ScreenSkeleton } from '../../ui/skeletons';
import { isCompactPath } from '../paths';
import { BottomNav } from './bottom-nav';
import { CookieBanner } from './cookie-banner';
import { Header } from './header';
import { SideMenu } from './side-menu';

export function AppLayout() {
  const { t } = useTranslation();
  const [darkMode, toggleDarkMode] = useDarkMode();
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => {
    setMenuOpen(false);
  }, []);
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const compact = isCompactPath(pathname);
  const loadingScreen = navigation.state === 'loading' && navigation.location.pathname !== pathname;

  return (
    <div className={`app-shell${compact ? ' compact' : ''}`}>
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
      {!compact && (
        <div className="app-banner">
          <p className="banner-title">{t('app.tagline')}</p>
          <p className="banner-subtitle">{t('app.name')}</p>
        </div>
      )}
      <SideMenu open={menuOpen} onClose={closeMenu} />
      <main id="main" tabIndex={-1}>
        {loadingScreen ? <ScreenSkeleton /> : <Outlet />}
      </main>
      <footer className="app-footer">
        <Link to="/cookie-policy">{t('footer.cookiePolicy')}</Link>
        <span>{t('footer.rights', { year: new Date().getFullYear() })}</span>
      </footer>
      <CookieBanner />
      <BottomNav />
    </div>
  );
}
