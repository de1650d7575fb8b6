import { useConnectionEvents } from './use-connection-events';

/** Mounted by the app's layout for signed-in members, on every screen: connect's live events. */
export default function ConnectLive() {
  useConnectionEvents();
  return null;
}
