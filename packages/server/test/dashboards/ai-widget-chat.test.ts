import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessageOf } from '../http/expect-error-body.js';
import { findDeploymentId } from '../security/account-resources.js';
import { createUserWithKey, startTestServer, type TestServer } from '../support/test-server.js';

interface Line {
  id: string;
  role?: string;
  content?: string;
  isInProcess?: boolean;
  state?: { chatId?: string; messages?: Array<{ role: string; content: string }> };
  error?: string;
}

const position = { x: 0, y: 0, w: 6, h: 6 };

/** The AI widgets of a dashboard: the stored thread for every viewer, follow-ups in the asker's own thread. */
describe('AI widgets of a dashboard', () => {
  let server: TestServer;
  let deploymentId: number;
  let viewer: { userId: number; key: string };
  let dashboardId: number;
  let storedChatId: string;

  const url = (path: string) => `/api/v1/deployments/${deploymentId}${path}`;

  async function ask(body: Record<string, unknown>, key?: string, widgetId = 'assistant') {
    const response = await server.request({
      method: 'POST',
      url: url(`/dashboards/${dashboardId}/widgets/${widgetId}/chat`),
      body,
      key,
    });
    return response;
  }

  function linesOf(text: unknown): Line[] {
    return String(text)
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as Line);
  }

  function finalStateOf(lines: Line[]) {
    const state = lines.filter((line) => line.id === '__state__').at(-1)?.state;
    if (!state?.chatId) throw new Error(`no __state__ line: ${JSON.stringify(lines)}`);
    return state;
  }

  beforeAll(async () => {
    server = await startTestServer();
    deploymentId = await findDeploymentId(server, 'demo');
    viewer = await createUserWithKey(server, 'viewer');
    const workbook = await server.request({ method: 'POST', url: url('/workbooks'), body: { name: 'Ask' } });
    const workbookId = (workbook.body as { id: number }).id;
    // The thread an editor attaches: the first question, asked through the widget before publishing it.
    const draft = await server.request({
      method: 'POST',
      url: url(`/workbooks/${workbookId}/publish`),
      body: { config: { widgets: [{ id: 'assistant', type: 'AI', position }] } },
    });
    dashboardId = (draft.body as { id: number }).id;
    const first = await ask({ input: 'How many orders are there?' });
    expect(first.status, String(first.body)).toBe(200);
    storedChatId = finalStateOf(linesOf(first.body)).chatId as string;
    const published = await server.request({
      method: 'POST',
      url: url(`/workbooks/${workbookId}/publish`),
      body: {
        config: {
          widgets: [
            { id: 'assistant', type: 'AI', position, config: { threadId: storedChatId } },
            { id: 'note', type: 'TEXT', position: { ...position, x: 6 }, config: { markdown: 'hi' } },
          ],
        },
      },
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('shows the stored thread to a viewer of the dashboard, who does not own it', async () => {
    const response = await server.request({
      method: 'GET',
      url: url(`/dashboards/${dashboardId}/widgets/assistant/thread`),
      key: viewer.key,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const thread = response.body as { chatId: string; messages: Array<{ role: string; content: string }> };
    expect(thread.chatId).toBe(storedChatId);
    expect(thread.messages[0]).toMatchObject({ role: 'user', content: 'How many orders are there?' });
    expect(
      thread.messages.some((message) => message.role === 'assistant' && message.content.length > 0),
    ).toBe(true);
  });

  it("answers a viewer's follow-up in the viewer's own thread, streamed as the Chat API streams", async () => {
    const response = await ask({ input: 'How many orders by status?' }, viewer.key);
    expect(response.status, String(response.body)).toBe(200);
    expect(String(response.headers['content-type'])).toMatch(/ndjson/);
    const lines = linesOf(response.body);
    expect(lines.find((line) => line.role === 'user')).toMatchObject({
      content: 'How many orders by status?',
    });
    expect(
      lines.some((line) => line.role === 'assistant' && line.isInProcess === false && line.content),
    ).toBe(true);
    const state = finalStateOf(lines);
    expect(state.chatId).not.toBe(storedChatId);

    // The follow-up thread continues with its chatId; the stored one belongs to the editor.
    const next = await ask({ input: 'And how many were completed?', chatId: state.chatId }, viewer.key);
    expect(next.status, String(next.body)).toBe(200);
    expect(finalStateOf(linesOf(next.body)).chatId).toBe(state.chatId);
    const others = await ask({ input: 'Anything else?', chatId: storedChatId }, viewer.key);
    expect(errorMessageOf(others, 'FORBIDDEN')).toMatch(/another user/);

    // The stored thread is unchanged by the viewer's questions.
    const stored = await server.request({
      method: 'GET',
      url: url(`/dashboards/${dashboardId}/widgets/assistant/thread`),
    });
    const messages = (stored.body as { messages: Array<{ role: string }> }).messages;
    expect(messages.filter((message) => message.role === 'user')).toHaveLength(1);
  });

  it('refuses widgets that are not AI widgets, unknown widgets and unknown dashboards', async () => {
    expect(errorMessageOf(await ask({ input: 'hi' }, viewer.key, 'note'), 'BAD_REQUEST')).toMatch(
      /TEXT widget/,
    );
    expect(errorMessageOf(await ask({ input: 'hi' }, viewer.key, 'missing'), 'NOT_FOUND')).toMatch(
      /widget missing/,
    );
    const unknown = await server.request({
      method: 'GET',
      url: url('/dashboards/987654/widgets/assistant/thread'),
      key: viewer.key,
    });
    expect(errorMessageOf(unknown, 'NOT_FOUND')).toMatch(/dashboard 987654/);
    const badMessageId = await ask({ input: 'hi', messageId: 'nope' }, viewer.key);
    expect(errorMessageOf(badMessageId, 'BAD_REQUEST')).toMatch(/message/);
  });
});
