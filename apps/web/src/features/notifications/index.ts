import { afterFirstScreen } from '../../lib/later-parts';
import { lazyPart } from '../../ui/lazy-part';

/**
 * What the app shell takes from notifications, loaded only for signed-in members and apart from
 * the first page: the header's bell with my unread count, live.
 */
export const NotificationBell = lazyPart(afterFirstScreen(() => import('./bell')));
