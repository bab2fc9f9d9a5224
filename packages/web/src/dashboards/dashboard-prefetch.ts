import type { OperationOutput } from '../api/api-client.js';
import { platformApi } from '../api/platform-api.js';

type Dashboard = OperationOutput<'getDashboardByPublicId'>;

/** A prefetched answer older than this is not used: the page asks again. */
const freshMilliseconds = 10_000;

let prefetched: { publicId: string; at: number; answer: Promise<Dashboard> } | null = null;

/**
 * Asks for the dashboard while the session is checked and the page's chunk loads (the app calls it when
 * it routes to the page), instead of after both. Without a session the answer is a 401 nobody reads.
 */
export function prefetchDashboard(publicId: string): void {
  if (prefetched?.publicId === publicId && Date.now() - prefetched.at < freshMilliseconds) return;
  const answer = platformApi.getDashboardByPublicId(publicId);
  answer.catch(() => {
    // The page that takes it reports the failure.
  });
  prefetched = { publicId, at: Date.now(), answer };
}

/** The prefetched answer for `publicId`, once, while it is fresh; else null. */
export function takePrefetchedDashboard(publicId: string): Promise<Dashboard> | null {
  const taken = prefetched;
  if (!taken || taken.publicId !== publicId || Date.now() - taken.at >= freshMilliseconds) return null;
  prefetched = null;
  return taken.answer;
}
