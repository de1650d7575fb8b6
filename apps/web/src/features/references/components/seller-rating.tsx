import { useQuery } from '@tanstack/react-query';
import { sellerRatingQuery } from '../api/list-references';
import { RatingLine } from './rating-stars';
import '../references.css';

/** A seller's rating from their buyers, beside their name; nothing until they have one. */
export function SellerRating({ sellerId }: { sellerId: string }) {
  const query = useQuery(sellerRatingQuery(sellerId));
  if (!query.data) return null;
  return (
    <span className="seller-rating">
      <RatingLine rating={query.data} />
    </span>
  );
}
