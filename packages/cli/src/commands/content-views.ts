import {
  type ActionCounts,
  type ContentStep,
  type ContentSummary,
  type PlanAction,
  stepLabel,
} from '../content/content-plan.js';

/** A plan step as printed (and as `--json` shows it): no documents, just what and why. */
export interface StepView {
  kind: ContentStep['kind'];
  action: PlanAction;
  label: string;
  key: string;
  id: number | null;
  changes: string[];
}

/** What `content push` prints: the plan's counts, the steps that change something, what was written. */
export interface PushReport {
  dryRun: boolean;
  summary: ContentSummary;
  steps: StepView[];
  /** null on a dry run. */
  done: StepView[] | null;
  failed: (StepView & { error: string }) | null;
}

export function stepView(step: ContentStep): StepView {
  const key =
    step.kind === 'folder' ? step.path.join('/') : step.kind === 'workbook' ? step.slug : step.publicId;
  return {
    kind: step.kind,
    action: step.action,
    label: stepLabel(step),
    key,
    id: step.id,
    changes: step.changes,
  };
}

function stepLine(step: StepView): string {
  const changes = step.changes.length > 0 ? ` (${step.changes.join(', ')})` : '';
  return `${step.action} ${step.label}${changes}`;
}

function countsLine(kind: string, counts: ActionCounts): string {
  return `${kind}: ${counts.created} created, ${counts.updated} updated, ${counts.unchanged} unchanged`;
}

export function formatPushReport(report: PushReport): string {
  const lines: string[] = [];
  if (report.dryRun) {
    lines.push('dry run: nothing was written', ...report.steps.map((step) => `would ${stepLine(step)}`));
  } else {
    lines.push(...(report.done ?? []).map(stepLine));
    if (report.failed) {
      lines.push(`failed: ${stepLine(report.failed)}: ${report.failed.error}`);
      const written = new Set((report.done ?? []).map((step) => step.label));
      const skipped = report.steps.filter(
        (step) => !written.has(step.label) && step.label !== report.failed?.label,
      );
      lines.push(...skipped.map((step) => `not done: ${stepLine(step)}`));
    }
  }
  const { summary } = report;
  lines.push(
    report.failed ? 'planned:' : report.dryRun ? 'plan:' : 'summary:',
    `  ${countsLine('folders', summary.folders)}`,
    `  ${countsLine('workbooks', summary.workbooks)}`,
    `  ${countsLine('reports', summary.reports)}`,
  );
  return lines.join('\n');
}
