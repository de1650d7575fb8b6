/**
 * The interests a member can pick, as stable tags: the web names each in the reader's interface
 * language (`interests.<tag>` in every locale file), so two members match on the same tag
 * whatever language they picked it in.
 */
export const INTERESTS = [
  'travel',
  'hiking',
  'camping',
  'beaches',
  'surfing',
  'skiing',
  'cycling',
  'running',
  'fitness',
  'yoga',
  'football',
  'dancing',
  'music',
  'concerts',
  'movies',
  'theatre',
  'books',
  'writing',
  'poetry',
  'languages',
  'history',
  'museums',
  'art',
  'photography',
  'design',
  'architecture',
  'food',
  'cooking',
  'coffee',
  'wine',
  'nightlife',
  'gaming',
  'board-games',
  'anime',
  'technology',
  'science',
  'nature',
  'animals',
  'gardening',
  'volunteering',
  'sustainability',
  'fashion',
] as const;
export type Interest = (typeof INTERESTS)[number];
export const INTERESTS_MAX = 15;

export function isInterest(value: string): value is Interest {
  return (INTERESTS as readonly string[]).includes(value);
}
