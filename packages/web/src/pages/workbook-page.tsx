import { platformApi } from '../api/platform-api.js';
import { useApi } from '../api/use-api.js';
import { PageLayout } from '../components/page-layout.js';
import { ErrorMessage, Loading } from '../components/status.js';
import { Link } from '../routing/router.js';
import { paths } from '../routing/routes.js';

/** A workbook and its reports. */
export function WorkbookPage({ deploymentId, workbookId }: { deploymentId: number; workbookId: number }) {
  const key = `${deploymentId}/${workbookId}`;
  const workbook = useApi((signal) => platformApi.getWorkbook(deploymentId, workbookId, signal), key);
  const reports = useApi((signal) => platformApi.listWorkbookReports(deploymentId, workbookId, signal), key);
  const title = workbook.state === 'ready' ? workbook.value.name : 'Workbook';
  return (
    <PageLayout title={title}>
      <p>
        <Link to={paths.deployment(deploymentId)}>Back to the workspace</Link>
      </p>
      {workbook.state === 'error' ? (
        <ErrorMessage error={workbook.error} title="Could not open the workbook" />
      ) : null}
      {workbook.state === 'ready' && workbook.value.folderPath.length > 0 ? (
        <p className="muted">In {workbook.value.folderPath.map((folder) => folder.name).join(' / ')}</p>
      ) : null}
      <section aria-labelledby="reports-heading">
        <h2 id="reports-heading">Reports</h2>
        {reports.state === 'loading' ? <Loading label="Loading the reports" /> : null}
        {reports.state === 'error' ? <ErrorMessage error={reports.error} /> : null}
        {reports.state === 'ready' && reports.value.items.length === 0 ? (
          <p className="muted">This workbook has no reports yet.</p>
        ) : null}
        {reports.state === 'ready' ? (
          <ul className="plain" data-testid="workbook-reports">
            {reports.value.items.map((report) => (
              <li key={report.id}>
                <Link to={paths.report(deploymentId, report.id)}>{report.title ?? report.name}</Link>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </PageLayout>
  );
}
