import type { ReactNode } from 'react';

/** One term of a description list (`<dl>`): what it is, and its value. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
