import { afterFirstScreen } from '../../lib/later-parts';
import { lazyPart } from '../../ui/lazy-part';

/**
 * What the app shell takes from connect, loaded only for signed-in members and apart from the
 * first page: the live events (requests and acceptances on every screen) and the navigation's
 * badge of requests waiting.
 */
export const ConnectLive = lazyPart(afterFirstScreen(() => import('./live')));
export const RequestsBadge = lazyPart(afterFirstScreen(() => import('./requests-badge')));
