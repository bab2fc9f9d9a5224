import type { ChatStreamMessage } from '@platform/contract';
import { expect } from 'vitest';
import type { Container } from '../../src/container.js';
import type { ChatAgent } from '../../src/modules/agents/chat-agent.js';
import type { ChatSession } from '../../src/modules/chat/chat-session.js';
import { accountsTable } from '../../src/modules/identity/identity.tables.js';

export const demoDeploymentId = 1;

/** Redis Streams as the bus when REDIS_URL is set, as in production; otherwise the in-process bus. */
export const busEnvironment: Record<string, string> = process.env.REDIS_URL
  ? { REDIS_URL: process.env.REDIS_URL }
  : {};

let lastMessageTime = 0;
/** `<timestamp>-message`, never the same twice in a test run. */
export function newMessageId(): string {
  lastMessageTime = Math.max(Date.now(), lastMessageTime + 1);
  return `${lastMessageTime}-message`;
}

/** The demo deployment's default agent, answering with the model at `baseUrl`. */
export async function demoAgent(container: Container, baseUrl: string): Promise<ChatAgent> {
  const [account] = await container.platform.store.database.select().from(accountsTable).limit(1);
  if (!account) throw new Error('the test server has no account');
  const agent = await container.services.chatAgents.defaultAgentForChat(
    account.name,
    String(demoDeploymentId),
  );
  return { ...agent, model: { provider: 'openai-compatible', baseUrl, model: 'scripted', apiKey: null } };
}

/** A session of the external user `externalId` with the agent. */
export async function sessionOf(
  container: Container,
  agent: ChatAgent,
  externalId: string,
): Promise<ChatSession> {
  const user = await container.services.chatUsers.provisionExternal(agent.accountId, {
    externalId,
    email: null,
  });
  return {
    agent,
    user,
    data: { kind: 'external', groups: [], securityContext: {}, userAttributes: {} },
    branchName: null,
    timezone: 'UTC',
    locale: 'en-US',
    threadPolicies: [],
  };
}

/** Reads a subscription in the background, keeping the lines and how it ended. */
export class LineCollector {
  readonly lines: ChatStreamMessage[] = [];
  error: Error | null = null;
  readonly done: Promise<void>;

  constructor(lines: AsyncIterable<ChatStreamMessage>) {
    this.done = (async () => {
      try {
        for await (const line of lines) this.lines.push(line);
      } catch (error) {
        this.error = error as Error;
      }
    })();
  }

  /** Resolves once a line passes the check (or the stream ended without one). */
  async until(check: (line: ChatStreamMessage) => boolean): Promise<void> {
    const deadline = Date.now() + 20_000;
    let ended = false;
    void this.done.then(() => {
      ended = true;
    });
    while (!this.lines.some(check) && !ended && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

export async function readAll(lines: AsyncIterable<ChatStreamMessage>): Promise<LineCollector> {
  const collector = new LineCollector(lines);
  await collector.done;
  return collector;
}

/** Polls until the check passes or a generous bound is reached. */
export async function eventually(check: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return check();
}

export const isFinal = (line: ChatStreamMessage) =>
  line.role === 'assistant' && line.graphPath?.[0] === 'final';

/** Every stream line has a sort that grows by one from 0; the error line is the only one without. */
export function expectIncreasingSort(lines: readonly ChatStreamMessage[]): void {
  const sorts = lines.map((line) => line.sort);
  expect(sorts).toEqual(lines.map((_line, index) => index));
}
