import type { LanguageModelV3Prompt } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { readAnalystTurn } from '../../src/platform/llm/builtin-analyst/analyst-turn.reader.js';

const question = (text: string) => ({ role: 'user' as const, content: [{ type: 'text' as const, text }] });
const answer = (text: string) => ({ role: 'assistant' as const, content: [{ type: 'text' as const, text }] });

describe('reading the built-in analyst turn from the AI SDK prompt', () => {
  it('gives the earlier questions of the thread, oldest first, and the tool calls of the last one only', () => {
    const prompt: LanguageModelV3Prompt = [
      { role: 'system', content: 'You are an analyst.' },
      question('revenue by channel in 2025'),
      answer('Revenue by sales channel, in 2025: …'),
      question('and by month?'),
      answer('Revenue by month and sales channel, in 2025: …'),
      question('what about 2024?'),
      {
        role: 'assistant',
        content: [
          {
            type: 'tool-call',
            toolCallId: 'call-1',
            toolName: 'platformMeta',
            input: { searchQuery: 'revenue' },
          },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call-1',
            toolName: 'platformMeta',
            output: { type: 'json', value: { cubes: [] } },
          },
        ],
      },
    ];
    expect(readAnalystTurn(prompt)).toEqual({
      question: 'what about 2024?',
      earlierQuestions: ['revenue by channel in 2025', 'and by month?'],
      toolCalls: [
        {
          toolCallId: 'call-1',
          toolName: 'platformMeta',
          input: { searchQuery: 'revenue' },
          outcome: { output: { cubes: [] } },
        },
      ],
    });
  });

  it('has no earlier questions for the first question of a thread', () => {
    expect(readAnalystTurn([question('How many orders are there?')])).toEqual({
      question: 'How many orders are there?',
      earlierQuestions: [],
      toolCalls: [],
    });
  });
});
