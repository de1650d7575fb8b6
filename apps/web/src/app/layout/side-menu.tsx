import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { X } from 'lucide-react';
import { useLoginResponse } from '../../lib/session';
import { adminMenuEntries, menuEntries, type MenuEntry } from '../menu';

const focusable = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Slides in from the start edge; Escape or a chosen entry closes it; focus stays inside while open. */
export function SideMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { audience } = useLoginResponse();
  const panel = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panel.current?.querySelector<HTMLElement>(focusable)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        onClose();
        return;
      }
      if (event.key !== 'Tab' || !panel.current) return;
      const items = [...panel.current.querySelectorAll<HTMLElement>(focusable)];
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      opener?.focus();
    };
  }, [open, onClose]);

  const admin = adminMenuEntries(audience);
  const entry = ({ to, labelKey, icon: Icon }: MenuEntry) => (
    <li key={to}>
      <NavLink to={to} onClick={onClose}>
        <Icon aria-hidden size={20} />
        <span>{t(labelKey)}</span>
      </NavLink>
    </li>
  );

  return (
    <>
      <div className={`scrim${open ? ' open' : ''}`} aria-hidden onClick={onClose} />
      <nav
        ref={panel}
        id="side-menu"
        className={`side-menu${open ? ' open' : ''}`}
        aria-label={t('nav.menu')}
        aria-hidden={!open}
        inert={!open}
      >
        <div className="side-menu-head">
          <span className="brand-name">{t('app.name')}</span>
          <button type="button" className="icon-button" aria-label={t('header.closeMenu')} onClick={onClose}>
            <X aria-hidden size={22} />
          </button>
        </div>
        <ul>{menuEntries(audience).map(entry)}</ul>
        {admin.length > 0 && <ul className="side-menu-admin">{admin.map(entry)}</ul>}
      </nav>
    </>
  );
}
