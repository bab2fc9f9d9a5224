import { runCli } from './program/run-cli.js';

const exitCode = await runCli(process.argv.slice(2), {
  environment: process.env,
  fetch,
  writeOut: (text) => process.stdout.write(text),
  writeError: (text) => process.stderr.write(text),
});
// Setting exitCode (not calling exit) lets piped stdout drain before the process ends.
process.exitCode = exitCode;
