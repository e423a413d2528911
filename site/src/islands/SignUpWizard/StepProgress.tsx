import type { Step } from './store.ts';
import { stepProgress } from './steps.ts';

/** The numbered list of the three steps above the form. */
export function StepProgress({ step }: { step: Step }) {
  return (
    <ol className="wizard-steps" aria-label="Sign-up progress">
      {stepProgress(step).map(({ name, number, current, done }) => (
        <li key={name} aria-current={current ? 'step' : undefined} data-done={done || undefined}>
          <span className="wizard-num" aria-hidden="true">
            {number}
          </span>{' '}
          {name}
          {done ? <span className="sr-only"> (done)</span> : null}
        </li>
      ))}
    </ol>
  );
}
