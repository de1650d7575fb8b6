/**
 * What other features take from references: the section of references about a member (a person's
 * page, my profile), an offered thing's rating and reviews, a seller's rating beside their name,
 * and the superadmins' dialog hiding a reported reference.
 */
export { ReferencesSection } from './components/references-section';
export { ThingReviews } from './components/thing-reviews';
export { SellerRating } from './components/seller-rating';
export { HideReferenceDialog } from './components/hide-reference-dialog';
