import { useRef } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { unreadName } from '../stores/unread.ts';
import { UnreadBadge } from './UnreadBadge.tsx';
import './tabs.css';

export interface TabItem<T extends string> {
  id: T;
  label: string;
  /** What arrived unseen for this tab: a badge, and ", N unread" in the tab's name. */
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
  /** A class beside `tabs` on the list, for a screen's own looks (the customer dashboard's). */
  className?: string;
  /**
   * Whether the panel is a tab stop of its own (WAI-ARIA's advice for a panel that may hold
   * nothing focusable). False for tabs inside another tab's panel, which is that stop already.
   */
  panelStop?: boolean;
}

/** The index an arrow key (round the ends), Home or End moves to from `index`; -1 for any other key. */
export function tabAfterKey(key: string, index: number, count: number): number {
  const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: count - 1 };
  return key in moves ? (moves[key] + count) % count : -1;
}

/** The id of a tab's button, to give it focus again from outside (after its panel's content changed). */
export const tabId = (idPrefix: string, id: string): string => `${idPrefix}-tab-${id}`;

/**
 * WAI-ARIA tabs with automatic activation: one tab stop, arrow keys (and Home/End) move between
 * tabs, the panel below is labelled by the active tab. The caller renders the active panel only.
 */
export function Tabs<T extends string>({
  label,
  idPrefix,
  tabs,
  active,
  onChange,
  children,
  className,
  panelStop = true,
}: Props<T>) {
  const list = useRef<HTMLDivElement>(null);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const tab =
      tabs[
        tabAfterKey(
          event.key,
          tabs.findIndex((t) => t.id === active),
          tabs.length,
        )
      ];
    if (!tab) return;
    event.preventDefault();
    onChange(tab.id);
    list.current?.querySelector<HTMLButtonElement>(`#${tabId(idPrefix, tab.id)}`)?.focus();
  }

  return (
    <>
      <div
        role="tablist"
        aria-label={label}
        className={className ? `tabs ${className}` : 'tabs'}
        ref={list}
        onKeyDown={onKeyDown}
      >
        {tabs.map((tab) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={tabId(idPrefix, tab.id)}
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
        aria-labelledby={tabId(idPrefix, active)}
        className="tab-panel"
        tabIndex={panelStop ? 0 : undefined}
      >
        {children}
      </div>
    </>
  );
}
