import { createHash } from 'node:crypto';
import { type DashboardConfig, DashboardConfigInput } from '@platform/contract';
import * as z from 'zod';
import { AppError } from '../../errors/app-error.js';

/**
 * The config a publish stores: the body's, or the workbook's saved draft (which was stored free-form,
 * so it is validated here as a body would be). Defaults filled in: `kind` CLASSIC, `widgets` [].
 */
export function publishedConfigOf(
  bodyConfig: DashboardConfigInput | null | undefined,
  draft: unknown,
): DashboardConfig {
  let input: DashboardConfigInput;
  if (bodyConfig) input = bodyConfig;
  else if (draft !== undefined && draft !== null) {
    const parsed = DashboardConfigInput.safeParse(draft);
    if (!parsed.success) {
      throw new AppError(
        'BAD_REQUEST',
        `the workbook's saved dashboard draft is not a valid dashboard config: ${z.prettifyError(parsed.error)}`,
      );
    }
    input = parsed.data;
  } else {
    throw new AppError(
      'BAD_REQUEST',
      'nothing to publish: send a config, or save a draft first (PUT .../workbooks/{workbookId}/dashboard)',
    );
  }
  const kind = input.kind ?? 'CLASSIC';
  if (kind === 'APP') requireRunnableApp(input);
  return withoutNulls({ ...input, kind, widgets: input.widgets ?? [] }) as DashboardConfig;
}

/** An APP dashboard needs something to run: `app.html`, or `app.entry` naming one of `app.files`. */
function requireRunnableApp(input: DashboardConfigInput): void {
  const app = input.app;
  if (!app) throw new AppError('BAD_REQUEST', 'an APP dashboard needs `app` (its html or files)');
  if (app.entry) {
    if (!app.files || !(app.entry in app.files)) {
      throw new AppError('BAD_REQUEST', `app.entry "${app.entry}" is not one of app.files`);
    }
    return;
  }
  if (!app.html) {
    throw new AppError(
      'BAD_REQUEST',
      'an APP dashboard needs `app.html`, or `app.entry` naming one of `app.files`',
    );
  }
}

/** Absent and null members read alike; the stored config keeps neither, so checksums do not differ by them. */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, item]) => item !== null && item !== undefined)
        .map(([key, item]) => [key, withoutNulls(item)]),
    );
  }
  return value;
}

/** The report ids the widgets name (`config.reportId`), once each, in widget order. */
export function reportIdsOf(config: DashboardConfig): number[] {
  const ids: number[] = [];
  for (const [index, widget] of config.widgets.entries()) {
    const reportId = (widget.config as Record<string, unknown> | undefined)?.reportId;
    if (reportId === undefined || reportId === null) continue;
    const id = typeof reportId === 'string' && /^[0-9]{1,10}$/.test(reportId) ? Number(reportId) : reportId;
    if (!Number.isInteger(id) || (id as number) < 1 || (id as number) > 2_147_483_647) {
      throw new AppError(
        'BAD_REQUEST',
        `widgets[${index}] (${String(widget.id)}): config.reportId must be a report id (a positive whole number)`,
      );
    }
    if (!ids.includes(id as number)) ids.push(id as number);
  }
  return ids;
}

/** sha256 of the config's canonical JSON (keys sorted): equal configs have equal checksums. */
export function checksumOf(config: DashboardConfig): string {
  const canonical = JSON.stringify(config, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([left], [right]) => (left < right ? -1 : 1)))
      : item,
  );
  return createHash('sha256').update(canonical).digest('hex');
}
