import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { SessionUser } from '../../../contract/account-types.ts';
import { signOutHere } from '../stores/sign-out.ts';
import './account-menu.css';

/**
 * The general screen (/dashboard) from a role's own dashboard (docs/PRODUCT.md "Dashboards"): its
 * Analytics for customers and professionals (affiliates have none), and the screen itself.
 */
export function generalScreenLinks(userType: SessionUser['userType']): { href: string; label: string }[] {
  return [
    ...(userType === 'affiliate' ? [] : [{ href: '/dashboard?tab=analytics', label: 'Analytics' }]),
    { href: '/dashboard', label: 'General dashboard' },
  ];
}

/** Sign out here, then go to /signin (replacing history). */
export async function signOutAndLeave(): Promise<void> {
  await signOutHere();
  window.location.replace('/signin');
}

/** A place in the dashboard the menu opens (a tab). */
export interface AccountMenuItem {
  label: string;
  onSelect: () => void;
}

/**
 * The account menu every role's dashboard has (docs/PRODUCT.md "Dashboards"): a button with the
 * person's first name opening their places (`items`), the general screen's links, and Sign out.
 */
export function AccountMenu({
  name,
  userType,
  items,
}: {
  name: string;
  userType: SessionUser['userType'];
  items: AccountMenuItem[];
}) {
  const [open, setOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  // The menu opens under its button towards the page's middle: to the left of a button at the right
  // edge (wide screens), to the right of one the phone's narrow header wrapped to the left.
  const [fromStart, setFromStart] = useState(false);
  useLayoutEffect(() => {
    if (!open || !root.current) return;
    const button = root.current.getBoundingClientRect();
    setFromStart(button.left + button.width / 2 < document.documentElement.clientWidth / 2);
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  function go(item: AccountMenuItem) {
    item.onSelect();
    setOpen(false);
    toggle.current?.focus();
  }

  async function onSignOut() {
    setLeaving(true);
    await signOutAndLeave();
  }

  return (
    <div
      className="account-menu"
      ref={root}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          setOpen(false);
          toggle.current?.focus();
        }
      }}
    >
      <button
        ref={toggle}
        type="button"
        className="btn btn-sm btn-line action-button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
      >
        {name} <span aria-hidden="true">▾</span>
        <span className="sr-only"> account menu</span>
      </button>
      <ul
        id={menuId}
        className={fromStart ? 'account-menu-list is-start' : 'account-menu-list'}
        role="list"
        hidden={!open}
      >
        {items.map((item) => (
          <li key={item.label}>
            <button type="button" onClick={() => go(item)}>
              {item.label}
            </button>
          </li>
        ))}
        {generalScreenLinks(userType).map((link) => (
          <li key={link.href}>
            <a className="in-text" href={link.href}>
              {link.label}
            </a>
          </li>
        ))}
        <li>
          <button type="button" onClick={() => void onSignOut()} disabled={leaving}>
            {leaving ? 'Signing out...' : 'Sign out'}
          </button>
        </li>
      </ul>
    </div>
  );
}
