import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Globe, LogIn, LogOut, Menu, Moon, Sun } from 'lucide-react';
import { LANGUAGE_NAMES, UI_LANGUAGES, toUiLanguage } from '@tolk/shared/languages';
import { chooseUiLanguage } from '../../lib/i18n';
import { afterFirstScreen } from '../../lib/later-parts';
import { isActiveMember, statusText, useLoginResponse } from '../../lib/session';
import { NotificationBell } from '../../features/notifications';
import { Avatar } from '../../ui/avatar';
import { lazyPart, PartBoundary } from '../../ui/lazy-part';
import { paths } from '../../lib/paths';

const SignOutButton = lazyPart(afterFirstScreen(() => import('./sign-out-button')));

function LanguagePicker() {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const current = toUiLanguage(i18n.language) ?? 'en';

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="language-picker" ref={root}>
      <button
        type="button"
        className="icon-button"
        aria-label={t('header.chooseLanguage')}
        aria-expanded={open}
        aria-controls="language-list"
        onClick={() => {
          setOpen((value) => !value);
        }}
      >
        <Globe aria-hidden size={20} />
      </button>
      {open && (
        <ul id="language-list" className="language-list" aria-label={t('header.languagePicker')}>
          {UI_LANGUAGES.map((code) => (
            <li key={code}>
              <button
                type="button"
                lang={code}
                aria-current={code === current ? 'true' : undefined}
                onClick={() => {
                  setOpen(false);
                  void chooseUiLanguage(code);
                }}
              >
                {LANGUAGE_NAMES[code]}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function Header({
  darkMode,
  onToggleDarkMode,
  menuOpen,
  onOpenMenu,
}: {
  darkMode: boolean;
  onToggleDarkMode: () => void;
  menuOpen: boolean;
  onOpenMenu: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { loginResponse } = useLoginResponse();
  const status = statusText(loginResponse, t('header.signIn'));
  const signOutLabel = t('header.signOutName', { name: status });

  return (
    <header className="app-header">
      <button
        type="button"
        className="icon-button"
        aria-label={t('header.openMenu')}
        aria-expanded={menuOpen}
        aria-controls="side-menu"
        onClick={onOpenMenu}
      >
        <Menu aria-hidden size={22} />
      </button>
      <Link to={paths.landing} className="brand" aria-label={t('app.name')}>
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <span className="brand-name">{t('app.name')}</span>
      </Link>
      <div className="header-tools">
        <button
          type="button"
          className="icon-button"
          aria-label={darkMode ? t('header.darkModeOff') : t('header.darkModeOn')}
          aria-pressed={darkMode}
          onClick={onToggleDarkMode}
        >
          {/* Both, the stylesheet showing the one for the page's mode: right from the first paint
              of a prerendered page, before the app knows the mode. */}
          <Sun aria-hidden size={20} className="when-dark" />
          <Moon aria-hidden size={20} className="when-light" />
        </button>
        <LanguagePicker />
        {isActiveMember(loginResponse) && (
          <PartBoundary parts={[NotificationBell]} quiet>
            <NotificationBell />
          </PartBoundary>
        )}
        {loginResponse.isloggedin ? (
          <PartBoundary
            parts={[SignOutButton]}
            loading={
              <button type="button" className="status-button" aria-label={signOutLabel} disabled>
                {loginResponse.avatarUrl && <Avatar name={status} url={loginResponse.avatarUrl} className="tiny" />}
                <span className="status-text" data-user-text>
                  {status}
                </span>
                <LogOut aria-hidden size={18} className="flip-rtl" />
              </button>
            }
          >
            <SignOutButton name={status} label={signOutLabel} avatarUrl={loginResponse.avatarUrl} />
          </PartBoundary>
        ) : (
          <button
            type="button"
            className="status-button"
            onClick={() => {
              void navigate(paths.signIn());
            }}
          >
            <span className="status-text">{status}</span>
            <LogIn aria-hidden size={18} className="flip-rtl" />
          </button>
        )}
      </div>
    </header>
  );
}
