import type { ReactNode } from 'react';

export { LoadError, SignedInAs, SignInNotice, signOutAndLeave } from '../guard/DashboardParts.tsx';

/** A stat card: a label and a big figure, with an optional note. */
export function Stat({ label, value, note, strong }: { label: string; value: ReactNode; note?: string; strong?: boolean }) {
  return (
    <li className={strong ? 'card pd-stat is-strong' : 'card pd-stat'}>
      <span className="pd-stat-label">{label}</span>
      <strong className="pd-stat-value">{value}</strong>
      {note ? <span className="pd-stat-note">{note}</span> : null}
    </li>
  );
}
