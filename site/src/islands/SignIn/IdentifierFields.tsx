import { useId } from 'react';
import { PasswordField } from '../../ui/kit.tsx';
import { useHydrated } from '../../ui/useHydrated.ts';

/**
 * Email or phone, and the password; `problemId` names the problem shown under the form, if any.
 * Both identifier fields are in the page and the chosen one shows (forms.css), so a choice made
 * before the island hydrated shows its field at once; once hydrated, `hidden` does the same where
 * the browser has no :has().
 */
export function IdentifierFields({ method, problemId }: { method: 'email' | 'phone'; problemId: string | undefined }) {
  const ready = useHydrated();
  const ids = { email: useId(), phone: useId(), password: useId() };
  return (
    <>
      <div className="auth-field auth-by-email" hidden={ready && method !== 'email'}>
        <label htmlFor={ids.email}>Email</label>
        <input
          id={ids.email}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="username"
          maxLength={254}
          required
          aria-describedby={problemId}
        />
      </div>
      <div className="auth-field auth-by-phone" hidden={ready && method !== 'phone'}>
        <label htmlFor={ids.phone}>Phone number</label>
        <input
          id={ids.phone}
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={19}
          placeholder="0241234567"
          required
          aria-describedby={problemId}
        />
      </div>
      <PasswordField id={ids.password} describedBy={problemId} />
    </>
  );
}
