import Fastify from 'fastify';

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/** The baseline: Fastify answering a constant JSON body, no logger, nothing else. */
export async function startBareServer(): Promise<RunningServer> {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url: address, close: () => app.close() };
}
