import { useStore } from '@nanostores/react';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { shortDate } from '../../../contract/dates.ts';
import type { PushDevice } from '../../../contract/push.ts';
import {
  $push,
  checkPush,
  disablePush,
  dismissOffer,
  dropPhone,
  enablePush,
  offerDismissed,
  PUSH_WORDS,
  type PushOffer,
  sendTestPush,
  setAlsoText,
} from '../stores/push.ts';
import { showToast } from '../stores/toast.ts';
import { useFocusOn } from './useFocus.ts';
import { focusedControl, useFocusBack } from './useFocusBack.ts';
import './wizard.css';
import './dashboard.css';
import './push.css';

/**
 * Notifications on this phone (docs/PRODUCT.md "Notifications on the phone"): the offer
 * made when it helps (the professional's Job Requests, a customer's first request just sent) and
 * the card in every Profile. Nothing shows where this browser cannot have notifications.
 */

/**
 * An offer to turn notifications on: "Turn on" and "Not now" (remembered on this phone). Shown
 * only while they are off (or blocked, saying so); once turned on it says so in its place, where
 * focus stays, and is gone on the next visit.
 */
export function PushOfferCard({
  offer,
  text,
  className = 'card dash-card',
  onDismiss,
  reveal = false,
}: {
  offer: PushOffer;
  /** "Get a notification on this phone for new requests". */
  text: string;
  className?: string;
  onDismiss?: () => void;
  /** Brought into view when it appears (the customer's offer appears while they look at the list below it); focus stays. */
  reveal?: boolean;
}) {
  const push = useStore($push);
  const headingId = useId();
  // Read in an effect: the pre-rendered page knows nothing of this phone.
  const [dismissed, setDismissed] = useState(true);
  const [turnedOn, setTurnedOn] = useState(false);
  const [tapped, setTapped] = useState(false);
  const done = useFocusOn<HTMLParagraphElement>(turnedOn);
  useEffect(() => {
    setDismissed(offerDismissed(offer));
    void checkPush();
  }, [offer]);

  const busy = push.state === 'busy';
  // Before the first check (busy without a tap) nothing shows: no offer flashes and goes.
  const shown = !dismissed && (push.state === 'off' || push.state === 'blocked' || (busy && tapped));
  const card = useRef<HTMLElement>(null);
  useEffect(() => {
    if (shown && reveal) card.current?.scrollIntoView({ block: 'nearest' });
  }, [shown, reveal]);

  if (turnedOn)
    return (
      <p ref={done} tabIndex={-1} role="status" className={`${className} push-done`}>
        {PUSH_WORDS.on} You can turn them off in Profile.
      </p>
    );
  if (!shown) return null;

  async function turnOn() {
    setTapped(true);
    const outcome = await enablePush();
    if (outcome.ok) setTurnedOn(true);
  }

  function notNow() {
    dismissOffer(offer);
    setDismissed(true);
    onDismiss?.();
  }

  return (
    <section ref={card} className={`${className} push-offer`} aria-labelledby={headingId}>
      <h2 id={headingId} className="push-title">
        {text}
      </h2>
      {push.state === 'blocked' ? (
        <p>{PUSH_WORDS.blocked}</p>
      ) : (
        <p className="field-hint">Free, and it shows even when ServiceConnect is closed.</p>
      )}
      {push.error && push.state !== 'blocked' ? (
        <p role="alert" className="form-problem">
          {push.error}
        </p>
      ) : null}
      <div className="form-actions">
        {push.state === 'blocked' ? null : (
          <button type="button" className="btn action-button" disabled={busy} onClick={() => void turnOn()}>
            {busy ? 'Turning on...' : tapped && push.error ? 'Try again' : 'Turn on'}
          </button>
        )}
        <button type="button" className="btn btn-line action-button" disabled={busy} onClick={notNow}>
          {push.state === 'blocked' ? 'Close' : 'Not now'}
        </button>
      </div>
    </section>
  );
}

/** Profile: "Notifications on this phone": on/off for this phone, a test, the account's other phones, "Also text me". */
export function PushSettings({ className = 'card dash-card' }: { className?: string }) {
  const push = useStore($push);
  const id = useId();
  const [saving, setSaving] = useState<'test' | 'text' | null>(null);
  // What was tapped shows at once, while the server answers (the browser's question included).
  const [wantOn, setWantOn] = useState<boolean | null>(null);
  const [wantText, setWantText] = useState<boolean | null>(null);
  // Turning on failed (or gave up): its words end with "Tap Try again", so there is one.
  const [failedOn, setFailedOn] = useState(false);
  const title = useRef<HTMLHeadingElement>(null);
  // A control disabled while its action runs: focus comes back to it afterwards.
  const origin = useFocusBack<HTMLElement>(push.state === 'busy' || saving !== null);
  useEffect(() => {
    void checkPush();
  }, []);

  const others = push.devices?.devices.filter((d) => d.endpoint !== push.endpoint) ?? [];
  // A browser without notifications still lists the account's phones, to drop a lost one.
  if (push.state === 'unsupported' && !others.length) return null;
  const busy = push.state === 'busy';
  const on = push.state === 'on';

  async function toggle() {
    origin.current = focusedControl();
    setWantOn(!on);
    const outcome = on ? await disablePush() : await enablePush();
    setWantOn(null);
    setFailedOn(!on && !outcome.ok);
    if (outcome.ok) showToast({ title: outcome.message, variant: 'success' });
  }

  async function act(what: 'test' | 'text', run: () => ReturnType<typeof sendTestPush>) {
    origin.current = focusedControl();
    setSaving(what);
    const outcome = await run();
    setSaving(null);
    showToast({ title: outcome.message, variant: outcome.ok ? 'success' : 'destructive' });
  }

  return (
    <section className={`${className} push-settings`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={title} tabIndex={-1}>
        Notifications on this phone
      </h2>
      <p className="field-hint" id={`${id}-hint`}>
        A notification when a booking needs you: a new request, an answer, a change of time. Free; a text message goes
        instead when no phone of yours showed it.
      </p>
      {push.state === 'unsupported' ? (
        <p className="push-blocked">{PUSH_WORDS.unsupported}</p>
      ) : push.state === 'blocked' ? (
        <p className="push-blocked">{PUSH_WORDS.blocked}</p>
      ) : (
        <div className="choices">
          <label className="choice">
            <input
              type="checkbox"
              checked={wantOn ?? on}
              disabled={busy}
              aria-describedby={`${id}-hint`}
              onChange={() => void toggle()}
            />
            {busy ? 'Notifications on this phone (changing...)' : 'Notifications on this phone'}
          </label>
        </div>
      )}
      {push.error && push.state !== 'blocked' ? (
        <p role="alert" className="form-problem">
          {push.error}
        </p>
      ) : null}
      {failedOn && push.state === 'off' ? (
        <div className="form-actions">
          <button type="button" className="btn action-button" onClick={() => void toggle()}>
            Try again
          </button>
        </div>
      ) : null}
      {on ? (
        <div className="form-actions">
          <button
            type="button"
            className="btn btn-line action-button"
            disabled={saving !== null}
            onClick={() => void act('test', sendTestPush)}
          >
            {saving === 'test' ? 'Sending...' : 'Send a test notification'}
          </button>
        </div>
      ) : null}
      {push.devices ? (
        <>
          {others.length === 0 ? (
            <p>No other phone gets notifications from this account.</p>
          ) : (
            <OtherPhones phones={others} title={title} />
          )}
          <div className="choices">
            <label className="choice">
              <input
                type="checkbox"
                checked={wantText ?? push.devices.alsoText}
                disabled={saving !== null}
                aria-describedby={`${id}-text`}
                onChange={(event) => {
                  const alsoText = event.target.checked;
                  setWantText(alsoText);
                  void act('text', () => setAlsoText(alsoText)).then(() => setWantText(null));
                }}
              />
              Also text me
            </label>
          </div>
          <p className="field-hint" id={`${id}-text`}>
            Texts come even when a phone showed the notification.
          </p>
        </>
      ) : null}
    </section>
  );
}

/**
 * The account's other phones with notifications, by the name their browser gave ("Chrome on
 * Android"), when each was turned on and last used, and Remove for a lost one
 * (docs/PRODUCT.md "Notifications on the phone").
 */
function OtherPhones({ phones, title }: { phones: PushDevice[]; title: RefObject<HTMLHeadingElement | null> }) {
  const id = useId();
  const [removing, setRemoving] = useState<number | null>(null);
  const list = useRef<HTMLUListElement>(null);
  // After a removal, focus goes to the Remove now in the removed row's place (or the one before it),
  // or to the card's title when none is left: never lost with the removed row.
  const focusAt = useRef<number | null>(null);
  useEffect(() => {
    if (focusAt.current === null || removing !== null) return;
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>('button') ?? [];
    buttons[Math.min(focusAt.current, phones.length - 1)]?.focus();
    focusAt.current = null;
  }, [phones.length, removing]);

  async function remove(phone: PushDevice, index: number) {
    setRemoving(phone.id);
    const outcome = await dropPhone(phone.id);
    if (outcome.ok) {
      focusAt.current = index;
      if (phones.length === 1) title.current?.focus();
    }
    setRemoving(null);
    showToast({ title: outcome.message, variant: outcome.ok ? 'success' : 'destructive' });
  }

  return (
    <>
      <h3 id={id} className="push-phones-title">
        Other phones with notifications from this account
      </h3>
      <ul ref={list} className="push-phones" aria-labelledby={id}>
        {phones.map((phone, index) => {
          const when = `Added ${shortDate(new Date(phone.createdAt))}, last used ${shortDate(new Date(phone.lastUsedAt))}`;
          return (
            <li key={phone.id} className="push-phone">
              <span className="push-phone-text">
                <span className="push-phone-name">{phone.device}</span>
                <span className="field-hint">{when}</span>
              </span>
              <button
                type="button"
                className="btn btn-line action-button"
                disabled={removing === phone.id}
                aria-label={`Remove ${phone.device} (${when.toLowerCase()})`}
                onClick={() => void remove(phone, index)}
              >
                {removing === phone.id ? 'Removing...' : 'Remove'}
              </button>
            </li>
          );
        })}
      </ul>
      <p className="field-hint">A phone you lost or gave away: Remove it, and it gets nothing more.</p>
    </>
  );
}
