import type { Connection, Connections } from '@tolk/shared/schemas/connect';

/** The request or connection between me and someone, whichever way it goes. */
export function connectionWith(connections: Connections | undefined, personId: string): Connection | undefined {
  if (!connections) return undefined;
  return [...connections.connected, ...connections.incoming, ...connections.outgoing].find(
    (connection) => connection.person.id === personId,
  );
}
