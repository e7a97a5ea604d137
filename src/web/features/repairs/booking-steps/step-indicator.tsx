import { REPAIR_STEPS } from '../../../../shared/repairs';

/** The six steps as bars, done and current filled; a screen reader hears each step's name and state. */
export function StepIndicator({ step }: { step: number }) {
  return (
    <ol className="flex gap-2" aria-label="Booking steps">
      {REPAIR_STEPS.map((s, i) => {
        const state = i + 1 < step ? 'done' : i + 1 === step ? 'current' : 'todo';
        return (
          <li
            key={s.title}
            aria-current={state === 'current' ? 'step' : undefined}
            className={`h-1.5 flex-1 rounded-full ${state === 'todo' ? 'bg-slate-200' : 'bg-brand-600'}`}
          >
            <span className="sr-only">
              Step {i + 1}: {s.title}
              {state === 'done' ? ' (done)' : ''}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
