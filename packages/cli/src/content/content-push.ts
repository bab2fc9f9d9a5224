import type { ApiClient, CallInput } from '../client/api-client.js';
import { folderPathKey } from './content-documents.js';
import type { ContentPlan, ContentStep, FolderStep, ReportStep, WorkbookStep } from './content-plan.js';
import type { ContentSnapshot } from './content-snapshot.js';

export interface PushFailure {
  step: ContentStep;
  message: string;
}

/** The steps written (in order) and, when the push stopped, the step that failed. */
export interface PushResult {
  done: ContentStep[];
  failure: PushFailure | null;
}

type UpsertReportBody = CallInput<'upsertReportByPublicId'>['body'];

/** Writes a plan's steps in order and stops at the first failure; unchanged steps are not sent. */
export class ContentPush {
  private readonly folderIds = new Map<string, number>();
  private readonly workbookIds = new Map<string, number>();

  constructor(
    private readonly client: ApiClient,
    private readonly deploymentId: number,
    snapshot: ContentSnapshot,
  ) {
    for (const [key, folder] of snapshot.folders) this.folderIds.set(key, folder.id);
    for (const [slug, workbook] of snapshot.workbooks) this.workbookIds.set(slug, workbook.id);
  }

  async run(plan: ContentPlan): Promise<PushResult> {
    const done: ContentStep[] = [];
    for (const step of [...plan.folders, ...plan.workbooks, ...plan.reports]) {
      if (step.action === 'unchanged') continue;
      try {
        if (step.kind === 'folder') await this.folder(step);
        else if (step.kind === 'workbook') await this.workbook(step);
        else await this.report(step);
      } catch (error) {
        return { done, failure: { step, message: error instanceof Error ? error.message : String(error) } };
      }
      done.push(step);
    }
    return { done, failure: null };
  }

  private get params() {
    return { deploymentId: this.deploymentId };
  }

  private folderIdOf(path: readonly string[]): number | null {
    if (path.length === 0) return null;
    const id = this.folderIds.get(folderPathKey(path));
    // The plan creates parents first, so this only happens when the plan and the files disagree.
    if (id === undefined) throw new Error(`folder ${path.join('/')} does not exist`);
    return id;
  }

  private async folder(step: FolderStep): Promise<void> {
    if (step.id !== null) {
      await this.client.call('updateFolder', {
        params: { ...this.params, folderId: step.id },
        body: { position: step.position },
      });
      return;
    }
    const parentId = this.folderIdOf(step.path.slice(0, -1));
    const created = await this.client.call('createFolder', {
      params: this.params,
      body: { name: step.path[step.path.length - 1] ?? '', position: step.position, parentId },
    });
    this.folderIds.set(folderPathKey(step.path), created.id);
  }

  private async workbook(step: WorkbookStep): Promise<void> {
    const { document } = step;
    const changed = (key: string) => step.action === 'create' || step.changes.includes(key);
    const folderId = this.folderIdOf(document.folder);
    if (step.method === 'update' && step.id !== null) {
      await this.client.call('updateWorkbook', {
        params: { ...this.params, workbookId: step.id },
        body: {
          slug: document.slug,
          name: changed('name') ? document.name : undefined,
          folderId: changed('folder') ? folderId : undefined,
          isShared: changed('isShared') ? document.isShared : undefined,
          // The whole meta: keys the file no longer has are removed.
          meta: changed('meta') ? document.meta : undefined,
        },
      });
      return;
    }
    const workbook = await this.client.call('upsertWorkbookBySlug', {
      params: { ...this.params, slug: document.slug },
      body: {
        name: changed('name') ? document.name : undefined,
        folderId: changed('folder') ? folderId : undefined,
        isShared: changed('isShared') ? document.isShared : undefined,
        meta: changed('meta') ? document.meta : undefined,
      },
    });
    this.workbookIds.set(document.slug, workbook.id);
  }

  private async report(step: ReportStep): Promise<void> {
    const { document } = step;
    const changed = (key: string) => step.action === 'create' || step.changes.includes(key);
    const body: Record<string, unknown> = {};
    const assign = (key: string, field: string, value: unknown) => {
      if (changed(field)) body[key] = value;
    };
    assign('name', 'name', document.name);
    assign('title', 'title', document.title);
    assign('description', 'description', document.description);
    assign('kind', 'kind', document.kind);
    // A report of a workbook is placed in its workbook's folder by the server; naming another is a 400.
    if (document.workbook === null) assign('folderId', 'folder', this.folderIdOf(document.folder));
    assign(
      'workbookId',
      'workbook',
      document.workbook === null ? null : this.workbookIdOf(document.workbook),
    );
    // The server clears one query when the other is set; sending both (one null) says the same.
    assign('jsonQuery', 'jsonQuery', document.jsonQuery);
    assign('sqlQuery', 'sqlQuery', document.sqlQuery);
    assign('spec', 'spec', document.spec);
    assign('meta', 'meta', document.meta);
    assign('preferences', 'preferences', document.preferences);
    assign('periodComparisons', 'periodComparisons', document.periodComparisons);
    assign('fillMissingRows', 'fillMissingRows', document.fillMissingRows);
    await this.client.call('upsertReportByPublicId', {
      params: { ...this.params, publicId: document.publicId },
      body: body as UpsertReportBody,
    });
  }

  private workbookIdOf(slug: string): number {
    const id = this.workbookIds.get(slug);
    if (id === undefined) throw new Error(`workbook ${slug} does not exist`);
    return id;
  }
}
