import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RotateCw } from 'lucide-react';
import { onBrowserOnlineChange } from '../lib/network-status';

/**
 * A part of a screen that loads on its own (its chunk fetched when first shown), which can be
 * asked again after it failed. React.lazy keeps a failed load for good; this one starts afresh on
 * `retry()`, the next render fetching the chunk again. Render it inside a PartBoundary.
 */
export interface LazyPart<P extends object> {
  (props: P): ReactNode;
  /** Forgets a failed load, so the next render asks again (a load in flight or done is kept). */
  retry(): void;
}

export function lazyPart<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPart<P> {
  let failed = false;
  const attempt = () =>
    load().catch((error: unknown) => {
      failed = true;
      throw error;
    });
  let Loaded = lazy(attempt);
  const part = (props: P) => <Loaded {...props} />;
  part.retry = () => {
    if (!failed) return;
    failed = false;
    Loaded = lazy(attempt);
  };
  return part;
}

interface PartBoundaryProps {
  /** The lazy parts inside, asked again on retry. */
  parts: readonly { retry(): void }[];
  /** Shown while they load. */
  loading?: ReactNode;
  /**
   * A part with nothing to show (a live listener, a badge, the toasts' container) leaves nothing
   * in its place when it fails, and still comes back by itself once the browser is online.
   */
  quiet?: boolean;
  /** A sentence said before the retry, for a part the reader misses (a map, say). */
  message?: string;
  /** The class of what stands in for a part that failed, so it takes the part's place in the layout. */
  failedClassName?: string;
  children: ReactNode;
}

/**
 * Where a lazy part that failed to load (offline, or a deploy since) or to render ends up: a
 * compact "could not load, try again" in its place, the screen around it untouched. It tries again
 * by itself as soon as the browser is back online.
 */
export class PartBoundary extends Component<PartBoundaryProps, { failed: boolean }> {
  override state = { failed: false };
  private stopListening: (() => void) | undefined;

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override componentDidMount() {
    this.stopListening = onBrowserOnlineChange((online) => {
      if (online && this.state.failed) this.retry();
    });
  }

  override componentWillUnmount() {
    this.stopListening?.();
  }

  retry = () => {
    for (const part of this.props.parts) part.retry();
    this.setState({ failed: false });
  };

  override render() {
    const { loading = null, quiet = false, message, failedClassName, children } = this.props;
    if (this.state.failed) {
      return quiet ? null : <PartRetry message={message} className={failedClassName} onRetry={this.retry} />;
    }
    return <Suspense fallback={loading}>{children}</Suspense>;
  }
}

/**
 * The compact control a failed part leaves: selecting it tries again. A part with a sentence of
 * its own (a map) says it before the control.
 */
function PartRetry({
  message,
  className,
  onRetry,
}: {
  message: string | undefined;
  className: string | undefined;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const label = t('common.partFailed');
  const retry = (
    <button type="button" className="part-retry" title={label} onClick={onRetry}>
      <RotateCw aria-hidden size={16} />
      <span>{label}</span>
    </button>
  );
  const classes = ['part-failed', className].filter(Boolean).join(' ');
  // A sentence and its retry are a block of the screen; the retry alone fits in a row (the header's).
  return message ? (
    <div className={classes} role="status">
      <span>{message}</span>
      {retry}
    </div>
  ) : (
    <span className={classes} role="status">
      {retry}
    </span>
  );
}
