import type { ButtonHTMLAttributes, ReactNode } from 'react';

interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label' | 'title' | 'type'> {
  /** What it does, for screen readers and as its tooltip: an icon alone says nothing to either. */
  label: string;
  /** A tooltip other than the label (why it is disabled, say). */
  tip?: string | undefined;
  /** The smaller size of a row of actions under a muse or a card. */
  small?: boolean | undefined;
  children: ReactNode;
}

/** A button that is only an icon: named by `label`, which is also its tooltip unless `tip` says otherwise. */
export function IconButton({ label, tip, small, className, children, ...rest }: IconButtonProps) {
  const classes = ['icon-button', small ? 'small' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <button type="button" className={classes} aria-label={label} title={tip ?? label} {...rest}>
      {children}
    </button>
  );
}
