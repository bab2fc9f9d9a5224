import { homedir } from 'node:os';
import { join } from 'node:path';

/** PLATFORM_CONFIG_DIR (tests, several installations), else XDG_CONFIG_HOME/platform, else ~/.config/platform. */
export function configDirectoryOf(environment: NodeJS.ProcessEnv): string {
  const override = environment.PLATFORM_CONFIG_DIR?.trim();
  if (override) return override;
  const xdgConfigHome = environment.XDG_CONFIG_HOME?.trim();
  if (xdgConfigHome) return join(xdgConfigHome, 'platform');
  return join(homedir(), '.config', 'platform');
}

export function configFileOf(directory: string): string {
  return join(directory, 'config.json');
}
