import type { ChatStreamMessage } from '@platform/contract';
import { expect } from 'vitest';
import { readFiles, startDevMode, writeFiles } from '../data-model/data-model-helpers.js';
import type { TestServer } from '../support/test-server.js';

// Every caller sees only the orders of the channel their security context names.
const channelPolicy = `    access_policy:
      - group: "*"
        row_level:
          filters:
            - member: channel
              operator: equals
              values: ["{ securityContext.channel }"]
`;

const isFinal = (line: ChatStreamMessage) => line.role === 'assistant' && line.graphPath?.[0] === 'final';

/** The first whole number of the final answer ("There are 1,234 orders." → 1234). */
export function countIn(lines: Record<string, unknown>[]): number {
  const final = (lines as ChatStreamMessage[]).filter(isFinal).at(-1);
  const match = /\d[\d,]*/.exec(final?.content ?? '');
  if (!match) throw new Error(`no number in the answer: ${JSON.stringify(lines)}`);
  return Number(match[0].replaceAll(',', ''));
}

/**
 * A dev-mode branch of the deployment whose `orders` cube filters rows by `securityContext.channel`
 * (the deploy branch stays unfiltered); returns the branch's name.
 */
export async function branchWithChannelPolicy(server: TestServer, deploymentId: number): Promise<string> {
  const base = `/build/api/v1/deployments/${deploymentId}`;
  const { branchName } = await startDevMode(server, base);
  const files = await readFiles(server, base, branchName);
  const [ordersPath, ordersText] =
    Object.entries(files).find(([, text]) => /- name: orders\n\s+sql_table: orders\n/.test(text)) ?? [];
  if (!ordersPath || !ordersText) throw new Error(`no orders cube in ${Object.keys(files).join(', ')}`);
  const withPolicy = ordersText.replace(/(- name: orders\n\s+sql_table: orders\n)/, `$1${channelPolicy}`);
  const written = await writeFiles(server, base, { [ordersPath]: withPolicy }, { branchName });
  expect(written.status, JSON.stringify(written.body)).toBe(200);
  return branchName;
}
