import type { Audience } from '@tolk/shared/roles';
import {
  Boxes,
  CreditCard,
  Home,
  Languages,
  MapPin,
  MessagesSquare,
  UserRound,
  Users,
  Wallet,
  Handshake,
  type LucideIcon,
} from 'lucide-react';

export interface MenuEntry {
  to: string;
  labelKey: `nav.${string}`;
  icon: LucideIcon;
}

const guestEntries: MenuEntry[] = [
  { to: '/home', labelKey: 'nav.home', icon: Home },
  { to: '/interpret', labelKey: 'nav.interpreter', icon: Languages },
  { to: '/connect', labelKey: 'nav.connect', icon: Handshake },
];

const memberEntries: MenuEntry[] = [
  { to: '/person', labelKey: 'nav.people', icon: Users },
  { to: '/place', labelKey: 'nav.places', icon: MapPin },
  { to: '/thing', labelKey: 'nav.things', icon: Boxes },
  { to: '/muses', labelKey: 'nav.messages', icon: MessagesSquare },
  { to: '/profile', labelKey: 'nav.profile', icon: UserRound },
  { to: '/account', labelKey: 'nav.account', icon: Wallet },
  { to: '/sub', labelKey: 'nav.subscribe', icon: CreditCard },
];

/** Spec section 2: guests see three entries; users and superadmins see the same longer list. */
export function menuEntries(audience: Audience): MenuEntry[] {
  return audience === 'guest' ? guestEntries : [...guestEntries, ...memberEntries];
}

export const bottomNavEntries: MenuEntry[] = [
  { to: '/home', labelKey: 'nav.home', icon: Home },
  { to: '/interpret', labelKey: 'nav.interpreter', icon: Languages },
  { to: '/connect', labelKey: 'nav.connect', icon: Handshake },
  { to: '/muses', labelKey: 'nav.messages', icon: MessagesSquare },
  { to: '/profile', labelKey: 'nav.profile', icon: UserRound },
];
