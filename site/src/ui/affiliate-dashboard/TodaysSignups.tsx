import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { AffiliateSignupListItem, AffiliateSignupStage } from '../../../../contract/affiliate-signups.ts';
import { Card, FormProblem, LoadFailed } from '../../ui/kit.tsx';
import { $todaysSignups, openSignup, retryTodaysSignups } from './signup-store.ts';

const STAGE: Record<AffiliateSignupStage, { words: string; look: string; action: string }> = {
  code_sent: { words: 'Code sent', look: 'dash-status', action: 'Carry on' },
  paying: { words: 'Waiting for payment', look: 'dash-status is-confirmed', action: 'Carry on' },
  listed: { words: 'Paid and listed', look: 'dash-status is-completed', action: 'Show' },
};

/** The affiliate's sign-ups of the last day, under the form: one left part-way is carried on from here. */
export function TodaysSignups() {
  const load = useStore($todaysSignups);
  const [opening, setOpening] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function open(signup: AffiliateSignupListItem) {
    setOpening(signup.id);
    const outcome = await openSignup(signup.id);
    setOpening(null);
    setProblem(outcome.ok ? null : outcome.message);
  }

  return (
    <Card title="Your sign-ups today">
      {load.state === 'loading' ? <p className="dash-muted">Loading your sign-ups…</p> : null}
      {load.state === 'failed' ? <LoadFailed message={load.message} onRetry={() => void retryTodaysSignups()} /> : null}
      {load.state === 'loaded' && load.data.length === 0 ? (
        <p className="dash-empty">No sign-ups in the last day. Each one you start shows here until the next day.</p>
      ) : null}
      {load.state === 'loaded' && load.data.length > 0 ? (
        <ul className="dash-list">
          {load.data.map((signup) => {
            const stage = STAGE[signup.stage];
            return (
              <li key={signup.id} className="dash-job">
                <div className="dash-job-head">
                  <h3 className="ad-break">{signup.name}</h3>
                  <span className={stage.look}>{stage.words}</span>
                </div>
                <p>{signup.phone}</p>
                <p>
                  <button
                    type="button"
                    className="btn btn-sm action-button"
                    aria-label={opening === signup.id ? undefined : `${stage.action}: ${signup.name}`}
                    disabled={opening !== null}
                    onClick={() => void open(signup)}
                  >
                    {opening === signup.id ? 'Opening...' : stage.action}
                  </button>
                </p>
              </li>
            );
          })}
        </ul>
      ) : null}
      <FormProblem message={problem} />
    </Card>
  );
}
