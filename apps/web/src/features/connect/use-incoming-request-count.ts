import { useQuery } from '@tanstack/react-query';
import { connectionsQuery } from './api/list-connections';

/** How many people asked to connect and wait for my answer (0 while unknown). */
export function useIncomingRequestCount(): number {
  const { data } = useQuery({ ...connectionsQuery(), select: (connections) => connections.incoming.length });
  return data ?? 0;
}
