import { HYDRATE_FROM_INITIAL } from '../../lib/hydration.ts';
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { ADMIN_MESSAGES } from '../../../../contract/admin-session.ts';
import { useStore } from '@nanostores/react';
import { $adminCheck, adminSignIn } from '../../stores/admin-session.ts';
import { AppShell } from '../../ui/AppShell.tsx';
import { GuardLoading } from '../../ui/GuardLoading.tsx';
import { DASHBOARD_PATH, EXPIRED_FLAG } from './login-paths.ts';
import { FormProblem, PasswordField } from '../../ui/kit.tsx';
import '../../ui/forms.css';

/**
 * /admin and /admin/login (docs/PRODUCT.md "Administrators"): username and password (both required) with a
 * show/hide toggle. An administrator whose stored token still works goes straight on to the
 * dashboard; a refused or unreachable check leaves the form here.
 */
function LoginForm() {
  // The stored token is checked when this form first watches $adminCheck (stores/admin-session.ts).
  const check = useStore($adminCheck, HYDRATE_FROM_INITIAL);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const ids = { username: useId(), password: useId(), problem: useId(), title: useId() };

  // The address is read after hydration: the pre-rendered page knows no query.
  useEffect(() => setExpired(new URLSearchParams(window.location.search).has(EXPIRED_FLAG)), []);
  useEffect(() => {
    if (check?.result === 'ok') window.location.replace(DASHBOARD_PATH);
  }, [check]);
  const checking = check === null || check.result === 'ok';
  // The stored session could not be checked (it is kept): say why the dashboard did not open.
  const notice =
    check?.result === 'unreachable' ? ADMIN_MESSAGES.network : expired ? ADMIN_MESSAGES.sessionExpired : null;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setBusy(true);
    setProblem(null);
    const outcome = await adminSignIn(String(data.get('username') ?? ''), String(data.get('password') ?? ''));
    if (outcome.kind === 'success') {
      window.location.replace(DASHBOARD_PATH);
      return;
    }
    setBusy(false);
    setProblem(outcome.message);
    const empty = [...(formRef.current?.querySelectorAll('input') ?? [])].find((input) => input.value === '');
    (empty ?? formRef.current?.querySelector('input'))?.focus();
  }

  if (checking) return <GuardLoading text={ADMIN_MESSAGES.verifying} />;
  const described = problem ? ids.problem : undefined;
  return (
    <section className="card auth-card" aria-labelledby={ids.title}>
      <h1 id={ids.title}>Admin Login</h1>
      {notice ? (
        <p className="auth-panel" role="status">
          {notice}
        </p>
      ) : null}
      <form ref={formRef} className="auth-form" noValidate onSubmit={(e) => void onSubmit(e)} aria-busy={busy}>
        <div className="auth-field">
          <label htmlFor={ids.username}>Username</label>
          <input
            id={ids.username}
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            maxLength={100}
            required
            aria-describedby={described}
          />
        </div>
        <PasswordField id={ids.password} describedBy={described} />
        <FormProblem id={ids.problem} message={problem} />
        <button type="submit" className="btn auth-button auth-wide" disabled={busy}>
          {busy ? 'Signing in...' : 'Sign In'}
        </button>
      </form>
    </section>
  );
}

export default function AdminLogin() {
  return (
    <AppShell name="admin login">
      <LoginForm />
    </AppShell>
  );
}
