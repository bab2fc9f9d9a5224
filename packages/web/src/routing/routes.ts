/** Every page of the app, parsed from the path; the server answers index.html for each of these paths. */
export type Route =
  | { page: 'login' }
  | { page: 'device' }
  | { page: 'home'; deploymentId: number | null; folderId: number | null }
  | { page: 'workbook'; deploymentId: number; workbookId: number }
  | { page: 'report'; deploymentId: number; reportId: number }
  | { page: 'dashboard'; publicId: string }
  | { page: 'embedDashboard'; publicId: string }
  | { page: 'renderDashboard'; publicId: string }
  | { page: 'notFound' };

const idPattern = /^[1-9][0-9]{0,15}$/;
/** A dashboard's public id (the contract's DashboardPublicId). */
const publicIdPattern = /^[0-9A-Za-z]{12}$/;

function idOf(segment: string | undefined): number | null {
  return segment !== undefined && idPattern.test(segment) ? Number(segment) : null;
}

export function routeOf(pathname: string): Route {
  const segments = pathname.split('/').filter((segment) => segment !== '');
  const [first, second, third, fourth, ...rest] = segments;
  if (segments.length === 0) return { page: 'home', deploymentId: null, folderId: null };
  if (first === 'login' && segments.length === 1) return { page: 'login' };
  if (first === 'device' && segments.length === 1) return { page: 'device' };
  if (first === 'dashboards' && segments.length === 2 && second !== undefined) {
    return publicIdPattern.test(second) ? { page: 'dashboard', publicId: second } : { page: 'notFound' };
  }
  if (first === 'embed' && second === 'dashboard' && segments.length === 3 && third !== undefined) {
    return publicIdPattern.test(third) ? { page: 'embedDashboard', publicId: third } : { page: 'notFound' };
  }
  if (first === 'render' && second === 'dashboard' && segments.length === 3 && third !== undefined) {
    return publicIdPattern.test(third) ? { page: 'renderDashboard', publicId: third } : { page: 'notFound' };
  }
  const deploymentId = idOf(second);
  if (first !== 'deployments' || deploymentId === null || rest.length > 0) return { page: 'notFound' };
  if (third === undefined) return { page: 'home', deploymentId, folderId: null };
  const childId = idOf(fourth);
  if (childId === null) return { page: 'notFound' };
  if (third === 'folders') return { page: 'home', deploymentId, folderId: childId };
  if (third === 'workbooks') return { page: 'workbook', deploymentId, workbookId: childId };
  if (third === 'reports') return { page: 'report', deploymentId, reportId: childId };
  return { page: 'notFound' };
}

export const paths = {
  home: () => '/',
  deployment: (deploymentId: number) => `/deployments/${deploymentId}`,
  folder: (deploymentId: number, folderId: number) => `/deployments/${deploymentId}/folders/${folderId}`,
  workbook: (deploymentId: number, workbookId: number) =>
    `/deployments/${deploymentId}/workbooks/${workbookId}`,
  report: (deploymentId: number, reportId: number) => `/deployments/${deploymentId}/reports/${reportId}`,
  dashboard: (publicId: string) => `/dashboards/${encodeURIComponent(publicId)}`,
  embedDashboard: (publicId: string) => `/embed/dashboard/${encodeURIComponent(publicId)}`,
  login: (next: string | null) =>
    next && next !== '/' ? `/login?next=${encodeURIComponent(next)}` : '/login',
};

/**
 * Where to go after signing in: only a path of this site (`/x`, not `//host` nor `https://...`), so the
 * login page cannot be made to send a user elsewhere.
 */
export function sameOriginPath(next: string | null, origin: string): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  try {
    const url = new URL(next, origin);
    if (url.origin !== origin) return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}
