import type { ReactNode } from 'react';

/** Where a payment stands, said once: an icon, a title, what it means, and the ways on from here. */
export function PaymentNotice({
  icon,
  title,
  tone,
  children,
  actions,
}: {
  icon: ReactNode;
  title: string;
  /** Colours the icon and the edge: paid, refused, or neither. */
  tone: 'good' | 'bad' | 'neutral';
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className={`card payment-notice ${tone}`} role="status">
      {icon}
      <h2>{title}</h2>
      {children}
      {actions && <div className="actions">{actions}</div>}
    </div>
  );
}
