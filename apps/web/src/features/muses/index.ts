// What the muses feature offers other features: the one rule that merges copies of a muse (a
// thread's and a plaza's both follow it).
export * from './muse-copies';
