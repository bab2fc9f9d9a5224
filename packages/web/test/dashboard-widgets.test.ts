import { describe, expect, it } from 'vitest';
import { cellFormattersOf, csvOf } from '../src/dashboards/column-format.js';
import { runInputOf, type Widget } from '../src/dashboards/dashboard-model.js';
import { gridPropsOf } from '../src/dashboards/grid-layouts.js';
import { chartSpecOf } from '../src/dashboards/vega-chart.js';

const chart = (id: string, x: number, y: number, w = 6, h = 4): Widget => ({
  id,
  type: 'CHART',
  position: { x, y, w, h },
  config: { reportId: 1 },
});

describe('the dashboard grid', () => {
  it('keeps positions where the grid is wide enough, scales them below, stacks them on a phone', () => {
    const widgets = [
      chart('b', 6, 0),
      chart('a', 0, 0),
      { ...chart('c', 0, 4, 12, 2), responsiveLayouts: { xxs: { x: 0, y: 9, w: 1, h: 3 } } },
    ];
    const grid = gridPropsOf({ cols: { lg: 12, md: null }, margin: [4], rowHeight: 30 }, widgets);
    expect(grid.cols).toEqual({ lg: 12, md: 10, sm: 6, xs: 4, xxs: 2 });
    expect(grid.margin).toEqual([4, 4]);
    expect(grid.containerPadding).toEqual([4, 4]);
    expect(grid.rowHeight).toBe(30);
    expect(grid.layouts.lg).toEqual([
      { i: 'a', x: 0, y: 0, w: 6, h: 4 },
      { i: 'b', x: 6, y: 0, w: 6, h: 4 },
      { i: 'c', x: 0, y: 4, w: 12, h: 2 },
    ]);
    expect(grid.layouts.md.find((item) => item.i === 'b')).toEqual({ i: 'b', x: 5, y: 0, w: 5, h: 4 });
    expect(grid.layouts.xs).toEqual([
      { i: 'a', x: 0, y: 0, w: 4, h: 4 },
      { i: 'b', x: 0, y: 4, w: 4, h: 4 },
      { i: 'c', x: 0, y: 8, w: 4, h: 2 },
    ]);
    expect(grid.layouts.xxs.find((item) => item.i === 'c')).toEqual({ i: 'c', x: 0, y: 9, w: 1, h: 3 });
  });
});

describe('the controls', () => {
  it('gives each chart the filters and the time grain of the controls that apply to it', () => {
    const widgets: Widget[] = [
      chart('one', 0, 0),
      chart('two', 6, 0),
      {
        id: 'f',
        type: 'FILTER',
        position: { x: 0, y: 0, w: 1, h: 1 },
        config: { member: 'orders.status', appliesTo: ['one'] },
      },
      { id: 'g', type: 'TIME_GRAIN', position: { x: 0, y: 0, w: 1, h: 1 }, config: { grain: 'month' } },
    ];
    const filter = { member: 'orders.status', operator: 'equals' as const, values: ['completed'] };
    const values = { filters: { f: filter }, timeGrains: { g: 'year' as const } };
    expect(runInputOf(widgets, values, 'one')).toEqual({ filters: [filter], timeGrain: 'year' });
    expect(runInputOf(widgets, values, 'two')).toEqual({ timeGrain: 'year' });
    expect(runInputOf(widgets, { filters: {}, timeGrains: {} }, 'two')).toEqual({});
  });
});

describe('column formats', () => {
  const schema = [
    { name: 'orders.channel', column_type: 'string' as const },
    { name: 'price', column_type: 'number' as const },
    { name: 'share', column_type: 'number' as const },
    { name: 'count', column_type: 'number' as const },
  ];
  it('formats currency, percent and numbers with their decimal places; text as it is', () => {
    const formatters = cellFormattersOf(schema, {
      columnFormats: {
        price: { type: 'currency', decimalPlaces: 2 },
        share: { type: 'percent', decimalPlaces: 1 },
        count: { type: 'number', decimalPlaces: 0 },
      },
    });
    expect(formatters['orders.channel']?.('web')).toBe('web');
    expect(formatters.price?.('1234.5')).toBe(
      new Intl.NumberFormat(undefined, {
        style: 'currency',
        currency: 'USD',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }).format(1234.5),
    );
    expect(formatters.share?.(0.1234)).toBe(
      new Intl.NumberFormat(undefined, {
        style: 'percent',
        minimumFractionDigits: 1,
        maximumFractionDigits: 1,
      }).format(0.1234),
    );
    expect(formatters.count?.('12.6')).toBe('13');
    expect(formatters.count?.(null)).toBe('');
  });

  it('writes CSV with quoting and no formula a spreadsheet would run', () => {
    const csv = csvOf({
      schema: schema.slice(0, 2),
      data: [
        { 'orders.channel': 'a,"b"', price: 1 },
        { 'orders.channel': '=HYPERLINK("x")', price: -2 },
      ],
      totalRows: 2,
      sqlQuery: '',
    });
    expect(csv).toBe('orders.channel,price\r\n"a,""b""",1\r\n"\'=HYPERLINK(""x"")",-2\r\n');
  });
});

describe('chart specs', () => {
  it('binds the rows and titles escaped column names without the backslash', () => {
    const rows = [{ 'orders.status': 'completed', 'orders.count': 3 }];
    const spec = chartSpecOf(
      {
        mark: 'bar',
        encoding: {
          x: { field: 'orders\\.status', type: 'nominal' },
          y: { field: 'orders\\.count', type: 'quantitative', title: 'Orders' },
        },
      },
      rows,
      {},
    );
    expect(spec.datasets).toEqual({ report: rows });
    expect(spec.encoding).toEqual({
      x: { field: 'orders\\.status', type: 'nominal', title: 'orders.status' },
      y: { field: 'orders\\.count', type: 'quantitative', title: 'Orders' },
    });
  });
});
