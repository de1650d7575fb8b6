import type { ReactNode } from 'react';

interface ListEmptyProps {
  /** Its picture: an icon, hidden from screen readers. */
  icon: ReactNode;
  /** Why there is nothing ("No accounts found"). */
  text: ReactNode;
  /** What to do about it, if anything: a link or a button under the words. */
  children?: ReactNode;
  /** `list-empty` (ui.css), with a feature's class for its own spacing, or Connect's own look. */
  className?: string;
}

/** What stands for a list with nothing in it (yet): its icon, why, and what to do about it. */
export function ListEmpty({ icon, text, children, className = 'list-empty' }: ListEmptyProps) {
  return (
    <div className={className}>
      {icon}
      <p>{text}</p>
      {children}
    </div>
  );
}
