import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const hostScript = fileURLToPath(new URL('../../../../examples/embed/server.mjs', import.meta.url));

/**
 * The embed example's host (examples/embed) in a child process, exactly as `npm run example:embed`
 * starts it; resolves with its port once it says where to open it. Shared by the browser test and the
 * embed-page benchmark.
 */
export function startExampleEmbedHost(
  environment: Record<string, string>,
): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, [hostScript], {
    env: { ...process.env, ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the example host did not start:\n${output}`)), 20_000);
    const read = (chunk: Buffer) => {
      output += String(chunk);
      const match = /open http:\/\/127\.0\.0\.1:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, port: Number(match[1]) });
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the example host exited (${code}):\n${output}`));
    });
  });
}
