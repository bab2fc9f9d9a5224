import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface LocalSmtpServer {
  url: string;
  mails: ParsedMail[];
  /** Resolves once `count` mails have arrived in all. */
  received(count: number, timeoutMilliseconds?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

/** A real SMTP server on a free local port that parses every mail it accepts. */
export async function startLocalSmtpServer(): Promise<LocalSmtpServer> {
  const mails: ParsedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          mails.push(mail);
          for (const wake of waiters.splice(0)) wake();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async received(count, timeoutMilliseconds = 15_000) {
      const deadline = Date.now() + timeoutMilliseconds;
      while (mails.length < count) {
        if (Date.now() > deadline) throw new Error(`${mails.length} of ${count} mails arrived`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return mails;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
