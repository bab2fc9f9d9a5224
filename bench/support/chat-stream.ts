import { performance } from 'node:perf_hooks';

/** One line of the chat stream, as far as the bench reads it. */
export interface ChatLine {
  id?: string;
  role?: string;
  content?: string;
  graphPath?: string[];
  isDelta?: boolean;
  state?: { chatId?: string; isStreaming?: boolean };
  error?: unknown;
  jsonrpc?: string;
}

export interface TimedChatStream {
  status: number;
  lines: ChatLine[];
  /** From sending the request to the first complete line. */
  firstLineMs: number | null;
  /** From sending the request to the end of the stream. */
  totalMs: number;
  chatId: string | null;
  /** Why this stream counts as failed, or null. */
  failure: string | null;
}

export interface ChatEndpoint {
  streamUrl: string;
  agentKey: string;
}

/** SPEC.md "Chat stream" rule 4: the consolidated answer. */
export function finalAnswerOf(lines: readonly ChatLine[]): string | null {
  const finals = lines.filter(
    (line) =>
      line.role === 'assistant' &&
      line.isDelta !== true &&
      line.graphPath?.[0] === 'final' &&
      (line.graphPath?.length ?? 0) <= 2,
  );
  return finals.at(-1)?.content ?? null;
}

function failureOf(status: number, lines: readonly ChatLine[], isAnswerExpected: boolean): string | null {
  if (status !== 200) return `HTTP ${status}: ${JSON.stringify(lines[0] ?? null)}`;
  const broken = lines.find((line) => line.jsonrpc !== undefined || line.error !== undefined);
  if (broken) return JSON.stringify(broken);
  if (isAnswerExpected && finalAnswerOf(lines) === null) return 'the stream ended without a final answer';
  return null;
}

/**
 * POSTs one chat request and reads the answer line by line, timing the first line and the end.
 * `onLine` sees each line as it arrives (to act mid-stream).
 */
export async function timedChatStream(
  endpoint: ChatEndpoint,
  body: Record<string, unknown>,
  options: { isAnswerExpected: boolean; onLine?: (line: ChatLine) => void },
): Promise<TimedChatStream> {
  const started = performance.now();
  const response = await fetch(endpoint.streamUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Api-Key ${endpoint.agentKey}` },
    body: JSON.stringify(body),
  });
  const lines: ChatLine[] = [];
  let firstLineMs: number | null = null;
  let pending = '';
  const decoder = new TextDecoder();
  const take = (text: string) => {
    const line = JSON.parse(text) as ChatLine;
    firstLineMs ??= performance.now() - started;
    lines.push(line);
    options.onLine?.(line);
  };
  if (response.body) {
    for await (const chunk of response.body) {
      pending += decoder.decode(chunk, { stream: true });
      let newline = pending.indexOf('\n');
      while (newline >= 0) {
        const text = pending.slice(0, newline).trim();
        pending = pending.slice(newline + 1);
        if (text !== '') take(text);
        newline = pending.indexOf('\n');
      }
    }
  }
  pending += decoder.decode();
  if (pending.trim() !== '') take(pending.trim());
  const totalMs = performance.now() - started;
  const chatId = lines.find((line) => line.id === '__cutoff__')?.state?.chatId ?? null;
  return {
    status: response.status,
    lines,
    firstLineMs,
    totalMs,
    chatId,
    failure: failureOf(response.status, lines, options.isAnswerExpected),
  };
}

/** A fresh `<timestamp>-message` id; the counter keeps ids of one millisecond apart. */
let messageCounter = 0;
export function newMessageId(): string {
  messageCounter += 1;
  return `${Date.now()}${String(messageCounter % 1000).padStart(3, '0')}-message`;
}
