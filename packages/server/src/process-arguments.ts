import { ConfigError } from './config.js';

/**
 * The process's command line (`node main.js --role api`), folded into the environment it is configured
 * from: `--role` overrides PLATFORM_ROLE, so both are checked by the same rule in loadConfig.
 */
export function environmentWithArguments(
  argumentList: readonly string[],
  environment: NodeJS.ProcessEnv,
): NodeJS.ProcessEnv {
  const result = { ...environment };
  for (let index = 0; index < argumentList.length; index += 1) {
    const argument = argumentList[index] ?? '';
    if (argument.startsWith('--role=')) {
      result.PLATFORM_ROLE = argument.slice('--role='.length);
    } else if (argument === '--role') {
      const value = argumentList[index + 1];
      if (value === undefined) throw new ConfigError('--role needs a value: all, api, ai or worker');
      result.PLATFORM_ROLE = value;
      index += 1;
    } else {
      throw new ConfigError(
        `unknown argument "${argument}" (the server takes only --role all|api|ai|worker)`,
      );
    }
  }
  return result;
}
