import type { ReactNode } from 'react';

/** What an order screen says instead of its form or page: why, and where to go from here. */
export function OrderNotice({
  icon,
  title,
  message,
  action,
}: {
  icon: ReactNode;
  title: string;
  message: string;
  action: ReactNode;
}) {
  return (
    <div className="notice order-notice">
      {icon}
      <h2>{title}</h2>
      <p>{message}</p>
      <div className="actions">{action}</div>
    </div>
  );
}
