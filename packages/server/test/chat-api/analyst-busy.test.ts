import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatAnswer, type ChatTestServer, startChatTestServer } from './chat-test-server.js';

const busyLine = { error: expect.stringMatching(/^The built-in analyst is busy; retry in [1-9]\d* s$/) };

function isAnswered(answer: ChatAnswer): boolean {
  return answer.lines.some((line) => (line.graphPath as string[] | undefined)?.[0] === 'final');
}

/** One thread of the built-in analyst's pool and room for one more answer: a third one is refused. */
describe('the built-in analyst when its threads and queue are full', () => {
  let chat: ChatTestServer;

  beforeAll(async () => {
    chat = await startChatTestServer('pglite', {
      PLATFORM_ANALYST_THREADS: '1',
      PLATFORM_ANALYST_QUEUE: '1',
    });
  });

  afterAll(async () => {
    await chat?.close();
  });

  const ask = (user: string) =>
    chat.post(
      chat.agentUrl(chat.agentId, 'stream-chat-state'),
      { input: 'How many orders are there?', sessionSettings: { externalId: user } },
      { authorization: `Api-Key ${chat.agentKey}` },
    );

  it('answers two of three concurrent questions and gives the third a busy error line', async () => {
    const answers = await Promise.all([ask('busy-1'), ask('busy-2'), ask('busy-3')]);
    for (const answer of answers) expect(answer.status, answer.text).toBe(200);
    const answered = answers.filter(isAnswered);
    const refused = answers.filter((answer) => !isAnswered(answer));
    expect(answered).toHaveLength(2);
    expect(refused).toHaveLength(1);
    const [busy] = refused;
    // The refusal comes before any step of the agent: the cutoff, the user's echo, then the error line.
    expect(busy?.lines.map((line) => line.id ?? 'error')).toEqual([
      '__cutoff__',
      expect.any(String),
      'error',
    ]);
    expect(busy?.lines.at(-1)).toEqual(busyLine);
    const [first, second] = answered.map((answer) => answer.lines.find((line) => line.id === '__state__'));
    expect(first).toBeDefined();
    expect(second).toBeDefined();
  });

  it('answers again once the answers in progress are done', async () => {
    const answer = await ask('busy-4');
    expect(isAnswered(answer), answer.text).toBe(true);
  });
});
