/**
 * Maps `items` through `work` with at most `limit` calls in flight; results keep the items' order.
 * Git objects and staged files are small and many: one at a time leaves the disk idle between awaits,
 * while all at once would open hundreds of files together.
 */
export async function mapConcurrently<Item, Result>(
  items: readonly Item[],
  limit: number,
  work: (item: Item, index: number) => Promise<Result>,
): Promise<Result[]> {
  const results = new Array<Result>(items.length);
  let next = 0;
  let hasFailed = false;
  const worker = async (): Promise<void> => {
    // After a failure the other workers stop taking items: the caller gets the error, not more work.
    while (next < items.length && !hasFailed) {
      const index = next;
      next += 1;
      try {
        results[index] = await work(items[index] as Item, index);
      } catch (error) {
        hasFailed = true;
        throw error;
      }
    }
  };
  const workerCount = Math.max(1, Math.min(limit, items.length));
  await Promise.all(Array.from({ length: workerCount }, worker));
  return results;
}
