import type { ChatStreamMessage } from '@platform/contract';
import { describe, expect, it } from 'vitest';
import { ChatLineRenderer } from '../src/commands/chat-line-renderer.js';
import { formatToolCall, formatToolResult } from '../src/commands/chat-tool-views.js';

const agentPath = ['platform_data_analyst_agent'];
const toolsPath = ['platform_data_analyst_agent', 'tools'];

/** A stream as SPEC.md "Events" orders it: cutoff, echo, deltas, tool calls, final, state, usage. */
function answerStream(options: {
  answer: string[];
  sqlResult: Record<string, unknown>;
}): ChatStreamMessage[] {
  const text = options.answer.join('');
  return [
    { id: '__cutoff__', role: 'assistant', sort: 0, state: { chatId: 'chat-1', isStreaming: true } },
    { id: '1731974400000-message', role: 'user', content: 'orders by status', isDelta: false, sort: 1 },
    {
      id: 'a1',
      role: 'assistant',
      content: '',
      isDelta: true,
      isInProcess: true,
      graphPath: agentPath,
      sort: 2,
    },
    { id: 'a1', role: 'assistant', thinking: 'looking up orders', isDelta: true, isInProcess: true, sort: 3 },
    {
      id: 't1',
      role: 'assistant',
      toolCall: { name: 'platformMeta', input: '{"searchQuery":"orders status"}' },
      graphPath: toolsPath,
      isInProcess: true,
      sort: 4,
    },
    {
      id: 't1',
      role: 'assistant',
      toolCall: {
        name: 'platformMeta',
        input: '{"searchQuery":"orders status"}',
        result: JSON.stringify({ searchQuery: 'orders status', cubes: [{ name: 'orders', members: [] }] }),
      },
      graphPath: toolsPath,
      isInProcess: false,
      sort: 5,
    },
    {
      id: 't2',
      role: 'assistant',
      toolCall: {
        name: 'platformSqlApi',
        input: JSON.stringify({
          sqlQuery: 'SELECT 1',
          queryTitle: 'Orders by status',
          vegaSpec: '{"mark":"bar"}',
        }),
        result: JSON.stringify(options.sqlResult),
      },
      graphPath: toolsPath,
      isInProcess: false,
      sort: 6,
    },
    ...options.answer.map((chunk, index) => ({
      id: 'a2',
      role: 'assistant' as const,
      content: chunk,
      isDelta: true,
      isInProcess: true,
      graphPath: agentPath,
      sort: 7 + index,
    })),
    {
      id: 'final-1',
      role: 'assistant',
      content: text,
      isDelta: false,
      isInProcess: false,
      isStructuredResponse: true,
      graphPath: ['final'],
      sort: 20,
    },
    { id: '__state__', role: 'assistant', state: { chatId: 'chat-1', messages: [] }, sort: 21 },
    {
      id: '__usage__',
      type: 'usage',
      usage: { llmCalls: 2, inputTokens: 10, outputTokens: 5, totalTokens: 15 },
    },
  ];
}

const sqlResult = {
  sqlQuery: 'SELECT status, MEASURE(count) FROM orders GROUP BY 1',
  queryTitle: 'Orders by status',
  schema: [
    { name: 'status', column_type: 'string' },
    { name: 'orders', column_type: 'number' },
  ],
  data: [
    ['completed', 120],
    ['shipped', 7],
  ],
  totalRows: 2,
};

function renderAll(lines: readonly ChatStreamMessage[], isTerminal = false) {
  const renderer = new ChatLineRenderer({ isTerminal });
  const text = lines.map((line) => renderer.render(line)).join('') + renderer.end();
  return { renderer, text };
}

describe('the chat line renderer', () => {
  it('writes tool calls, the result table and the answer once, without the reasoning in a pipe', () => {
    const { renderer, text } = renderAll(
      answerStream({ answer: ['There are ', '127 orders', '.'], sqlResult }),
    );
    expect(text).toBe(
      [
        '→ platformMeta {"searchQuery":"orders status"}',
        '✓ platformMeta: orders',
        '→ platformSqlApi {"sqlQuery":"SELECT 1","queryTitle":"Orders by status"}',
        '✓ platformSqlApi: Orders by status',
        'status     orders',
        'completed  120',
        'shipped    7',
        '(2 rows)',
        'There are 127 orders.',
        '',
      ].join('\n'),
    );
    expect(renderer.chatId).toBe('chat-1');
    expect(renderer.finalAnswer).toBe('There are 127 orders.');
    expect(renderer.isStateReceived).toBe(true);
    expect(renderer.isAborted).toBe(false);
  });

  it('dims the reasoning and shows the usage at a terminal', () => {
    const { text } = renderAll(answerStream({ answer: ['Done.'], sqlResult }), true);
    expect(text.startsWith('\u001b[2mlooking up orders\u001b[22m\n→ platformMeta')).toBe(true);
    expect(text).toContain('\u001b[2m(2 LLM calls, 15 tokens)\u001b[22m\n');
  });

  it('says how many rows the table leaves out', () => {
    const partial = formatToolResult(
      'platformSqlApi',
      JSON.stringify({ ...sqlResult, data: [['completed', 120]], totalRows: 250 }),
    );
    expect(partial.split('\n').at(-1)).toBe('(showing 1 of 250 rows)');
  });

  it('prints a final answer that no delta showed, and only the missing part of one that deltas began', () => {
    const withoutDeltas = renderAll([
      { id: '__cutoff__', state: { chatId: 'c', isStreaming: true } },
      { id: 'f', role: 'assistant', content: 'All done.', isDelta: false, graphPath: ['final'] },
    ]);
    expect(withoutDeltas.text).toBe('All done.\n');
    const begun = renderAll([
      { id: 'a', role: 'assistant', content: 'All ', isDelta: true, graphPath: agentPath },
      { id: 'f', role: 'assistant', content: 'All done.', isDelta: false, graphPath: ['final'] },
    ]);
    expect(begun.text).toBe('All done.\n');
  });

  it('shows a re-sent tool call once, and a failed tool with its error', () => {
    const call = { name: 'platformSqlApi', input: '{"sqlQuery":"SELECT nope"}' };
    const failed = { ...call, result: '{"error":"unknown column nope"}' };
    const { text } = renderAll([
      { id: 't', role: 'assistant', toolCall: call, isInProcess: true, graphPath: toolsPath },
      { id: 't', role: 'assistant', toolCall: call, isInProcess: true, graphPath: toolsPath },
      { id: 't', role: 'assistant', toolCall: failed, isInProcess: false, graphPath: toolsPath },
      { id: 't', role: 'assistant', toolCall: failed, isInProcess: false, graphPath: toolsPath },
    ]);
    expect(text).toBe(
      '→ platformSqlApi {"sqlQuery":"SELECT nope"}\n✗ platformSqlApi failed: unknown column nope\n',
    );
  });

  it('records an abort and an error reported in the stream', () => {
    const aborted = renderAll([
      { id: 'a', role: 'assistant', content: 'Count', isDelta: true, graphPath: agentPath },
      { id: '__aborted__', role: 'assistant' },
    ]);
    expect(aborted.text).toBe('Count\n(answer aborted)\n');
    expect(aborted.renderer.isAborted).toBe(true);
    expect(aborted.renderer.finalAnswer).toBeNull();
    const failed = renderAll([{ id: 'x', error: 'the model endpoint is unreachable' }]);
    expect(failed.text).toBe('');
    expect(failed.renderer.error).toBe('the model endpoint is unreachable');
  });

  it('cuts a long tool input and leaves the chart spec out', () => {
    const line = formatToolCall(
      'platformSqlApi',
      JSON.stringify({ sqlQuery: 'x'.repeat(1000), vegaSpec: '{}' }),
    );
    expect(line.length).toBeLessThan(450);
    expect(line.endsWith('…')).toBe(true);
    expect(line).not.toContain('vegaSpec');
  });
});
