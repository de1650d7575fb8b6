/**
 * Connect's query keys as one tree: a connection that changes (here or live, from the other side)
 * refreshes everything under `connectQueryKey` at once: people found, a person, my connections.
 */
export const connectQueryKey = ['connect'] as const;
export const peopleQueryKey = [...connectQueryKey, 'people'] as const;
