import { useState } from 'react';
import type { OperationOutput } from '../api/api-client.js';
import { platformApi } from '../api/platform-api.js';
import { useApi } from '../api/use-api.js';
import { Link } from '../routing/router.js';
import { paths } from '../routing/routes.js';
import { ErrorMessage, Loading } from './status.js';

type WorkspaceItem = OperationOutput<'listWorkspace'>['items'][number];

const typeLabels: Record<WorkspaceItem['type'], string> = {
  FOLDER: 'Folder',
  WORKBOOK: 'Workbook',
  REPORT: 'Report',
};

/** One folder's items (folders first, as the API sorts them); a folder opens in place on demand. */
function FolderItems({ deploymentId, folderId }: { deploymentId: number; folderId: number | null }) {
  const items = useApi(
    (signal) => platformApi.listWorkspace(deploymentId, folderId, signal),
    `${deploymentId}/${folderId ?? 'root'}`,
  );
  if (items.state === 'loading') return <Loading label="Loading the folder" />;
  if (items.state === 'error') return <ErrorMessage error={items.error} />;
  if (items.value.items.length === 0) return <p className="muted">Nothing here yet.</p>;
  return (
    <ul className="tree">
      {items.value.items.map((item) => (
        <WorkspaceEntry key={`${item.type}-${item.id}`} deploymentId={deploymentId} item={item} />
      ))}
    </ul>
  );
}

function WorkspaceEntry({ deploymentId, item }: { deploymentId: number; item: WorkspaceItem }) {
  const [isOpen, setOpen] = useState(false);
  if (item.type === 'FOLDER') {
    return (
      <li data-item-type="folder">
        <button
          type="button"
          className="tree-toggle"
          aria-expanded={isOpen}
          onClick={() => setOpen((open) => !open)}
        >
          <span aria-hidden="true">{isOpen ? '▾' : '▸'}</span> {item.name}
        </button>
        {isOpen ? <FolderItems deploymentId={deploymentId} folderId={item.id} /> : null}
      </li>
    );
  }
  const to =
    item.type === 'WORKBOOK' ? paths.workbook(deploymentId, item.id) : paths.report(deploymentId, item.id);
  return (
    <li data-item-type={item.type.toLowerCase()}>
      <span className="item-type">{typeLabels[item.type]}</span> <Link to={to}>{item.name}</Link>
    </li>
  );
}

/** The deployment's folders, workbooks and reports as a tree, from the root or from one folder. */
export function WorkspaceTree({ deploymentId, folderId }: { deploymentId: number; folderId: number | null }) {
  return (
    <nav aria-label="Workspace" data-testid="workspace-tree">
      <FolderItems deploymentId={deploymentId} folderId={folderId} />
    </nav>
  );
}
