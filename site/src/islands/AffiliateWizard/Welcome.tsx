import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { formatCedis } from '../../../../contract/money.ts';
import {
  AFFILIATE_COMMISSION_RATE,
  AFFILIATE_MINIMUM_PAYOUT_CEDIS,
  DEFAULT_PLAN_PRICES,
} from '../../../../contract/plans.ts';
import { $affiliate } from './store.ts';

/** After joining: the referrer code to share, and how commission is earned and paid (docs/PRODUCT.md "Affiliates, commission and payouts"). */
export function Welcome() {
  const { referrerCode, firstName } = useStore($affiliate);
  const [copied, setCopied] = useState(false);
  const [copyNote, setCopyNote] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const link = `${window.location.origin}/signup?ref=${encodeURIComponent(referrerCode)}`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(referrerCode);
      setCopied(true);
      setCopyNote('');
      setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopyNote('Copying is not available here: press and hold the code to copy it.');
    }
  }

  return (
    <div className="wizard-done card">
      <h2 ref={heading} tabIndex={-1}>
        Welcome to the Affiliate Program, {firstName}!
      </h2>
      <p>Your account is ready. Share your referrer code to start earning.</p>
      <p className="field-hint" id="af-code-label">
        Your referrer code
      </p>
      <div className="wizard-code">
        <code aria-labelledby="af-code-label">{referrerCode}</code>
        <button type="button" className="btn btn-line action-button" onClick={copy}>
          {copied ? 'Copied!' : 'Copy'}
        </button>
        <span role="status" className="field-hint">
          {copied ? 'Code copied to clipboard' : copyNote}
        </span>
      </div>
      <p>
        Your sign-up link: <a href={link}>{link}</a>
      </p>
      <h3>How to earn</h3>
      <ol>
        <li>Share your code or link with friends, family, customers and on social media.</li>
        <li>They sign up as a customer or professional using your link or code.</li>
        <li>
          When they pay their first month, you earn {Math.round(AFFILIATE_COMMISSION_RATE * 100)}%:{' '}
          {formatCedis(DEFAULT_PLAN_PRICES.commissions.customer, { fixed: true })} per customer,{' '}
          {formatCedis(DEFAULT_PLAN_PRICES.commissions.professional, { fixed: true })} per professional, credited at
          once.
        </li>
        <li>
          Once your balance reaches {formatCedis(AFFILIATE_MINIMUM_PAYOUT_CEDIS)}, ask for a payout on your dashboard:
          we pay it by mobile money or bank transfer.
        </li>
      </ol>
      <div className="form-actions">
        <a className="btn" href="/affiliate-dashboard">
          Go to Affiliate Dashboard
        </a>
        <a className="btn btn-line action-button" href="/">
          Back to Home
        </a>
      </div>
    </div>
  );
}
