import type { Operations } from '@platform/contract';
import type { OperationHandlers } from '../../operation-contexts.js';
import type { BranchesService } from './branches.service.js';
import type { CommitService } from './commit.service.js';
import type { DataModelFilesService } from './data-model-files.service.js';
import type { DevModeService } from './dev-mode.service.js';
import type { GitRemotesService } from './git-remotes.service.js';
import type { MergeService } from './merge.service.js';
import type { ModelValidationService } from './model-validation.service.js';
import type { UploadService } from './upload.service.js';
import type { UploadCommitService } from './upload-commit.service.js';

type DataModelOperations = Pick<
  Operations,
  | 'listDataModelFiles'
  | 'writeDataModelFiles'
  | 'deleteDataModelFiles'
  | 'renameDataModelFiles'
  | 'getDataModelFileHashes'
  | 'startDevMode'
  | 'stopDevMode'
  | 'listBranches'
  | 'createBranch'
  | 'deleteBranch'
  | 'setStagingEnvironment'
  | 'commitBranch'
  | 'pullBranch'
  | 'mergeBranch'
  | 'mergeToDefault'
  | 'startUpload'
  | 'uploadFile'
  | 'finishUpload'
  | 'validateUpload'
  | 'validateDataModel'
  | 'connectGithub'
>;

export interface DataModelModuleServices {
  dataModelFiles: DataModelFilesService;
  devMode: DevModeService;
  branches: BranchesService;
  commits: CommitService;
  merges: MergeService;
  uploads: UploadService;
  uploadCommits: UploadCommitService;
  modelValidation: ModelValidationService;
  gitRemotes: GitRemotesService;
}

export function dataModelRoutes(services: DataModelModuleServices): OperationHandlers<DataModelOperations> {
  const { dataModelFiles, devMode, branches, commits, merges, uploads, uploadCommits } = services;
  return {
    listDataModelFiles: ({ params, query, context }) =>
      dataModelFiles.list(context.principal, params.deploymentId, query),
    writeDataModelFiles: ({ params, body, context }) =>
      dataModelFiles.write(context.principal, params.deploymentId, body),
    deleteDataModelFiles: ({ params, body, context }) =>
      dataModelFiles.delete(context.principal, params.deploymentId, body),
    renameDataModelFiles: ({ params, body, context }) =>
      dataModelFiles.rename(context.principal, params.deploymentId, body),
    getDataModelFileHashes: ({ params, query, context }) =>
      dataModelFiles.hashes(context.principal, params.deploymentId, query.branchName),
    startDevMode: ({ params, body, context }) =>
      devMode.start(context.principal, params.deploymentId, body.branchName),
    stopDevMode: ({ params, context }) => devMode.stop(context.principal, params.deploymentId),
    listBranches: ({ params, context }) => branches.list(context.principal, params.deploymentId),
    createBranch: ({ params, body, context }) =>
      branches.create(context.principal, params.deploymentId, body),
    deleteBranch: ({ params, query, context }) =>
      branches.delete(context.principal, params.deploymentId, query.branchName),
    setStagingEnvironment: ({ params, body, context }) =>
      branches.setStagingEnvironment(context.principal, params.deploymentId, body),
    commitBranch: ({ params, body, context }) => commits.commit(context.principal, params.deploymentId, body),
    pullBranch: ({ params, body, context }) =>
      services.gitRemotes.pull(context.principal, params.deploymentId, body.branchName),
    mergeBranch: ({ params, body, context }) => merges.merge(context.principal, params.deploymentId, body),
    mergeToDefault: ({ params, body, context }) =>
      merges.mergeToDefault(context.principal, params.deploymentId, body),
    startUpload: ({ params, body, context }) =>
      uploads.start(context.principal, params.deploymentId, body.branchName),
    uploadFile: ({ params, body, context }) => uploads.stage(context.principal, params.deploymentId, body),
    finishUpload: ({ params, body, context }) =>
      uploadCommits.finish(context.principal, params.deploymentId, body),
    validateUpload: ({ params, body, context }) =>
      uploadCommits.validate(context.principal, params.deploymentId, body),
    validateDataModel: ({ params, query, context }) =>
      services.modelValidation.validate(context.principal, params.deploymentId, query),
    connectGithub: ({ params, body, context }) =>
      services.gitRemotes.connect(context.principal, params.deploymentId, body),
  };
}
