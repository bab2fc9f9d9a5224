import type { ChatStreamMessage } from '@platform/contract';

/** A chat stream read over real HTTP, line by line, so a test can act in the middle of an answer. */
export class ChatStreamReader {
  readonly lines: ChatStreamMessage[] = [];
  private readonly iterator: AsyncIterator<ChatStreamMessage>;
  private isEnded = false;

  private constructor(
    readonly status: number,
    body: ReadableStream<Uint8Array> | null,
  ) {
    this.iterator = linesOf(body)[Symbol.asyncIterator]();
  }

  /** POSTs the request; the answer's status is known once its headers arrived. */
  static async open(url: string, agentKey: string, body: object): Promise<ChatStreamReader> {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Api-Key ${agentKey}` },
      body: JSON.stringify(body),
    });
    return new ChatStreamReader(response.status, response.body);
  }

  /** Reads until a line matches (and returns it); fails when the stream ends first. */
  async until(predicate: (line: ChatStreamMessage) => boolean): Promise<ChatStreamMessage> {
    for (;;) {
      const next = await this.iterator.next();
      if (next.done) {
        this.isEnded = true;
        throw new Error(`the stream ended before the line looked for:\n${JSON.stringify(this.lines)}`);
      }
      this.lines.push(next.value);
      if (predicate(next.value)) return next.value;
    }
  }

  /** Reads to the end of the stream and returns every line read. */
  async rest(): Promise<ChatStreamMessage[]> {
    while (!this.isEnded) {
      const next = await this.iterator.next();
      if (next.done) this.isEnded = true;
      else this.lines.push(next.value);
    }
    return this.lines;
  }
}

async function* linesOf(body: ReadableStream<Uint8Array> | null): AsyncGenerator<ChatStreamMessage> {
  if (!body) return;
  const decoder = new TextDecoder();
  let pending = '';
  for await (const chunk of body) {
    pending += decoder.decode(chunk, { stream: true });
    let newline = pending.indexOf('\n');
    while (newline >= 0) {
      const text = pending.slice(0, newline).trim();
      pending = pending.slice(newline + 1);
      if (text !== '') yield JSON.parse(text) as ChatStreamMessage;
      newline = pending.indexOf('\n');
    }
  }
  pending += decoder.decode();
  if (pending.trim() !== '') yield JSON.parse(pending.trim()) as ChatStreamMessage;
}
