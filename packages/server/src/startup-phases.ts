import { performance } from 'node:perf_hooks';

/**
 * The milestones of a start, as User Timing marks (`performance.mark(name)`), so the code that reaches one
 * (the container opening the store, main.ts listening) marks it without being handed a timer.
 */
export const startupMarks = {
  imported: 'platform:imported',
  storeOpened: 'platform:store-opened',
  migrated: 'platform:migrated',
  containerBuilt: 'platform:container-built',
  bootstrapped: 'platform:bootstrapped',
  listening: 'platform:listening',
} as const;

const phaseOfMark: ReadonlyArray<[string, string]> = [
  [startupMarks.imported, 'imports'],
  [startupMarks.storeOpened, 'storeOpen'],
  [startupMarks.containerBuilt, 'services'],
  [startupMarks.migrated, 'migrations'],
  [startupMarks.bootstrapped, 'bootstrap'],
  [startupMarks.listening, 'listen'],
];

/**
 * Milliseconds per phase, each from the previous milestone reached: `boot` is Node's own start-up,
 * `imports` loading the server's modules, then one phase per mark. A mark never reached is left out.
 */
export function startupPhases(): Record<string, number> {
  const bootEnd = performance.nodeTiming.bootstrapComplete;
  const phases: Record<string, number> = { boot: Math.round(bootEnd) };
  let previous = bootEnd;
  for (const [mark, phase] of phaseOfMark) {
    const entry = performance.getEntriesByName(mark, 'mark')[0];
    if (!entry) continue;
    phases[phase] = Math.round(entry.startTime - previous);
    previous = entry.startTime;
  }
  phases.total = Math.round(previous);
  return phases;
}
