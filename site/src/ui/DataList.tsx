import type { ReactNode } from 'react';

/** A read-only list of facts (label and value), as the profile tabs show them. */
export function DataList({ rows }: { rows: readonly (readonly [label: string, value: ReactNode])[] }) {
  return (
    <dl className="auth-data">
      {rows.map(([label, value]) => (
        <div key={label} className="auth-data-row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
