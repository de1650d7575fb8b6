import { lazy } from 'react';
import { afterFirstScreen } from '../../lib/later-parts';

/**
 * What the app shell takes from connect, loaded only for signed-in members and apart from the
 * first page: the live events (requests and acceptances on every screen) and the navigation's
 * badge of requests waiting.
 */
export const ConnectLive = lazy(afterFirstScreen(() => import('./live')));
export const RequestsBadge = lazy(afterFirstScreen(() => import('./requests-badge')));
