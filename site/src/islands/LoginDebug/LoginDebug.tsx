import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { AppShell } from '../../ui/AppShell.tsx';
import '../../ui/forms.css';
import { useHydrated } from '../../ui/useHydrated.ts';
import { clockTime } from '../../../../contract/dates.ts';
import { signIn } from '../../../../contract/accounts.ts';

/** The demo customers of `npm run demo` (api/seeds/demo.ts). */
export const DEMO_CUSTOMERS = [1, 2, 3, 4, 5].map((n) => `customer${n}@demo.example.com`);
export const DEMO_PASSWORD = 'DemoPass123';
const PAUSE_MS = 1000;

interface Result {
  id: number;
  email: string;
  time: string;
  ok: boolean;
  status: number | null;
  ms: number;
  userType: string | null;
  firstName: string | null;
  message: string | null;
  error: string | null;
}

let nextId = 0;

/**
 * One login attempt as a customer, timed. The answer is only displayed: nothing is stored, so the
 * page never signs anyone in.
 */
async function testLogin(email: string, password: string): Promise<Result> {
  const started = performance.now();
  const base = { id: ++nextId, email, time: clockTime(new Date(), { seconds: true }) };
  try {
    const response = await fetch(signIn.path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ email, password, loginMethod: 'email', accountType: 'customer' }),
      credentials: 'omit',
    });
    const text = await response.text();
    const ms = Math.round(performance.now() - started);
    let body: { success?: boolean; message?: string; user?: { userType?: string; firstName?: string } } = {};
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      body = { message: text.slice(0, 200) };
    }
    const ok = response.ok && body.success !== false;
    return {
      ...base,
      ok,
      status: response.status,
      ms,
      userType: body.user?.userType ?? null,
      firstName: body.user?.firstName ?? null,
      message: body.message ?? null,
      error: ok ? null : (body.message ?? `HTTP ${response.status}`),
    };
  } catch (error) {
    return {
      ...base,
      ok: false,
      status: null,
      ms: Math.round(performance.now() - started),
      userType: null,
      firstName: null,
      message: null,
      error: `Network Error: ${error instanceof Error && error.message ? error.message : 'Network connection failed'}`,
    };
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function Tool() {
  const [results, setResults] = useState<Result[]>([]);
  const [running, setRunning] = useState<string | null>(null);
  const ready = useHydrated();
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const stopped = useRef(false);
  const ids = { email: useId(), password: useId() };
  useEffect(() => {
    return () => {
      stopped.current = true;
    };
  }, []);

  const add = (result: Result) => setResults((list) => [result, ...list]);

  async function single(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (running) return;
    setRunning('single');
    try {
      add(await testLogin(emailRef.current?.value.trim() ?? '', passwordRef.current?.value ?? ''));
    } finally {
      setRunning(null);
    }
  }

  async function all() {
    if (running) return;
    setRunning('all');
    try {
      for (const [i, email] of DEMO_CUSTOMERS.entries()) {
        if (stopped.current) return;
        if (i > 0) await sleep(PAUSE_MS);
        setRunning(`all:${email}`);
        add(await testLogin(email, DEMO_PASSWORD));
      }
    } finally {
      setRunning(null);
    }
  }

  return (
    <div className="auth-form">
      <form className="auth-form card" aria-label="Test a login" noValidate onSubmit={single}>
        <div className="auth-field">
          <label htmlFor={ids.email}>Email</label>
          <input ref={emailRef} id={ids.email} type="email" autoComplete="off" defaultValue={DEMO_CUSTOMERS[0]} />
        </div>
        <div className="auth-field">
          <label htmlFor={ids.password}>Password</label>
          <input ref={passwordRef} id={ids.password} type="text" autoComplete="off" defaultValue={DEMO_PASSWORD} />
        </div>
        <div className="actions shell-actions">
          <button type="submit" className="btn auth-button" disabled={!ready || running !== null}>
            {running === 'single' ? 'Testing...' : 'Test Single Login'}
          </button>
          <button
            type="button"
            className="btn auth-button"
            onClick={() => void all()}
            disabled={!ready || running !== null}
          >
            {running?.startsWith('all') ? 'Testing...' : 'Test All Customers'}
          </button>
          <button
            type="button"
            className="btn btn-line auth-button"
            onClick={() => setResults([])}
            disabled={results.length === 0}
          >
            Clear Results
          </button>
        </div>
        <p className="auth-hint" role="status">
          {running?.startsWith('all:') ? `Testing ${running.slice(4)}...` : ''}
        </p>
      </form>

      <section aria-labelledby="login-debug-results">
        <h2 id="login-debug-results">Results ({results.length})</h2>
        {results.length === 0 ? <p>No tests run yet.</p> : null}
        <ol className="auth-list" aria-label="Results, newest first">
          {results.map((r) => (
            <li key={r.id} className="card">
              <article aria-label={`${r.email} ${r.ok ? 'SUCCESS' : 'FAILED'}`}>
                <p>
                  <strong>{r.email}</strong> · {r.time} ·{' '}
                  <span className={r.ok ? 'auth-badge' : 'auth-badge is-failed'}>{r.ok ? 'SUCCESS' : 'FAILED'}</span>
                </p>
                <dl className="auth-data">
                  <div className="auth-data-row">
                    <dt>Status</dt>
                    <dd>{r.status ?? '—'}</dd>
                  </div>
                  <div className="auth-data-row">
                    <dt>Response time</dt>
                    <dd>{r.ms} ms</dd>
                  </div>
                  <div className="auth-data-row">
                    <dt>User type</dt>
                    <dd>{r.userType ?? '—'}</dd>
                  </div>
                  <div className="auth-data-row">
                    <dt>First name</dt>
                    <dd>{r.firstName ?? '—'}</dd>
                  </div>
                  <div className="auth-data-row">
                    <dt>Message</dt>
                    <dd>{r.message ?? '—'}</dd>
                  </div>
                  <div className="auth-data-row">
                    <dt>Error</dt>
                    <dd>{r.error ?? '—'}</dd>
                  </div>
                </dl>
              </article>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

/** /login-debug (docs/PRODUCT.md "Diagnostic pages"). */
export default function LoginDebug() {
  return (
    <AppShell name="login debug">
      <Tool />
    </AppShell>
  );
}
