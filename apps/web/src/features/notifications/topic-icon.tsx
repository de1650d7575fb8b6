import { Bell, CreditCard, Flag, MessageCircle, Plane, Quote, Repeat, ShoppingBag, UserPlus } from 'lucide-react';
import type { NotificationTopic } from '@tolk/shared/schemas/notifications';

/** Each kind's icon; a kind this version does not know yet gets the bell. */
const ICONS: Partial<Record<string, typeof Bell>> = {
  muse: MessageCircle,
  connection: UserPlus,
  trip: Plane,
  order: ShoppingBag,
  payment: CreditCard,
  subscription: Repeat,
  report: Flag,
  reference: Quote,
} satisfies Record<NotificationTopic, typeof Bell>;

/** A kind of notification's icon: in my list beside each one, and in the settings beside each kind. */
export function TopicIcon({ topic, size }: { topic: string; size: number }) {
  const Icon = ICONS[topic] ?? Bell;
  return <Icon aria-hidden size={size} />;
}
