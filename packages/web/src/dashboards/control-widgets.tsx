import type { QueryFilter } from '@platform/contract';
import { type FormEvent, useId, useState } from 'react';
import { filterControlOf, type TimeGrain, timeGrainControlOf, type Widget } from './dashboard-model.js';

/** A FILTER widget: a select of its `values` (or a text box without them); "All" sends no filter. */
export function FilterWidget({
  widget,
  title,
  initial,
  onChange,
}: {
  widget: Widget;
  title: string | null;
  /** The filter the dashboard opened with (a notification's), shown as the control's value. */
  initial: QueryFilter | null;
  onChange: (filter: QueryFilter | null) => void;
}) {
  const id = useId();
  const control = filterControlOf(widget);
  const initialValue = initial && 'values' in initial ? String(initial.values?.[0] ?? '') : '';
  const [draft, setDraft] = useState(initialValue);
  if (!control) return <p className="muted">This filter names no member.</p>;
  const label = title ?? control.member;
  const filterOf = (value: string): QueryFilter | null =>
    value === '' ? null : { member: control.member, operator: control.operator, values: [value] };
  if (control.values) {
    return (
      <div className="control">
        <label htmlFor={id}>{label}</label>
        <select
          id={id}
          defaultValue={initialValue}
          onChange={(event) => onChange(filterOf(event.target.value))}
        >
          <option value="">All</option>
          {control.values.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      </div>
    );
  }
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onChange(filterOf(draft.trim()));
  };
  return (
    <form className="control" onSubmit={apply}>
      <label htmlFor={id}>{label}</label>
      <input id={id} value={draft} onChange={(event) => setDraft(event.target.value)} />
      <button type="submit">Apply</button>
    </form>
  );
}

/** A TIME_GRAIN widget: the grain every chart it applies to groups its time dimensions by. */
export function TimeGrainWidget({
  widget,
  title,
  value,
  onChange,
}: {
  widget: Widget;
  title: string | null;
  value: TimeGrain | null;
  onChange: (grain: TimeGrain | null) => void;
}) {
  const id = useId();
  const control = timeGrainControlOf(widget);
  return (
    <div className="control">
      <label htmlFor={id}>{title ?? 'Time grain'}</label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(event) => onChange((event.target.value || null) as TimeGrain | null)}
      >
        {control.grain === null ? <option value="">As each report</option> : null}
        {control.grains.map((grain) => (
          <option key={grain} value={grain}>
            {grain}
          </option>
        ))}
      </select>
    </div>
  );
}
