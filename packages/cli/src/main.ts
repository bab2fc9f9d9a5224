import { isatty } from 'node:tty';
import { runCli } from './program/run-cli.js';

const exitCode = await runCli(process.argv.slice(2), {
  environment: process.env,
  fetch,
  writeOut: (text) => process.stdout.write(text),
  writeError: (text) => process.stderr.write(text),
  // Getters: touching process.stdin opens it, which only an interactive command should do.
  terminal: {
    get input() {
      return process.stdin;
    },
    output: process.stdout,
    isInputTerminal: isatty(0),
    isOutputTerminal: process.stdout.isTTY === true,
  },
});
// Setting exitCode (not calling exit) lets piped stdout drain before the process ends.
process.exitCode = exitCode;
