import type { Audience } from '@tolk/shared/roles';
import {
  Boxes,
  CreditCard,
  Home,
  Languages,
  Mail,
  MapPin,
  MessageSquareQuote,
  MessagesSquare,
  UserRound,
  Users,
  Wallet,
  Handshake,
  ShieldAlert,
  type LucideIcon,
} from 'lucide-react';
import { paths } from '../lib/paths';

export interface MenuEntry {
  to: string;
  labelKey: `nav.${string}`;
  icon: LucideIcon;
}

const guestEntries: MenuEntry[] = [
  { to: paths.home, labelKey: 'nav.home', icon: Home },
  { to: paths.interpret, labelKey: 'nav.interpreter', icon: Languages },
  { to: paths.connect, labelKey: 'nav.connect', icon: Handshake },
];

const memberEntries: MenuEntry[] = [
  { to: paths.person, labelKey: 'nav.people', icon: Users },
  { to: paths.place, labelKey: 'nav.places', icon: MapPin },
  { to: paths.thing, labelKey: 'nav.things', icon: Boxes },
  { to: paths.conversations, labelKey: 'nav.messages', icon: MessagesSquare },
  { to: paths.profile, labelKey: 'nav.profile', icon: UserRound },
  { to: paths.references, labelKey: 'nav.references', icon: MessageSquareQuote },
  { to: paths.account, labelKey: 'nav.account', icon: Wallet },
  { to: paths.subscribe, labelKey: 'nav.subscribe', icon: CreditCard },
];

/** Spec section 2: guests see three entries; users and superadmins see the same longer list. */
export function menuEntries(audience: Audience): MenuEntry[] {
  return audience === 'guest' ? guestEntries : [...guestEntries, ...memberEntries];
}

/**
 * A superadmin's own tools, in a group of their own under the spec's list (which stays the same as
 * a user's): the queue of what members reported, and the mail the server sent.
 */
const adminEntries: MenuEntry[] = [
  { to: paths.connectReports, labelKey: 'nav.reports', icon: ShieldAlert },
  { to: paths.outgoingMail, labelKey: 'nav.outgoingMail', icon: Mail },
];

export function adminMenuEntries(audience: Audience): MenuEntry[] {
  return audience === 'superAdmin' ? adminEntries : [];
}

export const bottomNavEntries: MenuEntry[] = [
  { to: paths.home, labelKey: 'nav.home', icon: Home },
  { to: paths.interpret, labelKey: 'nav.interpreter', icon: Languages },
  { to: paths.connect, labelKey: 'nav.connect', icon: Handshake },
  { to: paths.conversations, labelKey: 'nav.messages', icon: MessagesSquare },
  { to: paths.profile, labelKey: 'nav.profile', icon: UserRound },
];
