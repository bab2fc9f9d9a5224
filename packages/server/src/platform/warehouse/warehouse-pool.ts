import { createHash } from 'node:crypto';
import type { Warehouse } from './warehouse.js';
import type { WarehouseConfig } from './warehouse-config.js';

export type WarehouseFactory = (config: WarehouseConfig) => Promise<Warehouse>;

interface PoolEntry {
  fingerprint: string;
  warehouse: Promise<Warehouse>;
}

/** Stable across key order, and a hash so the pool never holds a second copy of a password in clear. */
export function configFingerprint(config: WarehouseConfig): string {
  const stable = (value: unknown): unknown =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(
          Object.entries(value)
            .sort(([left], [right]) => left.localeCompare(right))
            .map(([key, inner]) => [key, stable(inner)]),
        )
      : value;
  return createHash('sha256')
    .update(JSON.stringify(stable(config)))
    .digest('hex');
}

/**
 * One open warehouse per deployment. Callers pass the deployment's current config on every get(): a new
 * fingerprint (the env vars changed) closes the old warehouse and opens a new one, with no restart.
 * The old one is closed before the new one opens because DuckDB allows one read-write opener per file;
 * statements still running on it are interrupted.
 */
export class WarehousePool {
  private readonly entries = new Map<string, PoolEntry>();
  private isClosed = false;

  constructor(private readonly factory: WarehouseFactory) {}

  /** `beforeOpen` runs only when a warehouse is (re)opened, before it is: a check that may refuse the open. */
  get(
    deploymentId: number | string,
    config: WarehouseConfig,
    beforeOpen: () => Promise<void> = async () => {},
  ): Promise<Warehouse> {
    const key = String(deploymentId);
    const fingerprint = configFingerprint(config);
    const current = this.entries.get(key);
    if (current?.fingerprint === fingerprint) return current.warehouse;
    const previous = current ? closeQuietly(current.warehouse) : Promise.resolve();
    const warehouse = previous.then(beforeOpen).then(() => this.factory(config));
    const entry = { fingerprint, warehouse };
    this.entries.set(key, entry);
    // why: a failed open must not be cached, or a fixed config with the same fingerprint could never retry.
    warehouse.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return warehouse;
  }

  /** For a deleted deployment. */
  async evict(deploymentId: number | string): Promise<void> {
    const key = String(deploymentId);
    const entry = this.entries.get(key);
    this.entries.delete(key);
    if (entry) await closeQuietly(entry.warehouse);
  }

  /**
   * For /readyz: rejects once the pool is closed (the process is stopping). Each open warehouse is probed;
   * one that does not answer is dropped, so the next query opens it afresh, but it does not make this
   * process unready: a deployment's unreachable warehouse is not fixed by sending its callers elsewhere.
   */
  async checkReadiness(probeTimeoutMilliseconds: number): Promise<void> {
    if (this.isClosed) throw new Error('the warehouse pool is closed');
    await Promise.all(
      [...this.entries].map(async ([key, entry]) => {
        const probe = entry.warehouse.then((warehouse) => warehouse.query('SELECT 1', []));
        const timeout = new Promise<never>((_resolve, reject) => {
          setTimeout(() => reject(new Error('probe timed out')), probeTimeoutMilliseconds).unref();
        });
        try {
          await Promise.race([probe, timeout]);
        } catch {
          if (this.entries.get(key) === entry) {
            this.entries.delete(key);
            await closeQuietly(entry.warehouse);
          }
        }
      }),
    );
  }

  async closeAll(): Promise<void> {
    this.isClosed = true;
    const entries = [...this.entries.values()];
    this.entries.clear();
    await Promise.all(entries.map((entry) => closeQuietly(entry.warehouse)));
  }
}

async function closeQuietly(warehouse: Promise<Warehouse>): Promise<void> {
  try {
    await (await warehouse).close();
  } catch {
    // why: a warehouse that failed to open or to close has nothing left to release.
  }
}
