import { HYDRATE_FROM_INITIAL } from '../../lib/hydration.ts';
import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { maskPhone, MOMO_NETWORKS, networkByPrefix, type MomoNetworkCode } from '../../../../contract/momo.ts';
import type { PlanLength } from '../../../../contract/plans.ts';
import { $paymentsConfig } from '../../stores/payments-config.ts';
import { $session } from '../../stores/session.ts';
import { $momo, answerOnTestPhone, askForCode, confirmNumber, sendPrompt, sendVoucher } from './momo-store.ts';
import { FormProblem } from '../../ui/kit.tsx';

/**
 * "Send the prompt to my phone": renew by mobile money without the checkout. The
 * number defaults to the account's, the network to the number's first network (numbers move
 * between networks, so the payer sees it and can change it). Another number is rung only once its
 * owner agreed, by the code we text it (docs/PRODUCT.md "Mobile money in one tap").
 */
/** `months`: the length chosen on the card (1, 3, 6 or 12), bought by the prompt as by the checkout. */
export function MomoPrompt({
  token,
  months,
  onPaid,
}: {
  token: string | null;
  months: PlanLength;
  onPaid: () => void;
}) {
  const state = useStore($momo);
  const local = ($session.get().user?.phone ?? '').replace(/^\+233/, '0');
  const config = useStore($paymentsConfig, HYDRATE_FROM_INITIAL);
  const testMode = config.state === 'loaded' && config.data.provider === 'sandbox';
  const [number, setNumber] = useState(local);
  const [network, setNetwork] = useState<MomoNetworkCode | ''>(networkByPrefix(local) ?? '');
  const proving = state.kind === 'prove' ? state : null;
  const id = useId();
  // No reset on unmount: the dashboard reloads its data when paid (the card may be mounted again),
  // and an open prompt keeps being asked about meanwhile.
  const open = state.kind === 'open' ? state.answer : null;

  return (
    <form
      className="sub-momo"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        if (network) void sendPrompt({ phone: number, provider: network, months }, token, onPaid);
      }}
    >
      <h3 id={`${id}-title`} className="sub-momo-title">
        Or pay by mobile money prompt
      </h3>
      <label className="sub-field">
        Mobile-money number
        <input
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={16}
          value={number}
          onChange={(event) => {
            setNumber(event.currentTarget.value);
            // Another number than the one being proved: start again from the prompt.
            if (proving) $momo.set({ kind: 'idle' });
          }}
          required
        />
      </label>
      <fieldset className="sub-networks">
        <legend>Network</legend>
        {(Object.entries(MOMO_NETWORKS) as [MomoNetworkCode, string][]).map(([code, name]) => (
          <label key={code} className="choice">
            <input
              type="radio"
              name={`${id}-network`}
              value={code}
              checked={network === code}
              onChange={() => setNetwork(code)}
              required
            />
            {name}
          </label>
        ))}
      </fieldset>
      <button
        type="submit"
        className="btn sub-button"
        disabled={state.kind === 'sending' || !!open}
        aria-busy={state.kind === 'sending'}
      >
        {state.kind === 'sending' ? 'Sending the prompt...' : 'Send the prompt to my phone'}
      </button>
      <div role="status" className="sub-status">
        {open ? <p>{open.message}</p> : null}
        {state.kind === 'paid' ? <p className="sub-success">{state.answer.message}</p> : null}
      </div>
      {proving ? (
        <div className="sub-prove" role="group" aria-label="Confirm the number">
          <p>{proving.message}</p>
          {proving.codeSent ? (
            <CodeEntry
              label="Code from the SMS"
              maxLength={6}
              action="Confirm and send the prompt"
              onSubmit={(code) => {
                if (network) void confirmNumber(code, { phone: number, provider: network, months }, token);
              }}
            />
          ) : (
            <button type="button" className="btn sub-button" onClick={() => void askForCode(token)}>
              Text a code to {maskPhone(proving.phone)}
            </button>
          )}
          <FormProblem message={proving.problem} />
        </div>
      ) : null}
      <FormProblem message={state.kind === 'failed' ? state.message : null} />
      {open?.status === 'send_otp' && open.reference ? (
        <div className="sub-voucher">
          <CodeEntry
            label="Voucher code"
            maxLength={8}
            action="Send the code"
            onSubmit={(code) => void sendVoucher(open.reference!, code, token)}
          />
        </div>
      ) : null}
      {testMode && open?.status === 'pay_offline' && open.reference ? (
        <div className="sub-test-phone" role="group" aria-label="Test phone (TEST MODE)">
          <p>
            <strong>Test phone (TEST MODE)</strong>: a real phone would ring now.
          </p>
          <button
            type="button"
            className="btn sub-button"
            onClick={() => void answerOnTestPhone(open.reference!, true, token)}
          >
            Approve on the test phone
          </button>{' '}
          <button
            type="button"
            className="btn btn-line sub-button"
            onClick={() => void answerOnTestPhone(open.reference!, false, token)}
          >
            Decline
          </button>
        </div>
      ) : null}
    </form>
  );
}

/** A code typed from the phone (Telecel's voucher, the SMS code proving a number) and its button. */
function CodeEntry({
  label,
  maxLength,
  action,
  onSubmit,
}: {
  label: string;
  maxLength: number;
  action: string;
  onSubmit: (code: string) => void;
}) {
  const [code, setCode] = useState('');
  return (
    <>
      <label className="sub-field">
        {label}
        <input
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={maxLength}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
      </label>
      <button type="button" className="btn sub-button" onClick={() => onSubmit(code.trim())}>
        {action}
      </button>
    </>
  );
}
