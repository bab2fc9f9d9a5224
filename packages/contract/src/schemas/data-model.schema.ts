import * as z from 'zod';
import { BranchName } from './branch-name.schema.js';
import { QueryBoolean } from './common.schema.js';
import { parseJsonText, text } from './text.schema.js';

/** What a data-model file may weigh; the per-upload total is larger. */
export const maximumModelFileBytes = 1024 * 1024;
export const maximumUploadBytes = 50 * 1024 * 1024;

/** Paths are relative to the repository root; a leading `/` (as lists print them) is accepted. */
export const ModelPath = text().min(1).max(1024).meta({
  description: 'Path of a file relative to the repository root, e.g. `/model/cubes/orders.yml`.',
});

export interface DataModelFileNode {
  path: string;
  type: 'file' | 'directory';
  content?: string | undefined;
  children?: DataModelFileNode[] | undefined;
}

export const DataModelFileNode: z.ZodType<DataModelFileNode> = z
  .object({
    path: z.string().meta({ description: 'Starts with `/`.' }),
    type: z.enum(['file', 'directory']),
    content: z.string().optional(),
    get children() {
      return z.array(DataModelFileNode).optional();
    },
  })
  .meta({ id: 'DataModelFileNode' });

export const BranchQuery = z.object({ branchName: BranchName.optional() });

export const ListDataModelFilesQuery = z.object({
  branchName: BranchName.optional(),
  withContent: QueryBoolean.optional(),
});

export const DataModelFilesResponse = z
  .object({
    branchName: z.string(),
    lastHash: z.string().meta({ description: 'The commit the listing was read from.' }),
    files: z.array(DataModelFileNode),
  })
  .meta({ id: 'DataModelFilesResponse' });

/** Sent back by writers: when the branch moved since, the change is refused with `upsert_branch_changed`. */
const ExpectedHash = z
  .string()
  .regex(/^[0-9a-f]{40}$/, 'must be a commit hash')
  .optional()
  .meta({ description: 'The `lastHash` the change was based on; a moved branch answers 409.' });

export const WriteDataModelFilesInput = z
  .object({
    files: z.array(z.object({ path: ModelPath, content: text() })).min(1),
    branchName: BranchName.optional(),
    lastHash: ExpectedHash,
  })
  .meta({ id: 'WriteDataModelFilesInput' });

export const DeleteDataModelFilesInput = z
  .object({
    files: z.array(z.object({ path: ModelPath })).min(1),
    branchName: BranchName.optional(),
    lastHash: ExpectedHash,
  })
  .meta({ id: 'DeleteDataModelFilesInput' });

export const RenameDataModelFilesInput = z
  .object({
    files: z.array(z.object({ path: ModelPath, newPath: ModelPath })).min(1),
    branchName: BranchName.optional(),
    lastHash: ExpectedHash,
  })
  .meta({ id: 'RenameDataModelFilesInput' });

export const DataModelFileHashes = z
  .record(z.string(), z.object({ hash: z.string() }))
  .meta({ id: 'DataModelFileHashes', description: 'Path (no leading `/`) → SHA-1 hex of the bytes.' });

export const ValidateDataModelQuery = z.object({
  branchName: BranchName.optional().meta({ description: 'Default: the deploy branch.' }),
  devMode: QueryBoolean.optional().meta({
    description: "Validate the caller's dev-mode branch (400 when its dev mode is off); not with branchName.",
  }),
});

export const ModelError = z
  .object({
    message: z.string(),
    fileName: z.string(),
    line: z.int().optional(),
  })
  .meta({ id: 'DataModelError' });

export const DataModelValidation = z
  .object({
    branchName: z.string(),
    valid: z.boolean(),
    errors: z.array(ModelError),
    cubesCount: z.int(),
  })
  .meta({ id: 'DataModelValidation' });

export const UploadTransaction = z.object({ id: text().min(1).max(100) }).meta({ id: 'UploadTransaction' });

export const StartUploadInput = z.object({ branchName: BranchName.optional() });

export const StartUploadResponse = z
  .object({ transaction: UploadTransaction, deploymentName: z.string() })
  .meta({ id: 'StartUploadResponse' });

/** Multipart fields: `transaction` arrives as a JSON string, `file` as the bytes. */
export const UploadFileInput = z.object({
  transaction: z
    .string()
    .transform((value, context) => parseJsonText(value, context, 'a JSON object {"id": "..."}'))
    .pipe(UploadTransaction)
    .meta({ description: 'JSON text `{"id": "<transaction id>"}`.' }),
  fileName: ModelPath,
  file: z.instanceof(Uint8Array).meta({ description: 'The bytes of the file.', format: 'binary' }),
});

export const UploadFileResponse = z
  .object({ success: z.literal(true), hash: z.string() })
  .meta({ id: 'UploadFileResponse' });

export const FinishUploadInput = z
  .object({
    transaction: UploadTransaction,
    files: z.record(z.string(), z.object({ hash: z.string().regex(/^[0-9a-f]{40}$/) })),
    autoRemoveFiles: z.boolean(),
    commitMessage: text().max(2000).optional(),
    branchName: BranchName.optional(),
  })
  .meta({ id: 'FinishUploadInput' });

export const ValidateUploadInput = FinishUploadInput.omit({ commitMessage: true }).meta({
  id: 'ValidateUploadInput',
  description: 'The body `finish` would get: the model the branch would hold is compiled, nothing committed.',
});

export const FinishUploadResponse = z
  .object({ lastHash: z.string(), buildId: z.int().optional() })
  .meta({ id: 'FinishUploadResponse' });
