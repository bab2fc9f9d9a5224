import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { reportKinds } from '@platform/contract';
import { parse, stringify } from 'yaml';
import * as z from 'zod';
import { CliError } from '../program/cli-errors.js';
import {
  type ContentDocuments,
  contentFormat,
  type FolderDocument,
  folderPathKey,
  folderPathsOf,
  publicIdPattern,
  type ReportDocument,
  slugPattern,
  type WorkbookDocument,
} from './content-documents.js';

const FreeObject = z.record(z.string(), z.unknown());
const FolderPathList = z.array(z.string().min(1)).max(10);

const Folder: z.ZodType<FolderDocument> = z.lazy(() =>
  z
    .object({
      name: z
        .string()
        .trim()
        .min(1)
        .refine((name) => !name.includes('/'), 'a folder name cannot hold "/"'),
      position: z.int().min(0).default(0),
      folders: z.array(Folder).default([]),
    })
    .strict(),
);

const ContentFile = z
  .object({
    format: z.literal(contentFormat),
    folders: z.array(Folder).default([]),
  })
  .strict();

const WorkbookFile = z
  .object({
    slug: z.string().regex(slugPattern),
    name: z.string().min(1),
    folder: FolderPathList.default([]),
    isShared: z.boolean().default(true),
    meta: FreeObject.default({}),
  })
  .strict();

const ReportFile = z
  .object({
    publicId: z.string().regex(publicIdPattern),
    name: z.string().min(1),
    title: z.string().nullable().default(null),
    description: z.string().nullable().default(null),
    kind: z.enum(reportKinds).default('table'),
    folder: FolderPathList.default([]),
    workbook: z.string().regex(slugPattern).nullable().default(null),
    jsonQuery: FreeObject.nullable().default(null),
    sqlQuery: z.string().nullable().default(null),
    spec: z.union([z.string(), FreeObject]).nullable().default(null),
    meta: FreeObject.default({}),
    preferences: FreeObject.nullable().default(null),
    periodComparisons: z.array(z.unknown()).default([]),
    fillMissingRows: FreeObject.nullable().default(null),
  })
  .strict();

/** A content directory that cannot be pushed: the file and what is wrong, so the user can fix it. */
export class ContentFileError extends CliError {
  constructor(file: string, problem: string) {
    super(`${file}: ${problem}`);
    this.name = 'ContentFileError';
  }
}

async function readYaml<Schema extends z.ZodType>(path: string, schema: Schema): Promise<z.output<Schema>> {
  let value: unknown;
  try {
    value = parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new ContentFileError(path, error instanceof Error ? error.message : String(error));
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    throw new ContentFileError(path, `${where}${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

async function yamlFilesIn(directory: string): Promise<string[]> {
  try {
    const names = await readdir(directory);
    return names.filter((name) => name.endsWith('.yaml')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Reads and checks a whole content directory: every file parses, names match, references resolve. */
export async function readContentDirectory(directory: string): Promise<ContentDocuments> {
  const contentPath = join(directory, 'content.yaml');
  const { folders } = await readYaml(contentPath, ContentFile);
  const paths = folderPathsOf(folders);
  const knownPaths = new Set(paths.map(folderPathKey));
  if (knownPaths.size !== paths.length) {
    throw new ContentFileError(contentPath, 'two sibling folders have the same name');
  }
  const workbooks: WorkbookDocument[] = [];
  for (const name of await yamlFilesIn(join(directory, 'workbooks'))) {
    const path = join(directory, 'workbooks', name);
    const workbook = await readYaml(path, WorkbookFile);
    if (`${workbook.slug}.yaml` !== name)
      throw new ContentFileError(path, `the file must be named ${workbook.slug}.yaml`);
    if (workbook.folder.length > 0 && !knownPaths.has(folderPathKey(workbook.folder))) {
      throw new ContentFileError(path, `folder ${workbook.folder.join(' / ')} is not in content.yaml`);
    }
    workbooks.push(workbook);
  }
  const slugs = new Set(workbooks.map((workbook) => workbook.slug));
  const reports: ReportDocument[] = [];
  for (const name of await yamlFilesIn(join(directory, 'reports'))) {
    const path = join(directory, 'reports', name);
    const report = await readYaml(path, ReportFile);
    if (`${report.publicId}.yaml` !== name) {
      throw new ContentFileError(path, `the file must be named ${report.publicId}.yaml`);
    }
    if (report.folder.length > 0 && !knownPaths.has(folderPathKey(report.folder))) {
      throw new ContentFileError(path, `folder ${report.folder.join(' / ')} is not in content.yaml`);
    }
    if (report.workbook !== null && !slugs.has(report.workbook)) {
      throw new ContentFileError(
        path,
        `workbook ${report.workbook} has no file workbooks/${report.workbook}.yaml`,
      );
    }
    if (report.jsonQuery !== null && report.sqlQuery !== null) {
      throw new ContentFileError(path, 'a report has jsonQuery or sqlQuery, not both');
    }
    reports.push(report);
  }
  return { folders, workbooks, reports };
}

/** Writes a file whole or not at all: a reader never sees half of it. */
async function writeWhole(path: string, text: string): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, text);
  await rename(temporary, path);
}

function yamlOf(value: unknown): string {
  return stringify(value, { lineWidth: 0, aliasDuplicateObjects: false });
}

/**
 * Writes the documents as a content directory, replacing what an earlier pull wrote: workbook and report
 * files of items that no longer exist are removed; other files in the directory are left alone.
 */
export async function writeContentDirectory(directory: string, documents: ContentDocuments): Promise<void> {
  await mkdir(join(directory, 'workbooks'), { recursive: true });
  await mkdir(join(directory, 'reports'), { recursive: true });
  await writeWhole(
    join(directory, 'content.yaml'),
    yamlOf({ format: contentFormat, folders: documents.folders }),
  );
  const parts: Array<[string, Map<string, unknown>]> = [
    ['workbooks', new Map(documents.workbooks.map((workbook) => [`${workbook.slug}.yaml`, workbook]))],
    ['reports', new Map(documents.reports.map((report) => [`${report.publicId}.yaml`, report]))],
  ];
  for (const [part, files] of parts) {
    for (const [name, document] of files) await writeWhole(join(directory, part, name), yamlOf(document));
    for (const name of await yamlFilesIn(join(directory, part))) {
      if (!files.has(name)) await rm(join(directory, part, name));
    }
  }
}
