import { runCli } from '../../src/program/run-cli.js';
import type { RecordingFetch } from './recording-fetch.js';

export interface InProcessResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** Runs a command line in this process with a fake fetch: fast, and sees exactly which requests went out. */
export async function runInProcess(
  args: readonly string[],
  recorder: RecordingFetch,
  environment: Record<string, string> = {},
): Promise<InProcessResult> {
  let stdout = '';
  let stderr = '';
  const exitCode = await runCli(args, {
    environment: {
      PLATFORM_API_URL: 'http://cli.test',
      PLATFORM_API_KEY: 'sk-test-key',
      PLATFORM_CONFIG_DIR: '/nonexistent/platform-cli-test',
      ...environment,
    },
    fetch: recorder.fetch,
    writeOut: (text) => {
      stdout += text;
    },
    writeError: (text) => {
      stderr += text;
    },
  });
  return { exitCode, stdout, stderr };
}
