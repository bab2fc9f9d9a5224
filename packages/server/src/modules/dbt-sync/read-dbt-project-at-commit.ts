import type { GitStore } from '../../platform/git-store/git-store.js';
import { DbtManifestError } from './dbt-manifest-error.js';
import type { DbtProject } from './dbt-project.types.js';
import { readDbtManifest } from './read-dbt-manifest.js';
import { findDbtProjectFile } from './read-dbt-project-config.js';
import { readDbtProjectFiles } from './read-dbt-project-files.js';

const projectFileName = 'dbt_project.yml';
/** The files a dbt project is read from when it has no manifest: config, SQL, schema YAML, doc blocks. */
const projectFilePattern = /\.(ya?ml|sql|md)$/i;
/** A checked-in manifest larger than an uploaded one may be is refused the same way. */
const manifestLimitBytes = 50 * 1024 * 1024;

export interface DbtProjectAtCommit {
  project: DbtProject;
  /** The file the project was read from: the manifest, or the project file. */
  readFrom: string;
}

/**
 * Reads the dbt project of a fetched commit: its `target/manifest.json` (beside `dbt_project.yml`, or at
 * the root) when one is checked in, else the project's own YAML, SQL and Markdown files. dbt is not run.
 */
export async function readDbtProjectAtCommit(
  gitStore: GitStore,
  repositoryId: string,
  commit: string,
): Promise<DbtProjectAtCommit> {
  const files = await gitStore.listFiles(repositoryId, commit);
  const paths = files.map((file) => file.path);
  const manifestCandidates = paths.filter((path) => /^([^/]+\/)?target\/manifest\.json$/.test(path));
  let root = '';
  try {
    const projectFile = findDbtProjectFile(paths);
    root = projectFile.slice(0, projectFile.length - projectFileName.length);
  } catch (error) {
    if (!manifestCandidates.includes('target/manifest.json')) throw error;
  }
  const manifestPath = [`${root}target/manifest.json`, 'target/manifest.json'].find((path) =>
    manifestCandidates.includes(path),
  );
  if (manifestPath !== undefined) {
    const size = files.find((file) => file.path === manifestPath)?.size ?? 0;
    if (size > manifestLimitBytes) {
      throw new DbtManifestError(`${manifestPath} is ${size} bytes; a manifest may be at most 50 MB`);
    }
    const bytes = await gitStore.readFile(repositoryId, commit, manifestPath);
    let json: unknown;
    try {
      json = JSON.parse(new TextDecoder().decode(bytes ?? new Uint8Array()));
    } catch (error) {
      throw new DbtManifestError(
        `${manifestPath} is not JSON: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    return { project: readDbtManifest(json), readFrom: manifestPath };
  }
  const texts = new Map<string, string>();
  const decoder = new TextDecoder();
  for (const path of paths.filter(
    (candidate) => candidate.startsWith(root) && projectFilePattern.test(candidate),
  )) {
    const bytes = await gitStore.readFile(repositoryId, commit, path);
    if (bytes) texts.set(path, decoder.decode(bytes));
  }
  return { project: readDbtProjectFiles(texts), readFrom: `${root}${projectFileName}` };
}
