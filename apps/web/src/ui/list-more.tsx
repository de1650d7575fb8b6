import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from './error-message';

interface ListMoreProps {
  /** The list's infinite query, as TanStack Query gives it. */
  query: {
    isFetchingNextPage: boolean;
    hasNextPage: boolean;
    isFetchNextPageError: boolean;
    error: unknown;
    fetchNextPage: () => Promise<unknown>;
  };
  /** "Load more": the button for the next page. */
  label: string;
  /** One item's skeleton, while the next page loads. */
  loading: ReactNode;
  /** What stands at the end once every page is read ("You have seen everyone"), if anything. */
  end?: ReactNode;
  className: string;
  /** For a list that loads on its own when the end scrolls into view. */
  ref?: Ref<HTMLDivElement>;
}

/** The foot of a cursor-paged list: the next page's skeleton, its button, the end, or its error. */
export function ListMore({ query, label, loading, end, className, ref }: ListMoreProps) {
  const { t } = useTranslation();
  return (
    <div ref={ref} className={className}>
      {query.isFetchingNextPage ? (
        loading
      ) : query.hasNextPage ? (
        <button
          type="button"
          className="button"
          onClick={() => {
            void query.fetchNextPage();
          }}
        >
          {label}
        </button>
      ) : (
        end
      )}
      {query.isFetchNextPageError && (
        <p role="alert" className="form-error">
          {errorMessage(query.error, t)}
        </p>
      )}
    </div>
  );
}
