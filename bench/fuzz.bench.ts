import { Agent, request as httpRequest } from 'node:http';
import { allOperationVariants, problemOfAnswer } from '../packages/server/test/security/bad-input-targets.js';
import {
  type BadInputRequest,
  sampleOf,
  seededRandom,
} from '../packages/server/test/security/bad-input-variants.js';
import { numberOption } from './support/bench-options.js';
import { adminCall, createFuzzTargets } from './support/fuzz-resources.js';
import { startPlatformServer } from './support/platform-server.js';

/**
 * `npm run bench -- fuzz [--requests 10000] [--seed 12] [--concurrency 8]`: the bad-input suite's
 * variants of every operation, sent over real listeners (the management API with a valid admin key,
 * the chat listener) with real ids, so that requests reach the handlers. Prints the requests sent, the
 * count per status, every 5xx and every error without the documented body; exits non-zero on any 5xx.
 */

interface Answer {
  status: number;
  body: unknown;
  requestId: unknown;
}

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

function send(baseUrl: string, request: BadInputRequest, adminKey: string): Promise<Answer> {
  const target = new URL(baseUrl);
  return new Promise((resolve) => {
    const outgoing = httpRequest(
      {
        agent,
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        headers: {
          ...(request.listener === 'management' ? { authorization: `Bearer ${adminKey}` } : {}),
          ...request.headers,
          ...(request.payload === undefined
            ? {}
            : { 'content-length': String(Buffer.byteLength(request.payload)) }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = JSON.parse(text.split('\n')[0] ?? '');
          } catch {
            // Not JSON: reported by problemOfAnswer when it is an error.
          }
          resolve({ status: response.statusCode ?? 0, body, requestId: response.headers['x-request-id'] });
        });
      },
    );
    // A connection the server closed without an answer counts as status 0 (a failure to report).
    outgoing.on('error', (error) => resolve({ status: 0, body: error.message, requestId: null }));
    if (request.payload !== undefined) outgoing.write(request.payload);
    outgoing.end();
  });
}

/** Every variant once (shuffled), then seeded picks of an operation and one of its variants. */
function planOf(perOperation: BadInputRequest[][], count: number, random: () => number): BadInputRequest[] {
  const everyVariant = sampleOf(perOperation.flat(), count, random);
  const plan = [...everyVariant];
  while (plan.length < count) {
    const variants = perOperation[Math.floor(random() * perOperation.length)] as BadInputRequest[];
    plan.push(variants[Math.floor(random() * variants.length)] as BadInputRequest);
  }
  return plan;
}

export async function run(arguments_: string[]): Promise<void> {
  const requestCount = numberOption(arguments_, 'requests', 10_000);
  const seed = numberOption(arguments_, 'seed', 12);
  const concurrency = numberOption(arguments_, 'concurrency', 8);
  const platform = await startPlatformServer({
    databaseUrl: process.env.DATABASE_URL ?? null,
    isChatListening: true,
  });
  try {
    const targets = await createFuzzTargets(adminCall(platform.url, platform.adminKey));
    const variants = allOperationVariants(targets, 1024 * 1024);
    const plan = planOf(
      variants.map((entry) => entry.requests),
      requestCount,
      seededRandom(seed),
    );
    const statuses = new Map<number, number>();
    const serverErrors: string[] = [];
    const otherProblems: string[] = [];
    let next = 0;
    const started = Date.now();
    const worker = async () => {
      while (next < plan.length) {
        const request = plan[next++] as BadInputRequest;
        const baseUrl = request.listener === 'chat' ? (platform.chatUrl as string) : platform.url;
        const answer = await send(baseUrl, request, platform.adminKey);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        const problem = problemOfAnswer(request, answer);
        if (!problem) continue;
        const line = `${request.operationId} [${request.variant}] ${request.method} ${request.url.slice(0, 160)} → ${problem} ${JSON.stringify(answer.body).slice(0, 240)}`;
        if (answer.status >= 500 || answer.status === 0) serverErrors.push(line);
        else otherProblems.push(line);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    const health = await fetch(`${platform.url}/healthz`);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `fuzz (${platform.engine}, seed ${seed}): ${plan.length} requests to ${variants.length} operations ` +
        `(${variants.reduce((total, entry) => total + entry.requests.length, 0)} distinct variants) in ${seconds} s\n`,
    );
    for (const [status, count] of [...statuses.entries()].sort(([left], [right]) => left - right)) {
      process.stdout.write(`  ${String(status).padStart(3)}  ${count}\n`);
    }
    process.stdout.write(`5xx or no answer: ${serverErrors.length}\n`);
    for (const line of serverErrors) process.stdout.write(`  ${line}\n`);
    process.stdout.write(
      `other problems (a 2xx where a 4xx was due, an undocumented body): ${otherProblems.length}\n`,
    );
    for (const line of otherProblems.slice(0, 50)) process.stdout.write(`  ${line}\n`);
    process.stdout.write(`GET /healthz afterwards: ${health.status}\n`);
    if (serverErrors.length > 0 || health.status !== 200) process.exitCode = 1;
  } finally {
    agent.destroy();
    await platform.close();
  }
}
