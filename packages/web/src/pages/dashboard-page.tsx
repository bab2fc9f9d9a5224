import { lazy, Suspense, useEffect } from 'react';
import type { ApiError } from '../api/api-client.js';
import { platformApi } from '../api/platform-api.js';
import { useApi } from '../api/use-api.js';
import { PageLayout } from '../components/page-layout.js';
import { ErrorMessage, Loading } from '../components/status.js';
import { takePrefetchedDashboard } from '../dashboards/dashboard-prefetch.js';
import { Link } from '../routing/router.js';
import { paths } from '../routing/routes.js';
import { canDownloadData } from '../session/rights.js';
import { useCurrentUser } from '../session/session.js';

// Each kind in its own chunk: an APP dashboard loads no grid, a CLASSIC one no app bridge.
const loadClassicDashboard = () => import('../dashboards/classic-dashboard.js');
const ClassicDashboard = lazy(() =>
  loadClassicDashboard().then((module) => ({ default: module.ClassicDashboard })),
);
const AppDashboard = lazy(() =>
  import('../dashboards/app-dashboard.js').then((module) => ({ default: module.AppDashboard })),
);

function DashboardError({ error }: { error: ApiError }) {
  const heading =
    error.status === 404
      ? 'Dashboard not found'
      : error.status === 403
        ? 'You cannot see this dashboard'
        : 'The dashboard could not be loaded';
  return (
    <main className="dashboard-error">
      <h1>{heading}</h1>
      <ErrorMessage error={error} title="The server said" />
      <p>
        <Link to={paths.home()}>Go to the home page</Link>
      </p>
    </main>
  );
}

/** `/dashboards/{publicId}`: the dashboard's latest published version, as the signed-in user sees it. */
export function DashboardPage({ publicId }: { publicId: string }) {
  const user = useCurrentUser();
  const dashboard = useApi((signal) => {
    // Most dashboards are CLASSIC: their grid's chunk loads while the dashboard is requested.
    loadClassicDashboard().catch(() => {
      // Rendering it reports the failure.
    });
    return takePrefetchedDashboard(publicId) ?? platformApi.getDashboardByPublicId(publicId, signal);
  }, publicId);
  const title =
    dashboard.state === 'ready'
      ? (dashboard.value.title ?? dashboard.value.config.title ?? 'Dashboard')
      : 'Dashboard';
  useEffect(() => {
    document.title = `${title} · Platform`;
  }, [title]);
  if (dashboard.state === 'loading') {
    return (
      <main>
        <Loading label="Loading the dashboard" />
      </main>
    );
  }
  if (dashboard.state === 'error') return <DashboardError error={dashboard.error} />;
  const value = dashboard.value;
  const canDownload = !value.restrictDataDownload || canDownloadData(user);
  return (
    <PageLayout title={title}>
      <Suspense fallback={<Loading label="Loading the dashboard's widgets" />}>
        {value.config.kind === 'APP' ? (
          <AppDashboard dashboard={value} />
        ) : (
          <ClassicDashboard dashboard={value} canDownload={canDownload} />
        )}
      </Suspense>
    </PageLayout>
  );
}
