import { describe, expect, it } from 'vitest';
import { csvFileName, type ReportRunResult, toCsv } from '../src/reports/report-csv.js';
import { routeOf, sameOriginPath } from '../src/routing/routes.js';
import { canDownloadData } from '../src/session/rights.js';

function result(data: ReportRunResult['data']): ReportRunResult {
  return {
    schema: [
      { name: 'orders.status', column_type: 'string' },
      { name: 'orders.count', column_type: 'number' },
    ],
    data,
    totalRows: data.length,
    sqlQuery: 'select 1',
  };
}

describe('the CSV of a report run', () => {
  it('writes the header and each row, quoting what needs it (RFC 4180, CRLF)', () => {
    const csv = toCsv(
      result([
        { 'orders.status': 'shipped', 'orders.count': 12 },
        { 'orders.status': 'on "hold", late', 'orders.count': null },
        { 'orders.status': 'two\nlines', 'orders.count': '7' },
      ]),
    );
    expect(csv).toBe(
      'orders.status,orders.count\r\nshipped,12\r\n"on ""hold"", late",\r\n"two\nlines",7\r\n',
    );
  });

  it('keeps a spreadsheet from running text as a formula, but leaves negative numbers alone', () => {
    const csv = toCsv(
      result([
        { 'orders.status': '=HYPERLINK("x")', 'orders.count': -3 },
        { 'orders.status': '@sum', 'orders.count': 1 },
      ]),
    );
    expect(csv.split('\r\n').slice(1, 3)).toEqual([`"'=HYPERLINK(""x"")",-3`, "'@sum,1"]);
  });

  it('names the file after the report', () => {
    expect(csvFileName('Orders by status (2024)')).toBe('orders-by-status-2024.csv');
    expect(csvFileName('***')).toBe('report.csv');
  });
});

describe('the rights the pages read', () => {
  it('offers CSV only to a credential with DownloadData', () => {
    expect(canDownloadData({ actions: ['ContentRead', 'DownloadData'] })).toBe(true);
    expect(canDownloadData({ actions: ['ContentRead'] })).toBe(false);
  });
});

describe('the routes of the pages', () => {
  it('parses every page path and refuses the rest', () => {
    expect(routeOf('/')).toEqual({ page: 'home', deploymentId: null, folderId: null });
    expect(routeOf('/login')).toEqual({ page: 'login' });
    expect(routeOf('/device')).toEqual({ page: 'device' });
    expect(routeOf('/deployments/4/folders/9')).toEqual({ page: 'home', deploymentId: 4, folderId: 9 });
    expect(routeOf('/deployments/4/workbooks/2')).toEqual({
      page: 'workbook',
      deploymentId: 4,
      workbookId: 2,
    });
    expect(routeOf('/deployments/4/reports/3')).toEqual({ page: 'report', deploymentId: 4, reportId: 3 });
    for (const path of ['/deployments/x', '/deployments/4/reports', '/deployments/4/reports/0', '/nope']) {
      expect(routeOf(path).page, path).toBe('notFound');
    }
  });

  it('sends a user after sign-in only to a path of this site', () => {
    const origin = 'https://platform.example.com';
    expect(sameOriginPath('/deployments/4?x=1', origin)).toBe('/deployments/4?x=1');
    for (const next of [
      null,
      '',
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
    ]) {
      expect(sameOriginPath(next, origin), String(next)).toBe('/');
    }
  });
});
