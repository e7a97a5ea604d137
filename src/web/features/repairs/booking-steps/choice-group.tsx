import { useId, type ReactNode } from 'react';
import type { BookingForm } from '../booking-form';

/** Native radios in a fieldset: arrow keys move between them, the legend names the group. */
export function ChoiceGroup({
  form,
  name,
  legend,
  options,
  columns = 'sm:grid-cols-2',
}: {
  form: BookingForm;
  name: 'deviceType' | 'service' | 'timeframe';
  legend: string;
  options: { value: string; label: ReactNode }[];
  columns?: string;
}) {
  const error = form.formState.errors[name]?.message;
  const errorId = useId();
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="mb-3 text-sm font-medium text-slate-700">{legend}</legend>
      <div className={`grid gap-3 ${columns}`}>
        {options.map((option) => (
          <label
            key={option.value}
            className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-200 p-3 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
          >
            <input type="radio" value={option.value} {...form.register(name)} className="mt-0.5 accent-brand-600" />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="mt-2 text-sm text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
