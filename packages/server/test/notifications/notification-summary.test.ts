import { describe, expect, it } from 'vitest';
import {
  renderControlValuesOf,
  runInputOf,
} from '../../src/modules/notifications/notification-render-controls.js';
import { summaryOf } from '../../src/modules/notifications/notification-summary.js';

describe('the e-mail summary', () => {
  const summary = summaryOf({
    notificationName: 'Daily <b>numbers</b>',
    dashboardTitle: 'Sales & "returns"',
    dashboardUrl: 'https://platform.example/dashboards/AbCdEf123456',
    widgets: [
      {
        widgetId: 'total',
        title: 'Revenue',
        kind: 'kpi',
        outcome: {
          kind: 'rows',
          result: { schema: [{ name: 'revenue', column_type: 'number' }], data: [{ revenue: 1234567.891 }] },
        },
      },
      {
        widgetId: 'by-name',
        title: 'Customers <script>alert(1)</script>',
        kind: 'table',
        outcome: {
          kind: 'rows',
          result: {
            schema: [
              { name: 'name', column_type: 'string' },
              { name: 'orders', column_type: 'number' },
            ],
            data: Array.from({ length: 12 }, (_, index) => ({ name: `<img src=x>${index}`, orders: index })),
          },
        },
      },
      {
        widgetId: 'broken',
        title: 'Broken',
        kind: 'table',
        outcome: { kind: 'failed', message: 'no warehouse' },
      },
    ],
  });

  it('lists single-value widgets as key numbers, formatted', () => {
    expect(summary.keyNumbers).toEqual([{ widgetId: 'total', title: 'Revenue', value: '1,234,567.89' }]);
    expect(summary.subject).toBe('Daily <b>numbers</b>: Sales & "returns"');
  });

  it('escapes every text it shows, and carries no script, image or stylesheet', () => {
    expect(summary.html).not.toMatch(/<script|<img|<style|<link/i);
    expect(summary.html).toContain('Customers &#60;script&#62;alert(1)&#60;/script&#62;');
    expect(summary.html).toContain('Sales &#38; &#34;returns&#34;');
    expect(summary.html).toContain('href="https://platform.example/dashboards/AbCdEf123456"');
  });

  it('shows the first 10 rows of a table and says how many there are; a failed widget says why', () => {
    expect(summary.html).toContain('&#60;img src=x&#62;9');
    expect(summary.html).not.toContain('&#60;img src=x&#62;10');
    expect(summary.html).toContain('10 of 12 rows shown.');
    expect(summary.html).toContain('Broken could not run: no warehouse');
    expect(summary.text).toContain('Revenue: 1,234,567.89');
    expect(summary.text).toContain('(10 of 12 rows shown)');
    expect(summary.text).toContain('Open the dashboard: https://platform.example/dashboards/AbCdEf123456');
  });
});

describe("a notification's control values", () => {
  const widgets = [
    { id: 'a', type: 'CHART', config: { reportId: 1 } },
    { id: 'b', type: 'CHART', config: { reportId: 2 } },
    {
      id: 'status',
      type: 'FILTER',
      config: { member: 'orders.status', operator: 'notEquals', appliesTo: ['a'] },
    },
    { id: 'country', type: 'FILTER', config: { member: 'orders.country' } },
    { id: 'grain', type: 'TIME_GRAIN', config: { grain: 'month', appliesTo: ['b'] } },
  ];

  it("fill each FILTER widget's member with the widget's operator unless the notification names one", () => {
    const values = renderControlValuesOf(
      widgets,
      [
        { widgetId: 'status', values: ['returned'] },
        { widgetId: 'country', operator: 'contains', values: ['DE'] },
        { widgetId: 'gone', values: ['x'] },
      ],
      null,
    );
    expect(values.filters).toEqual({
      status: { member: 'orders.status', operator: 'notEquals', values: ['returned'] },
      country: { member: 'orders.country', operator: 'contains', values: ['DE'] },
    });
    expect(runInputOf(widgets, values, 'a')).toEqual({
      filters: [values.filters.status, values.filters.country],
    });
    expect(runInputOf(widgets, values, 'b')).toEqual({
      filters: [values.filters.country],
      timeGrain: 'month',
    });
  });

  it("start TIME_GRAIN widgets at their own grain, replaced by the notification's", () => {
    const values = renderControlValuesOf(widgets, null, [{ widgetId: 'grain', grain: 'year' }]);
    expect(runInputOf(widgets, values, 'b')).toEqual({ timeGrain: 'year' });
    expect(runInputOf(widgets, values, 'a')).toEqual({});
  });
});
