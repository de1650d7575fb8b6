import type { ReactNode } from 'react';

/** Facts about something as a list of terms, each shown only when it has something to say. */
export function Facts({ items, className }: { items: [label: string, value: ReactNode][]; className: string }) {
  const shown = items.filter(([, value]) => value !== null && value !== undefined && value !== false && value !== '');
  if (shown.length === 0) return null;
  return (
    <dl className={className}>
      {shown.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
