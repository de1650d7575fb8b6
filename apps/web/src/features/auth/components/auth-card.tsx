import { useId, type ReactNode } from 'react';

/** The card every account screen is: a title naming it, a lead line, then its form. */
export function AuthCard({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section className="auth-card" aria-labelledby={titleId}>
      <h1 id={titleId}>{title}</h1>
      <p className="lead">{lead}</p>
      {children}
    </section>
  );
}
