import { type AnalystTurn, decideAnalystStep } from '@platform/analyst';
import { afterAll, describe, expect, it } from 'vitest';
import { AnalystBusyError } from '../../src/platform/llm/builtin-analyst/analyst-busy.error.js';
import { AnalystThreadPool } from '../../src/platform/llm/builtin-analyst/analyst-thread-pool.js';

const tools = new Set(['platformMeta', 'platformSqlApi']);
const metadata = {
  cubes: [
    {
      name: 'orders',
      type: 'cube',
      title: 'Orders',
      members: [
        { name: 'orders.count', title: 'Orders Count', type: 'number', aggType: 'count' },
        { name: 'orders.status', title: 'Orders Status', type: 'string' },
      ],
    },
  ],
  searchQuery: 'orders',
};
/** A turn after the metadata search: the next step plans the query, reading known values of `status`. */
const planningTurn: AnalystTurn = {
  question: 'How many shipped orders?',
  earlierQuestions: [],
  toolCalls: [
    {
      toolCallId: 'call-1',
      toolName: 'platformMeta',
      input: { searchQuery: 'shipped orders' },
      outcome: { output: metadata },
    },
  ],
};

describe('the built-in analyst thread pool', () => {
  const pool = new AnalystThreadPool({ threads: 1, queue: 1 });

  afterAll(async () => {
    await pool.close();
  });

  it('decides in its thread the step the planner decides in process, asking here for known values', async () => {
    const lookedUp: string[] = [];
    const context = {
      now: new Date('2025-03-15T12:00:00Z'),
      timezone: 'UTC',
      lookupValues: async (memberPath: string) => {
        lookedUp.push(memberPath);
        return ['shipped', 'pending'];
      },
    };
    const slot = pool.admit();
    try {
      const inThread = await slot.decide(planningTurn, context, tools);
      const inProcess = await decideAnalystStep(planningTurn, context, tools);
      expect(inThread).toEqual(inProcess);
      expect(inThread).toMatchObject({
        toolCall: { toolName: 'platformSqlApi', input: { sqlQuery: expect.stringContaining("'shipped'") } },
      });
      expect(lookedUp).toContain('orders.status');
    } finally {
      slot.release();
    }
  });

  it('admits one answer per thread plus the queue, refuses the next with a retry time, and frees on release', () => {
    const first = pool.admit();
    const second = pool.admit();
    let refusal: unknown;
    try {
      pool.admit().release();
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(AnalystBusyError);
    expect((refusal as AnalystBusyError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect((refusal as Error).message).toMatch(/^The built-in analyst is busy; retry in \d+ s$/);
    first.release();
    const third = pool.admit();
    third.release();
    second.release();
  });

  it('lets the answers beyond the active limit wait in ready() and wakes the oldest on release', async () => {
    const limited = new AnalystThreadPool({ threads: 1, queue: 3, active: 1 });
    try {
      const first = limited.admit();
      const second = limited.admit();
      const third = limited.admit();
      await first.ready();
      const woken: string[] = [];
      const secondReady = second.ready().then(() => woken.push('second'));
      const aborting = new AbortController();
      const thirdReady = third.ready(aborting.signal).catch((error: unknown) => {
        woken.push(`third: ${(error as Error).message}`);
      });
      await new Promise((resolve) => setImmediate(resolve));
      expect(woken).toEqual([]);
      first.release();
      await secondReady;
      aborting.abort(new Error('gone'));
      await thirdReady;
      expect(woken).toEqual(['second', 'third: gone']);
      // The aborted answer still counts until released; releasing it leaves room for a fourth.
      third.release();
      second.release();
      const fourth = limited.admit();
      await fourth.ready();
      fourth.release();
    } finally {
      await limited.close();
    }
  });

  it('fails a step still waiting when its answer is aborted', async () => {
    const slot = pool.admit();
    const controller = new AbortController();
    controller.abort(new Error('stopped by the test'));
    await expect(
      slot.decide(
        planningTurn,
        { now: new Date(), timezone: 'UTC', lookupValues: async () => [] },
        tools,
        controller.signal,
      ),
    ).rejects.toThrow('stopped by the test');
    slot.release();
  });
});
