import { performance } from 'node:perf_hooks';
import type { SemanticQuery } from '@platform/semantic';
import { startPlatformServer } from './platform-server.js';
import { summarize, type TimingSummary } from './timing-samples.js';

export type HttpLoad = { rows: number; load: TimingSummary } | { skipped: string };

interface Answer {
  status: number;
  body: { data?: unknown[]; error?: string } | null;
}

/** Waits until the demo deployment's main branch is built, so queries read its model. */
export async function waitForDemoBuild(url: string, headers: Record<string, string>, deploymentId: number) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const response = await fetch(`${url}/api/v1/deployments/${deploymentId}/build-status?branchName=main`, {
      headers,
    });
    const status = ((await response.json()) as { status?: string }).status;
    if (status === 'built') return;
    if (status === 'failed' || Date.now() > deadline) throw new Error(`the demo model build ended ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * `GET …/data/v1/load` against a real server listening on a port (PGlite, the demo deployment with its
 * sample data at the default scale), one request at a time, so the figure is the latency of one query.
 */
export async function measureHttpLoad(
  query: SemanticQuery,
  options: { iterations: number; warmUp: number },
): Promise<HttpLoad> {
  const server = await startPlatformServer({ databaseUrl: null });
  try {
    const headers = { authorization: `Bearer ${server.adminKey}` };
    const list = (await (await fetch(`${server.url}/api/v1/deployments`, { headers })).json()) as {
      items: { id: number; name: string }[];
    };
    const demo = list.items.find((item) => item.name === 'demo');
    if (!demo) return { skipped: 'the server has no demo deployment' };
    await waitForDemoBuild(server.url, headers, demo.id);
    const loadUrl = `${server.url}/deployments/${demo.id}/data/v1/load?query=${encodeURIComponent(JSON.stringify(query))}`;
    const load = async (): Promise<Answer> => {
      const response = await fetch(loadUrl, { headers });
      const text = await response.text();
      return { status: response.status, body: text ? (JSON.parse(text) as Answer['body']) : null };
    };
    const first = await load();
    if (first.status === 404 && !Array.isArray(first.body?.data)) {
      return { skipped: `GET /deployments/{id}/data/v1/load answered 404: ${JSON.stringify(first.body)}` };
    }
    if (first.status !== 200 || !Array.isArray(first.body?.data)) {
      throw new Error(`load answered ${first.status}: ${JSON.stringify(first.body)}`);
    }
    const samples: number[] = [];
    for (let round = 0; round < options.warmUp + options.iterations; round += 1) {
      const started = performance.now();
      const answer = await load();
      if (answer.status !== 200 || answer.body?.error) {
        throw new Error(`load answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      }
      if (round >= options.warmUp) samples.push(performance.now() - started);
    }
    return {
      rows: first.body.data.length,
      load: summarize('GET /data/v1/load over HTTP (demo, PGlite)', samples),
    };
  } finally {
    await server.close();
  }
}
