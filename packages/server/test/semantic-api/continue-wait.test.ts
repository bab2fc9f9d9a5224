import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeployment } from '../deployments/deployment-helpers.js';
import { type StoreEngine, startTestServer, storeEngines, type TestServer } from '../support/test-server.js';
import {
  accountFilePath,
  createDuckDbFile,
  dataApiUrl,
  deployModel,
  loadUrl,
  setEnvVars,
} from './semantic-api-helpers.js';

/** Big enough that the query outlives a wait of a millisecond many times over. */
const side = 8_000;
const modulus = 7;

/** A cube over a cross join computed in the warehouse: every row is read, none is stored. */
const slowModel = {
  'model/cubes/grid.yml': `cubes:
  - name: grid
    sql: "SELECT a.range AS x, b.range AS y FROM range(${side}) a CROSS JOIN range(${side}) b"
    dimensions:
      - name: x
        sql: x
        type: number
        primary_key: true
    measures:
      - name: remainder_sum
        sql: "(x + y) % ${modulus}"
        type: sum
`,
};

/** Σ over the grid of (x + y) mod 7, from how many x fall in each residue class. */
function expectedRemainderSum(): number {
  const perResidue = Array.from(
    { length: modulus },
    (_, residue) => Math.floor((side - 1 - residue) / modulus) + 1,
  );
  let sum = 0;
  for (let left = 0; left < modulus; left += 1) {
    for (let right = 0; right < modulus; right += 1) {
      sum += ((left + right) % modulus) * (perResidue[left] ?? 0) * (perResidue[right] ?? 0);
    }
  }
  return sum;
}

describe.each(storeEngines)('Continue wait on %s', (engine: StoreEngine) => {
  let server: TestServer;
  let deploymentId: number;

  beforeAll(async () => {
    server = await startTestServer({ engine, environment: { PLATFORM_CONTINUE_WAIT_SECONDS: '0.001' } });
    deploymentId = (await createDeployment(server)).id;
    const fileName = `grid-${randomBytes(4).toString('hex')}.duckdb`;
    await createDuckDbFile(await accountFilePath(server, deploymentId, fileName), []);
    await setEnvVars(server, deploymentId, { PLATFORM_DB_TYPE: 'duckdb', PLATFORM_DB_URL: fileName });
    await deployModel(server, deploymentId, slowModel);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Asks again while the answer is "Continue wait", as client libraries do; returns the first and last. */
  async function loadUntilDone(send: () => ReturnType<TestServer['request']>) {
    const first = await send();
    const deadline = Date.now() + 120_000;
    let last = first;
    while ((last.body as { error?: string }).error === 'Continue wait') {
      if (Date.now() > deadline) throw new Error('the query never finished');
      last = await send();
    }
    return { first, last };
  }

  it('answers "Continue wait" while the query runs, then the result to the same request', async () => {
    const query = { measures: ['grid.remainder_sum'] };
    const { first, last } = await loadUntilDone(() =>
      server.request({ method: 'GET', url: loadUrl(deploymentId, query) }),
    );
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ error: 'Continue wait' });
    expect(last.status, JSON.stringify(last.body)).toBe(200);
    expect((last.body as { data: unknown[] }).data).toEqual([
      { 'grid.remainder_sum': expectedRemainderSum() },
    ]);
  });

  it('answers concurrent identical requests, GET with queryType=multi and POST, once the query is done', async () => {
    const query = { measures: ['grid.remainder_sum'], dimensions: [] };
    const [viaGet, viaPost] = await Promise.all([
      loadUntilDone(() =>
        server.request({ method: 'GET', url: loadUrl(deploymentId, query, { queryType: 'multi' }) }),
      ),
      loadUntilDone(() =>
        server.request({ method: 'POST', url: dataApiUrl(deploymentId, 'load'), body: { query } }),
      ),
    ]);
    const expected = [{ 'grid.remainder_sum': expectedRemainderSum() }];
    expect((viaGet.last.body as { results: Array<{ data: unknown }> }).results[0]?.data).toEqual(expected);
    expect((viaPost.last.body as { data: unknown }).data).toEqual(expected);
  });
});
