import type { RowStream, WarehouseColumn } from './warehouse.js';

/**
 * Wraps a driver's batch source: `fetchBatch` returns null at the end, `finish` releases the connection
 * and runs exactly once however the stream ends (exhausted, break, error or close()).
 */
export function createRowStream(
  columns: WarehouseColumn[],
  fetchBatch: () => Promise<unknown[][] | null>,
  finish: () => Promise<void>,
): RowStream {
  let finishing: Promise<void> | null = null;
  const finishOnce = (): Promise<void> => {
    finishing ??= finish();
    return finishing;
  };
  let iterated = false;
  return {
    columns,
    close: finishOnce,
    async *[Symbol.asyncIterator]() {
      if (iterated) throw new Error('a row stream can be iterated once');
      iterated = true;
      try {
        for (let batch = await fetchBatch(); batch !== null; batch = await fetchBatch()) {
          if (batch.length > 0) yield batch;
        }
      } finally {
        await finishOnce();
      }
    },
  };
}
