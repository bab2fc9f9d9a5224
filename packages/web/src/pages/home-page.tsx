import { platformApi } from '../api/platform-api.js';
import { useApi } from '../api/use-api.js';
import { PageLayout } from '../components/page-layout.js';
import { ErrorMessage, Loading } from '../components/status.js';
import { Link } from '../routing/router.js';
import { paths } from '../routing/routes.js';

/** The home page: the caller's deployments; choosing one shows its workspace. */
export function HomePage({ deploymentId }: { deploymentId: number | null; folderId: number | null }) {
  const deployments = useApi((signal) => platformApi.listDeployments(signal), 'deployments');
  return (
    <PageLayout title="Home">
      <section aria-labelledby="deployments-heading">
        <h2 id="deployments-heading">Deployments</h2>
        {deployments.state === 'loading' ? <Loading label="Loading deployments" /> : null}
        {deployments.state === 'error' ? <ErrorMessage error={deployments.error} /> : null}
        {deployments.state === 'ready' ? (
          <ul className="deployments" data-testid="deployments">
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
    </PageLayout>
  );
}
