import './shell.css';

/** What a guard says while it checks the session (docs/PRODUCT.md "Roles and pages"). */
export const GUARD_TEXTS = {
  loading: 'Loading...',
  auth: 'Verifying authentication...',
  admin: 'Verifying admin authentication...',
} as const;

interface Props {
  /** One of GUARD_TEXTS, or another short text such as "Loading your dashboard...". */
  text?: string;
}

export function GuardLoading({ text = GUARD_TEXTS.loading }: Props) {
  return (
    <div className="shell-loading" role="status">
      <span className="shell-spinner" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}
