import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchX } from 'lucide-react';
import { HttpError } from '../lib/http';
import { errorMessage } from './error-message';
import { ScreenSkeleton } from './skeletons';

interface QueryErrorProps {
  error: unknown;
  /** Asks again; leave it out where asking again cannot help. */
  onRetry?: () => void;
  /** Said instead of the error's own message (a missing conversation, say). */
  message?: string;
  /** A heading above the message, when the screen keeps its title. */
  heading?: ReactNode;
  /** More actions beside Retry (a way back). */
  actions?: ReactNode;
  /** A section of its own (a whole screen) or a block inside one. */
  as?: 'section' | 'div';
  /** The id of the heading that names the section. */
  labelledBy?: string;
}

/** What a screen says when its data did not load: why, in the reader's language, and a retry. */
export function QueryError({
  error,
  onRetry,
  message,
  heading,
  actions,
  as: Tag = 'section',
  labelledBy,
}: QueryErrorProps) {
  const { t } = useTranslation();
  return (
    <Tag className="notice" aria-labelledby={labelledBy}>
      {heading}
      <p role="alert">{message ?? errorMessage(error, t)}</p>
      {(onRetry ?? actions) && (
        <div className="actions">
          {onRetry && (
            <button type="button" className="button" onClick={onRetry}>
              {t('common.retry')}
            </button>
          )}
          {actions}
        </div>
      )}
    </Tag>
  );
}

/** The retry of a query that failed: asks again, the promise left to the query's own state. */
export function refetchOf(query: { refetch: () => Promise<unknown> }): () => void {
  return () => {
    void query.refetch();
  };
}

/** Whether a failed read means the thing is not there (or not for this reader). */
export const isMissing = (error: unknown) => error instanceof HttpError && error.status === 404;

/**
 * A screen whose one record did not load: "not found" with its own title and a way back when it
 * is not there (no retry: asking again cannot help), else why it failed with a retry.
 */
export function MissingOrError({
  query,
  icon,
  title,
  message,
  back,
}: {
  query: { error: unknown; refetch: () => Promise<unknown> };
  icon: ReactNode;
  title: string;
  message: string;
  back: ReactNode;
}) {
  const missing = isMissing(query.error);
  return (
    <QueryError
      error={query.error}
      heading={
        missing ? (
          <>
            {icon}
            <h1>{title}</h1>
          </>
        ) : undefined
      }
      {...(missing ? { message } : { onRetry: refetchOf(query) })}
      actions={back}
    />
  );
}

/**
 * What a screen of one thing shows: a skeleton while it loads, "not found" (its own title and
 * words, and a way back) or why it failed, else the thing itself.
 */
export function WithLoaded<T>({
  query,
  missing,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined; refetch: () => Promise<unknown> };
  missing: { title: string; message: string; back: ReactNode };
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <ScreenSkeleton lines={6} />;
  if (query.isError || query.data === undefined) {
    return <MissingOrError query={query} icon={<SearchX aria-hidden size={40} />} {...missing} />;
  }
  return children(query.data);
}
