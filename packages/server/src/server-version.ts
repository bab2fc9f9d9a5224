import serverPackage from '../package.json' with { type: 'json' };

/** The version of this server build, from its package manifest (the one place it is written down). */
export const serverVersion: string = serverPackage.version;
