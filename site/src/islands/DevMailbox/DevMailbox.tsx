import type { ReactNode } from 'react';
import { dateTimeLabel } from '../../../../contract/dates.ts';
import { apiFetch } from '../../lib/api.ts';
import { useLoad } from '../../lib/load.ts';
import { AppShell } from '../../ui/AppShell.tsx';
import '../../ui/forms.css';
import { DEV_PATHS, type MailboxAnswer } from '../../../../contract/dev.ts';

const CHANNEL_NAMES: Record<string, string> = { email: 'Email', sms: 'SMS', whatsapp: 'WhatsApp' };

const URL_PATTERN = /(https?:\/\/[^\s<>"']+)/g;

/** The text with its web addresses as links (same site only; others stay plain text). */
function linkify(text: string): ReactNode[] {
  return text.split(URL_PATTERN).map((part, i) => {
    if (i % 2 === 0) return part;
    let href: string | null = null;
    try {
      const url = new URL(part);
      // The sender may have guessed another port or host name for this server (localhost vs
      // 127.0.0.1): keep local links on the server this page came from.
      const local = url.origin === window.location.origin || ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
      href = local ? `${url.pathname}${url.search}${url.hash}` : url.href;
    } catch {
      href = null;
    }
    return href ? (
      <a key={i} href={href}>
        {part}
      </a>
    ) : (
      part
    );
  });
}

function Mailbox() {
  const { load, retry, pending, staleReason } = useLoad(
    'dev-mailbox',
    () => apiFetch<MailboxAnswer>(DEV_PATHS.mailbox),
    {
      failure: (error) => (error instanceof Error ? error.message : 'Could not read the mailbox.'),
      keepShown: true,
    },
  );
  const busy = pending || load.state === 'loading';
  const problem = load.state === 'failed' ? load.message : staleReason;
  const messages = load.state === 'loaded' ? (Array.isArray(load.data.messages) ? load.data.messages : []) : null;

  return (
    <div aria-busy={busy}>
      <button type="button" className="btn btn-line auth-button" onClick={retry} disabled={busy}>
        {busy ? 'Loading...' : 'Refresh'}
      </button>
      {problem ? (
        <p className="auth-error" role="alert">
          {problem}
        </p>
      ) : null}
      {messages && messages.length === 0 ? <p role="status">No messages yet.</p> : null}
      {messages && messages.length > 0 ? (
        <ol className="auth-list" aria-label="Messages, newest first">
          {messages.map((m) => (
            <li key={m.id} className="card">
              <article aria-label={m.subject}>
                <h2 className="auth-mail-subject">{m.subject}</h2>
                <p className="auth-hint">
                  <strong>{CHANNEL_NAMES[m.channel] ?? m.channel}</strong> · To {m.to}
                  {/* Without SMTP the log "delivers" email, so only a failure is worth showing. */}
                  {m.status === 'failed' ? ' · delivery failed' : ''} ·{' '}
                  <time dateTime={m.createdAt}>{dateTimeLabel(new Date(m.createdAt))}</time>
                </p>
                <p className="auth-pre">{linkify(m.text)}</p>
              </article>
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}

/** /dev-mailbox: what the development notifier "sent" (password reset links land here). */
export default function DevMailbox() {
  return (
    <AppShell name="dev mailbox">
      <Mailbox />
    </AppShell>
  );
}
