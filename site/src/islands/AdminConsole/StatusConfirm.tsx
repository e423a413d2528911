import { useState } from 'react';
import type { MouseEvent, ReactNode } from 'react';
import type { AdminUser } from '../../../../contract/admin.ts';
import { setUserStatus } from './admin-actions.ts';
import { ConfirmDialog } from '../../ui/kit.tsx';
import { statusQuestion } from './confirmations.ts';
import type { useAction } from './useAction.ts';

type Account = Pick<AdminUser, 'id' | 'name' | 'type' | 'status'>;

/**
 * Suspend and Activate ask first: `ask(account, next)` is the button's click handler,
 * `dialog` the question to render. Only Confirm sends the change; focus then goes back to the
 * button, which now offers the opposite.
 */
export function useStatusConfirm(
  run: ReturnType<typeof useAction>['run'],
  after: () => void,
): {
  ask: (account: Account, next: 'active' | 'suspended') => (event: MouseEvent<HTMLButtonElement>) => void;
  dialog: ReactNode;
} {
  const [asking, setAsking] = useState<{ account: Account; next: 'active' | 'suspended'; opener: HTMLElement } | null>(
    null,
  );
  const ask = (account: Account, next: 'active' | 'suspended') => (event: MouseEvent<HTMLButtonElement>) =>
    setAsking({ account, next, opener: event.currentTarget });
  const dialog = asking ? (
    <ConfirmDialog
      {...statusQuestion(asking.account, asking.next)}
      onCancel={() => setAsking(null)}
      onConfirm={() => {
        const { account, next, opener } = asking;
        setAsking(null);
        void run(`status-${account.id}`, () => setUserStatus(account.id, next), { after, focusBack: opener });
      }}
    />
  ) : null;
  return { ask, dialog };
}
