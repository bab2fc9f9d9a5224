/** What a deploy did, as `--json` prints it and the summary line tells it. */
export interface DeploySummary {
  deploymentId: number;
  branchName: string | null;
  uploaded: string[];
  unchangedCount: number;
  removed: string[];
  /** Content bytes of the uploaded files (the multipart framing is not counted). */
  bytesSent: number;
  lastHash: string | null;
  buildId: number | null;
  build: BuildOutcome | null;
}

export interface BuildError {
  message: string;
  fileName: string | null;
  line: number | null;
}

export interface BuildOutcome {
  status: string;
  branchName: string | null;
  errorText: string | null;
  errors: BuildError[];
}

export function formatProgressLine(position: number, total: number, path: string): string {
  return `uploading ${position}/${total} ${path}`;
}

const byteUnits = ['B', 'kB', 'MB', 'GB'];

/** Decimal units, as file sizes on the wire are usually counted. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < byteUnits.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return unit === 0 ? `${bytes} B` : `${value.toFixed(1)} ${byteUnits[unit]}`;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

export function formatSummary(summary: DeploySummary): string {
  return (
    `${plural(summary.uploaded.length, 'file')} uploaded, ${summary.unchangedCount} unchanged, ` +
    `${summary.removed.length} removed; ${formatBytes(summary.bytesSent)} sent`
  );
}

/** `model/orders.yml:3 unknown measure type` — the form editors and terminals make clickable. */
export function formatBuildError(error: BuildError): string {
  if (!error.fileName) return error.message;
  const location = error.line === null ? error.fileName : `${error.fileName}:${error.line}`;
  return `${location} ${error.message}`;
}

export function formatBuildOutcome(outcome: BuildOutcome): string {
  const branch = outcome.branchName ? ` on ${outcome.branchName}` : '';
  const lines = [`build ${outcome.status}${branch}`];
  if (outcome.errors.length > 0) lines.push(...outcome.errors.map(formatBuildError));
  else if (outcome.errorText) lines.push(outcome.errorText);
  return lines.join('\n');
}
