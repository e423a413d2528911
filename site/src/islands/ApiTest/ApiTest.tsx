import { useStore } from '@nanostores/react';
import { Fragment, useId, useState } from 'react';
import type { FormEvent } from 'react';
import { lookUpAddress, type ReverseGeocodeResponse } from '../../../../contract/location.ts';
import { ApiError, isSignedOut } from '../../lib/api.ts';
import { call, routeUrl } from '../../lib/call.ts';
import { classifyError } from '../../lib/errors.ts';
import { $session } from '../../stores/session.ts';
import { AppShell } from '../../ui/AppShell.tsx';
import { KEY_MESSAGES, keyProblem, mapsVerdict, GOOGLE_STATUS } from './checks.ts';
import type { MapsVerdict } from './checks.ts';
import '../../ui/diagnostics.css';
import { useHydrated } from '../../ui/useHydrated.ts';

/** Accra's centre: the place the diagnostic asks about (docs/PRODUCT.md "Diagnostic pages"). */
const ACCRA = { query: { lat: '5.6037', lng: '-0.187' } };
export const TEST_PATH = routeUrl(lookUpAddress, ACCRA);

type MapsResult =
  | { kind: 'answer'; status: number; answer: ReverseGeocodeResponse; verdict: MapsVerdict; ms: number }
  | { kind: 'error'; status: number | null; message: string; ms: number };

interface RawResult {
  httpStatus: string;
  ok: boolean;
  apiStatus: string;
  apiError: string;
  results: number;
  ms: number;
}

const SIGN_IN_FIRST =
  'Sign in first: the server asks Google only for signed-in users, as each call spends the key’s quota.';

function KeyCheck() {
  const id = useId();
  const [key, setKey] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  // Before hydration the form would submit natively (reloading the page and losing the check).
  const ready = useHydrated();
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = keyProblem(key);
    setResult(problem ? { ok: false, text: KEY_MESSAGES.failed(problem) } : { ok: true, text: KEY_MESSAGES.ok });
  }
  return (
    <section className="card dg-card" aria-labelledby={`${id}-t`}>
      <h2 id={`${id}-t`}>API Key Format Check</h2>
      <p className="field-hint">
        The real key stays on the server and is never shown here. Paste a key to check its format before putting it in
        the server’s <code>GOOGLE_MAPS_API_KEY</code>; nothing is sent anywhere.
      </p>
      <form className="form-grid" onSubmit={onSubmit} noValidate>
        <div className="form-field">
          <label htmlFor={`${id}-key`}>API key to check</label>
          <input
            id={`${id}-key`}
            value={key}
            onChange={(e) => setKey(e.target.value)}
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="off"
          />
        </div>
        <div className="form-actions">
          <button type="submit" className="btn action-button" disabled={!ready}>
            Check Key Format
          </button>
        </div>
      </form>
      <p role="status" className={result ? (result.ok ? 'dg-ok' : 'dg-warn') : undefined}>
        {result?.text}
      </p>
    </section>
  );
}

function Facts({ rows }: { rows: [string, string][] }) {
  return (
    <dl className="dg-facts">
      {rows.map(([k, v]) => (
        <Fragment key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

function Diagnostics() {
  const { status: session, token } = useStore($session, { ssr: 'initial' }); // hydrates as pre-rendered
  const [maps, setMaps] = useState<MapsResult | null>(null);
  const [raw, setRaw] = useState<RawResult | null>(null);
  const [busy, setBusy] = useState<'maps' | 'raw' | null>(null);
  const signedIn = session === 'signed-in' && token !== null;

  async function testMaps() {
    setBusy('maps');
    const started = performance.now();
    const ms = () => Math.round(performance.now() - started);
    try {
      const answer = await call(lookUpAddress, ACCRA, { token });
      setMaps({ kind: 'answer', status: 200, answer, verdict: mapsVerdict(answer), ms: ms() });
    } catch (error) {
      const status = error instanceof ApiError ? error.status : null;
      const message = isSignedOut(error)
        ? SIGN_IN_FIRST
        : error instanceof ApiError
          ? error.message
          : classifyError(error).message;
      setMaps({ kind: 'error', status, message, ms: ms() });
    } finally {
      setBusy(null);
    }
  }

  /** The bare request, without the API client's retries, time-out messages or parsing rules. */
  async function testRaw() {
    setBusy('raw');
    const started = performance.now();
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    try {
      const response = await fetch(TEST_PATH, { headers, cache: 'no-store' });
      let body: Partial<ReverseGeocodeResponse> & { message?: string } = {};
      try {
        body = (await response.json()) as typeof body;
      } catch {
        body = {};
      }
      const apiStatus = !response.ok
        ? 'ERROR'
        : body.location?.source === 'google'
          ? 'OK'
          : body.reason
            ? GOOGLE_STATUS[body.reason]
            : 'NOT_CONFIGURED';
      setRaw({
        httpStatus: `${response.status} ${response.statusText}`.trim(),
        ok: response.ok,
        apiStatus,
        apiError: body.notice ?? (response.ok ? 'none' : (body.message ?? 'none')),
        results: body.location ? 1 : 0,
        ms: Math.round(performance.now() - started),
      });
    } catch (error) {
      setRaw({
        httpStatus: 'Network Error',
        ok: false,
        apiStatus: 'none',
        apiError: error instanceof Error ? error.message : 'Network connection failed',
        results: 0,
        ms: Math.round(performance.now() - started),
      });
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <section className="card dg-card" aria-labelledby="at-maps">
        <h2 id="at-maps">Google Maps API</h2>
        <p className="field-hint">
          Asks the server to find the address of Accra’s centre (5.6037, −0.187) through its Google proxy (
          <code>GET {TEST_PATH}</code>).
        </p>
        {session === 'signed-out' ? <p className="dg-warn">{SIGN_IN_FIRST}</p> : null}
        <div className="form-actions">
          <button type="button" className="btn action-button" disabled={busy !== null} onClick={() => void testMaps()}>
            {busy === 'maps' ? 'Testing...' : 'Test Google Maps API'}
          </button>
        </div>
        <div role="status">
          {maps?.kind === 'answer' ? (
            <>
              <p className={maps.verdict.working ? 'dg-ok' : 'dg-warn'}>{maps.verdict.text}</p>
              <Facts
                rows={[
                  ['Status', `${maps.status} (${maps.ms} ms)`],
                  ['Source', maps.answer.location.source],
                  ['Address', maps.answer.location.address],
                  ['City', maps.answer.location.city],
                  ['Billing', maps.verdict.billingDisabled ? 'Disabled' : maps.verdict.working ? 'Enabled' : 'Unknown'],
                ]}
              />
            </>
          ) : null}
          {maps?.kind === 'error' ? (
            <>
              <p className="dg-warn">{maps.message}</p>
              <Facts rows={[['Status', maps.status === null ? 'No answer' : String(maps.status)]]} />
            </>
          ) : null}
        </div>
      </section>

      <section className="card dg-card" aria-labelledby="at-raw">
        <h2 id="at-raw">Network Connectivity</h2>
        <p className="field-hint">
          The same request with a bare <code>fetch</code>: no retries, raw figures.
        </p>
        <div className="form-actions">
          <button type="button" className="btn action-button" disabled={busy !== null} onClick={() => void testRaw()}>
            {busy === 'raw' ? 'Testing...' : 'Test Network Connectivity'}
          </button>
        </div>
        <div role="status">
          {raw ? (
            <Facts
              rows={[
                ['HTTP status', raw.httpStatus],
                ['Response ok', raw.ok ? 'Yes' : 'No'],
                ['API status', raw.apiStatus],
                ['API error', raw.apiError],
                ['Results count', String(raw.results)],
                ['Time', `${raw.ms} ms`],
              ]}
            />
          ) : null}
        </div>
      </section>
      {signedIn ? null : (
        <p className="field-hint">
          <a href="/signin">Sign in</a> to run the Google Maps tests.
        </p>
      )}
    </>
  );
}

export default function ApiTest() {
  return (
    <AppShell name="API test">
      <KeyCheck />
      <Diagnostics />
    </AppShell>
  );
}
