import { lazy, type ReactNode, Suspense } from 'react';
import { Loading } from './components/status.js';
import { prefetchDashboard } from './dashboards/dashboard-prefetch.js';
import { useLocation } from './routing/router.js';
import { type Route, routeOf } from './routing/routes.js';
import { RequireSession } from './session/session.js';

// One chunk per page (import()), so a page's heavy dependencies (Vega for charts) load with that page only.
const LoginPage = lazy(() =>
  import('./pages/login-page.js').then((module) => ({ default: module.LoginPage })),
);
const DevicePage = lazy(() =>
  import('./pages/device-page.js').then((module) => ({ default: module.DevicePage })),
);
const HomePage = lazy(() => import('./pages/home-page.js').then((module) => ({ default: module.HomePage })));
const WorkbookPage = lazy(() =>
  import('./pages/workbook-page.js').then((module) => ({ default: module.WorkbookPage })),
);
const ReportPage = lazy(() =>
  import('./pages/report-page.js').then((module) => ({ default: module.ReportPage })),
);
const loadDashboardPage = () => import('./pages/dashboard-page.js');
const DashboardPage = lazy(() => loadDashboardPage().then((module) => ({ default: module.DashboardPage })));
// The embed page (another site's iframe): no session, no app chrome.
const EmbedDashboardPage = lazy(() =>
  import('./pages/embed-dashboard-page.js').then((module) => ({ default: module.EmbedDashboardPage })),
);
const NotFoundPage = lazy(() =>
  import('./pages/not-found-page.js').then((module) => ({ default: module.NotFoundPage })),
);

function pageOf(route: Route): { element: ReactNode; needsSession: boolean } {
  switch (route.page) {
    case 'login':
      return { element: <LoginPage />, needsSession: false };
    case 'home':
      return {
        element: <HomePage deploymentId={route.deploymentId} folderId={route.folderId} />,
        needsSession: true,
      };
    case 'dashboard':
      // Its chunk and the dashboard load beside the session check instead of after it.
      loadDashboardPage().catch(() => {
        // Rendering the page reports the failure.
      });
      prefetchDashboard(route.publicId);
      return { element: <DashboardPage publicId={route.publicId} />, needsSession: true };
    case 'embedDashboard':
      return { element: <EmbedDashboardPage publicId={route.publicId} />, needsSession: false };
    case 'renderDashboard':
      // The server's headless browser rendering a notification: the embed page's view, for its token.
      return { element: <EmbedDashboardPage publicId={route.publicId} isRender />, needsSession: false };
    case 'workbook':
      return {
        element: <WorkbookPage deploymentId={route.deploymentId} workbookId={route.workbookId} />,
        needsSession: true,
      };
    case 'report':
      return {
        element: <ReportPage deploymentId={route.deploymentId} reportId={route.reportId} />,
        needsSession: true,
      };
    case 'device':
      return { element: <DevicePage />, needsSession: true };
    case 'notFound':
      return { element: <NotFoundPage />, needsSession: false };
  }
}

export function App() {
  const location = useLocation();
  const { element, needsSession } = pageOf(routeOf(location.pathname));
  const page = <Suspense fallback={<Loading label="Loading the page" />}>{element}</Suspense>;
  return needsSession ? <RequireSession>{page}</RequireSession> : page;
}
