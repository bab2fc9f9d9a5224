import { run as runDue } from './notifications-due.bench.js';
import { run as runRender } from './notifications-render.bench.js';
import { run as runTick } from './notifications-tick.bench.js';

/**
 * `npm run bench -- notifications`: the delivery targets of the notifications issue (18) — 1,000
 * notifications due in one minute all mailed within 60 s, none twice (notifications-due), and the
 * scheduler's tick with 100,000 enabled notifications under 50 ms (notifications-tick), and a PNG of a
 * twelve-widget dashboard p50 under 2 s with a warm browser (notifications-render). Each part also runs
 * alone.
 */
export async function run(arguments_: string[]): Promise<void> {
  await runTick(arguments_);
  await runDue(arguments_);
  await runRender(arguments_);
}
