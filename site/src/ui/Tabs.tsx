import { useRef } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { unreadName } from '../stores/unread.ts';
import { UnreadBadge } from './UnreadBadge.tsx';

export interface TabItem<T extends string> {
  id: T;
  label: string;
  /** What arrived unseen for this tab (issue #18): a badge, and ", N unread" in the tab's name. */
  unread?: number;
}

interface Props<T extends string> {
  /** Names the tab list for screen readers. */
  label: string;
  /** Prefix for the tab and panel ids (unique on the page). */
  idPrefix: string;
  tabs: readonly TabItem<T>[];
  active: T;
  onChange: (id: T) => void;
  children: ReactNode;
}

/**
 * WAI-ARIA tabs with automatic activation: one tab stop, arrow keys (and Home/End) move between
 * tabs, the panel below is labelled by the active tab. The caller renders the active panel only.
 */
export function Tabs<T extends string>({ label, idPrefix, tabs, active, onChange, children }: Props<T>) {
  const list = useRef<HTMLDivElement>(null);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((t) => t.id === active);
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : -1;
    const tab = tabs[next];
    if (!tab) return;
    event.preventDefault();
    onChange(tab.id);
    list.current?.querySelector<HTMLButtonElement>(`#${idPrefix}-tab-${tab.id}`)?.focus();
  }

  return (
    <>
      <div role="tablist" aria-label={label} className="pd-tabs" ref={list} onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${tab.id}`}
            aria-selected={tab.id === active}
            aria-controls={`${idPrefix}-panel`}
            tabIndex={tab.id === active ? 0 : -1}
            aria-label={unreadName(tab.label, tab.unread)}
            onClick={() => onChange(tab.id)}
          >
            {tab.label}
            <UnreadBadge count={tab.unread} />
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${idPrefix}-panel`}
        aria-labelledby={`${idPrefix}-tab-${active}`}
        className="pd-panel"
        tabIndex={0}
      >
        {children}
      </div>
    </>
  );
}
