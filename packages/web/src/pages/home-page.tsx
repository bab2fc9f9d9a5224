import { platformApi } from '../api/platform-api.js';
import { useApi } from '../api/use-api.js';
import { PageLayout } from '../components/page-layout.js';
import { ErrorMessage, Loading } from '../components/status.js';
import { WorkspaceTree } from '../components/workspace-tree.js';
import { Link } from '../routing/router.js';
import { paths } from '../routing/routes.js';

/** The home page: the caller's deployments; choosing one shows its workspace tree beside them. */
export function HomePage({
  deploymentId,
  folderId,
}: {
  deploymentId: number | null;
  folderId: number | null;
}) {
  const deployments = useApi((signal) => platformApi.listDeployments(signal), 'deployments');
  const chosen =
    deployments.state === 'ready' && deploymentId !== null
      ? deployments.value.items.find((deployment) => deployment.id === deploymentId)
      : undefined;
  return (
    <PageLayout title="Home">
      <div className="columns">
        <section aria-labelledby="deployments-heading">
          <h2 id="deployments-heading">Deployments</h2>
          {deployments.state === 'loading' ? <Loading label="Loading deployments" /> : null}
          {deployments.state === 'error' ? <ErrorMessage error={deployments.error} /> : null}
          {deployments.state === 'ready' && deployments.value.items.length === 0 ? (
            <p className="muted">No deployments yet.</p>
          ) : null}
          {deployments.state === 'ready' ? (
            <ul className="plain deployments" data-testid="deployments">
              {deployments.value.items.map((deployment) => (
                <li key={deployment.id}>
                  <Link
                    to={paths.deployment(deployment.id)}
                    aria-current={deployment.id === deploymentId ? 'page' : undefined}
                  >
                    {deployment.name}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
        <section aria-labelledby="workspace-heading">
          <h2 id="workspace-heading">{chosen ? `Workspace of ${chosen.name}` : 'Workspace'}</h2>
          {deploymentId === null ? (
            <p className="muted">Choose a deployment to see its folders, workbooks and reports.</p>
          ) : (
            <>
              {folderId !== null ? (
                <p>
                  <Link to={paths.deployment(deploymentId)}>Back to the workspace root</Link>
                </p>
              ) : null}
              <WorkspaceTree deploymentId={deploymentId} folderId={folderId} />
            </>
          )}
        </section>
      </div>
    </PageLayout>
  );
}
