import type { GitStore } from '../../platform/git-store/git-store.js';
import { DbtManifestError } from './dbt-manifest-error.js';
import type { DbtProject } from './dbt-project.types.js';
import { readDbtCatalog, withCatalogTypes } from './read-dbt-catalog.js';
import { readDbtManifest } from './read-dbt-manifest.js';
import { findDbtProjectFile } from './read-dbt-project-config.js';
import { readDbtProjectFiles } from './read-dbt-project-files.js';

const projectFileName = 'dbt_project.yml';
/** The files a dbt project is read from when it has no manifest: config, SQL, schema YAML, doc blocks. */
const projectFilePattern = /\.(ya?ml|sql|md)$/i;
/** A checked-in manifest or catalog larger than an uploaded one may be is refused the same way. */
const jsonLimitBytes = 50 * 1024 * 1024;

export interface DbtProjectAtCommit {
  project: DbtProject;
  /** The file the project was read from: the manifest, or the project file. */
  readFrom: string;
}

/**
 * Reads the dbt project of a fetched commit: its `target/manifest.json` (beside `dbt_project.yml`, or at
 * the root) when one is checked in, else the project's own YAML, SQL and Markdown files; a checked-in
 * `target/catalog.json` adds the warehouse's column types. dbt is not run.
 */
export async function readDbtProjectAtCommit(
  gitStore: GitStore,
  repositoryId: string,
  commit: string,
): Promise<DbtProjectAtCommit> {
  const files = await gitStore.listFiles(repositoryId, commit);
  const paths = files.map((file) => file.path);
  const targetFiles = paths.filter((path) => /^([^/]+\/)?target\/(manifest|catalog)\.json$/.test(path));
  let root = '';
  try {
    const projectFile = findDbtProjectFile(paths);
    root = projectFile.slice(0, projectFile.length - projectFileName.length);
  } catch (error) {
    if (!targetFiles.includes('target/manifest.json')) throw error;
  }
  /** `target/<name>` beside the project file, else at the root. */
  const targetFile = (name: string) =>
    [`${root}target/${name}`, `target/${name}`].find((path) => targetFiles.includes(path));
  const readJson = async (path: string): Promise<unknown> => {
    const size = files.find((file) => file.path === path)?.size ?? 0;
    if (size > jsonLimitBytes) {
      throw new DbtManifestError(`${path} is ${size} bytes; it may be at most 50 MB`);
    }
    const bytes = await gitStore.readFile(repositoryId, commit, path);
    try {
      return JSON.parse(new TextDecoder().decode(bytes ?? new Uint8Array()));
    } catch (error) {
      throw new DbtManifestError(
        `${path} is not JSON: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  };
  const manifestPath = targetFile('manifest.json');
  const catalogPath = targetFile('catalog.json');
  let project: DbtProject;
  let readFrom: string;
  if (manifestPath !== undefined) {
    project = readDbtManifest(await readJson(manifestPath));
    readFrom = manifestPath;
  } else {
    const texts = new Map<string, string>();
    const decoder = new TextDecoder();
    for (const path of paths.filter(
      (candidate) => candidate.startsWith(root) && projectFilePattern.test(candidate),
    )) {
      const bytes = await gitStore.readFile(repositoryId, commit, path);
      if (bytes) texts.set(path, decoder.decode(bytes));
    }
    project = readDbtProjectFiles(texts);
    readFrom = `${root}${projectFileName}`;
  }
  if (catalogPath === undefined) return { project, readFrom };
  return {
    project: withCatalogTypes(project, readDbtCatalog(await readJson(catalogPath))),
    readFrom: `${readFrom} and ${catalogPath}`,
  };
}
