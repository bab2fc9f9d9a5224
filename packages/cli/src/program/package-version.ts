import cliPackage from '../../package.json' with { type: 'json' };

/** Read from package.json (inlined by the bundler), so `--version` always matches the package. */
export const packageVersion: string = cliPackage.version;
