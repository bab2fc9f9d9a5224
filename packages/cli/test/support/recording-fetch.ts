export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: unknown;
}

export interface RecordingFetch {
  fetch: typeof fetch;
  requests: RecordedRequest[];
}

/** A fetch that records each request and answers with what `answer` returns (JSON by default). */
export function recordingFetch(
  answer: (request: RecordedRequest) => { status: number; body?: unknown; headers?: Record<string, string> },
): RecordingFetch {
  const requests: RecordedRequest[] = [];
  const fetchFunction = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const rawBody = typeof init?.body === 'string' ? init.body : undefined;
    const request: RecordedRequest = {
      method: init?.method ?? 'GET',
      url: new URL(String(input instanceof Request ? input.url : input)),
      headers,
      body: rawBody === undefined ? undefined : JSON.parse(rawBody),
    };
    requests.push(request);
    const reply = answer(request);
    const text =
      reply.body === undefined
        ? null
        : typeof reply.body === 'string'
          ? reply.body
          : JSON.stringify(reply.body);
    return new Response(reply.status === 204 ? null : text, {
      status: reply.status,
      headers: { 'content-type': 'application/json', ...reply.headers },
    });
  };
  return { fetch: fetchFunction as typeof fetch, requests };
}
