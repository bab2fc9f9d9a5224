import { useEffect, useRef, useState } from 'react';

/** The named data source a report's spec reads (the server binds the same name when it checks a spec). */
const reportDataName = 'report';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Result columns are named like `orders.count`, which a spec must escape (`orders\\.count`) because Vega
 * reads a dot as a nested field; an axis or legend without its own title would show the backslash, so
 * such channels are titled with the column's name.
 */
function titledEncoding(encoding: unknown): unknown {
  if (!isRecord(encoding)) return encoding;
  return Object.fromEntries(
    Object.entries(encoding).map(([channel, definition]) =>
      isRecord(definition) &&
      typeof definition.field === 'string' &&
      definition.field.includes('\\') &&
      definition.title === undefined
        ? [channel, { ...definition, title: definition.field.replaceAll('\\', '') }]
        : [channel, definition],
    ),
  );
}

/** The spec with the rows bound to its named source (or `report` when it names none), sized to its box. */
export function chartSpecOf(
  spec: string | Record<string, unknown>,
  rows: readonly Record<string, unknown>[],
  config: Record<string, unknown>,
): Record<string, unknown> {
  const parsed: unknown = typeof spec === 'string' ? JSON.parse(spec) : spec;
  if (!isRecord(parsed)) throw new Error('the chart spec is not a Vega-Lite document');
  const data = isRecord(parsed.data) ? parsed.data : { name: reportDataName };
  const name = typeof data.name === 'string' ? data.name : reportDataName;
  return {
    width: 'container',
    height: 'container',
    autosize: { type: 'fit', contains: 'padding' },
    ...parsed,
    ...(parsed.encoding === undefined ? {} : { encoding: titledEncoding(parsed.encoding) }),
    data,
    datasets: { ...(isRecord(parsed.datasets) ? parsed.datasets : {}), [name]: rows },
    config: { ...config, ...(isRecord(parsed.config) ? parsed.config : {}) },
  };
}

/** Starts loading Vega (once) before a chart needs it: while the widget runs are still on their way. */
export function preloadVega(): void {
  import('./vega-render.js').catch(() => {
    // The chart that needs it reports the failure when it draws.
  });
}

type DrawState = { state: 'drawing' } | { state: 'drawn' } | { state: 'error'; message: string };

/** A Vega-Lite chart; `data-chart-state` says when it has drawn (what tests and the benchmark wait for). */
export function VegaChart({
  spec,
  rows,
  config,
  label,
}: {
  spec: string | Record<string, unknown>;
  rows: readonly Record<string, unknown>[];
  config: Record<string, unknown>;
  label: string;
}) {
  const element = useRef<HTMLDivElement>(null);
  const [draw, setDraw] = useState<DrawState>({ state: 'drawing' });
  useEffect(() => {
    const target = element.current;
    if (!target) return;
    let isCurrent = true;
    let view: { finalize(): void } | null = null;
    setDraw({ state: 'drawing' });
    (async () => {
      const fullSpec = chartSpecOf(spec, rows, config);
      const { drawVegaLite } = await import('./vega-render.js');
      if (!isCurrent) return;
      const drawn = await drawVegaLite(target, fullSpec);
      if (!isCurrent) {
        drawn.finalize();
        return;
      }
      view = drawn;
      setDraw({ state: 'drawn' });
    })().catch((error: unknown) => {
      if (isCurrent)
        setDraw({ state: 'error', message: error instanceof Error ? error.message : String(error) });
    });
    return () => {
      isCurrent = false;
      view?.finalize();
    };
  }, [spec, rows, config]);
  return (
    <div className="chart" data-chart-state={draw.state} data-rows={rows.length}>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the chart is reachable by keyboard to read its label. */}
      <figure className="chart-figure" aria-label={label} tabIndex={0}>
        <div ref={element} className="chart-canvas" />
      </figure>
      {draw.state === 'error' ? (
        <p className="error" role="alert">
          The chart could not be drawn: {draw.message}
        </p>
      ) : null}
    </div>
  );
}
