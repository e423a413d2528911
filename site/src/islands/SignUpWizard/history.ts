import { useEffect, useRef } from 'react';
import { $signup, goToStep, resumeAt } from './store.ts';
import type { Step } from './store.ts';

/**
 * Each step of the wizard is a history entry, so the phone's Back button goes to the previous step
 * (and Forward to the next) instead of leaving /signup. The entry's state is `{ signupStep, from }`:
 * `from` is the step of the entry just before it, set only on entries pushed by Continue, so the
 * wizard's own Back button can go back through history when (and only when) that is the step before.
 */
interface StepState {
  signupStep: Step;
  from?: Step;
}

const isStep = (value: unknown): value is Step => value === 1 || value === 2 || value === 3;

function entry(): StepState | null {
  const state = history.state as Partial<StepState> | null;
  return state && isStep(state.signupStep)
    ? { signupStep: state.signupStep, from: isStep(state.from) ? state.from : undefined }
    : null;
}

function write(state: StepState, push = false): void {
  // Keep whatever else the entry holds (the router of another script, scroll restoration).
  const next = { ...(history.state as object | null), ...state };
  if (push) history.pushState(next, '');
  else history.replaceState(next, '');
}

/** Moves the current history entry to an earlier step: back through history when it is the one before. */
function backTo(step: Step): void {
  const current = entry();
  if (current && current.signupStep > step && current.from === step) history.back();
  else write({ signupStep: step });
}

/**
 * Keeps the history in step with the wizard. Call it after the effect that restores the draft: on
 * mount the history entry's own step (a reload keeps it) wins over the draft's, and either is shown
 * only if the steps before it pass (the passwords do not survive a reload).
 */
export function useStepHistory(step: Step, busy: boolean): void {
  const shown = useRef<Step | null>(null);
  const busyRef = useRef(busy);
  busyRef.current = busy;

  useEffect(() => {
    const kept = entry();
    const wanted = kept?.signupStep ?? $signup.get().step;
    const step = resumeAt(wanted);
    shown.current = step;
    if (kept && step < kept.signupStep) backTo(step);
    else write({ signupStep: step, from: kept?.signupStep === step ? kept.from : undefined });

    function onPopState() {
      const target = entry()?.signupStep ?? 1;
      const current = $signup.get().step;
      if (target === current) {
        shown.current = current;
        return;
      }
      if (busyRef.current) {
        // Creating the account or paying: stay on step 3 (the entry left is put back).
        write({ signupStep: current, from: current > 1 ? ((current - 1) as Step) : undefined }, true);
        return;
      }
      const reached = goToStep(target);
      shown.current = reached;
      if (reached !== target) write({ signupStep: reached });
    }
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  // Continue pushes an entry; the wizard's Back (or a problem shown on an earlier step) goes back.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step shown changes; the step is read from the store
  useEffect(() => {
    const now = $signup.get().step;
    const was = shown.current;
    if (was === null || now === was) return;
    shown.current = now;
    if (now === was + 1) write({ signupStep: now, from: was }, true);
    else if (now < was) backTo(now);
    else write({ signupStep: now });
  }, [step]);
}
