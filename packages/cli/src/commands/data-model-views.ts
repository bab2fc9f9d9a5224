import type { DataModelFileNode, OperationResult, Operations } from '@platform/contract';
import { formatBuildError } from '../deploy/deploy-progress.js';
import { normalizeModelPath } from '../deploy/hash-diff.js';
import { formatKeyValues } from '../output/key-values.js';
import { formatTable } from '../output/table.js';

type Branch = OperationResult<Operations['listBranches']>['items'][number];
type Validation = OperationResult<Operations['validateDataModel']>;

/** The files of a tree, depth first, in the order the server listed them. */
export function filesOfTree(nodes: readonly DataModelFileNode[]): DataModelFileNode[] {
  return nodes.flatMap((node) => (node.type === 'file' ? [node] : filesOfTree(node.children ?? [])));
}

export function findFile(nodes: readonly DataModelFileNode[], path: string): DataModelFileNode | null {
  const wanted = normalizeModelPath(path);
  return filesOfTree(nodes).find((node) => normalizeModelPath(node.path) === wanted) ?? null;
}

export function formatFileList(listing: OperationResult<Operations['listDataModelFiles']>): string {
  const paths = filesOfTree(listing.files).map((node) => node.path);
  const header = `branch ${listing.branchName} at ${listing.lastHash.slice(0, 12)}`;
  return [header, ...(paths.length > 0 ? paths : ['(no files)'])].join('\n');
}

export function formatFileHashes(hashes: Record<string, { hash: string }>): string {
  const rows = Object.entries(hashes)
    .map(([path, entry]) => ({ path, hash: entry.hash }))
    .sort((left, right) => left.path.localeCompare(right.path));
  if (rows.length === 0) return 'no files';
  return formatTable(
    [
      { header: 'PATH', value: (row: { path: string; hash: string }) => row.path },
      { header: 'SHA-1', value: (row: { path: string; hash: string }) => row.hash },
    ],
    rows,
  );
}

export function formatBranches(branches: readonly Branch[]): string {
  if (branches.length === 0) return 'no branches';
  return formatTable(
    [
      { header: 'NAME', value: (branch: Branch) => branch.name },
      { header: 'PARENT', value: (branch: Branch) => branch.parentBranch },
      { header: 'LAST COMMIT', value: (branch: Branch) => branch.lastHash.slice(0, 12) },
    ],
    branches,
  );
}

export function formatBranch(branch: Branch): string {
  return formatKeyValues([
    ['name', branch.name],
    ['parent', branch.parentBranch],
    ['last commit', branch.lastHash],
  ]);
}

export function formatValidation(validation: Validation): string {
  const verdict = validation.valid
    ? `valid: ${validation.cubesCount} cube${validation.cubesCount === 1 ? '' : 's'} on ${validation.branchName}`
    : `invalid: ${validation.errors.length} error${validation.errors.length === 1 ? '' : 's'} on ${validation.branchName}`;
  const errors = validation.errors.map((error) =>
    formatBuildError({ message: error.message, fileName: error.fileName || null, line: error.line ?? null }),
  );
  return [verdict, ...errors].join('\n');
}
