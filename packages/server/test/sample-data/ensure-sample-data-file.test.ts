import { mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureSampleDataFile } from '../../src/platform/sample-data/ensure-sample-data-file.js';
import { sampleDataSizes } from '../../src/platform/sample-data/generate-sample-data.js';

const scale = 0.01;

async function countOrders(databasePath: string): Promise<number> {
  const instance = await DuckDBInstance.create(databasePath, { access_mode: 'READ_ONLY' });
  const connection = await instance.connect();
  try {
    const rows = (
      await connection.runAndReadAll('SELECT count(*)::INTEGER AS n FROM orders')
    ).getRowObjectsJS();
    return Number(rows[0]?.n);
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

describe('ensureSampleDataFile', () => {
  let directory: string;
  let databasePath: string;

  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'ensure-sample-data-'));
    databasePath = join(directory, 'demo', 'sample-data.duckdb');
  });

  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('generates a missing file, then leaves a present one alone', async () => {
    const first = await ensureSampleDataFile({ databasePath, scale });
    expect(first).toMatchObject({ isGenerated: true, databasePath });
    expect(await countOrders(databasePath)).toBe(sampleDataSizes(scale).orders);
    const before = await stat(databasePath);

    const second = await ensureSampleDataFile({ databasePath, scale });
    expect(second).toEqual({ isGenerated: false, databasePath });
    const after = await stat(databasePath);
    expect([after.ino, after.mtimeMs, after.size]).toEqual([before.ino, before.mtimeMs, before.size]);
    expect(await readdir(join(directory, 'demo'))).toEqual(['sample-data.duckdb']);
  });

  it('never leaves a file behind when the load fails half-way, and the next call loads it whole', async () => {
    const failure = new Error('the process died while loading orders');
    await expect(
      ensureSampleDataFile({
        databasePath,
        scale,
        onProgress: (progress) => {
          if (progress.stage === 'loaded' && progress.table === 'customers') throw failure;
        },
      }),
    ).rejects.toBe(failure);
    expect(await readdir(join(directory, 'demo'))).toEqual([]);

    const retried = await ensureSampleDataFile({ databasePath, scale });
    expect(retried.isGenerated).toBe(true);
    expect(await countOrders(databasePath)).toBe(sampleDataSizes(scale).orders);
  });

  it('removes loads abandoned by a crashed process but keeps one that may still be running', async () => {
    await mkdir(join(directory, 'demo'));
    const abandoned = `${databasePath}.4242-deadbeef.loading`;
    const running = `${databasePath}.4343-cafecafe.loading`;
    await writeFile(abandoned, 'half a database');
    await writeFile(running, 'a load in progress');
    const anHourAgo = new Date(Date.now() - 60 * 60_000);
    await utimes(abandoned, anHourAgo, anHourAgo);

    await ensureSampleDataFile({ databasePath, scale });
    expect((await readdir(join(directory, 'demo'))).sort()).toEqual(
      ['sample-data.duckdb', 'sample-data.duckdb.4343-cafecafe.loading'].sort(),
    );
    expect(await readFile(running, 'utf8')).toBe('a load in progress');
  });

  it('drops the write-ahead log of a deleted file instead of replaying it into the new one', async () => {
    await mkdir(join(directory, 'demo'));
    await writeFile(`${databasePath}.wal`, 'the log of a database that is gone');
    await ensureSampleDataFile({ databasePath, scale });
    expect(await countOrders(databasePath)).toBe(sampleDataSizes(scale).orders);
    expect(await readdir(join(directory, 'demo'))).toEqual(['sample-data.duckdb']);
  });
});
