import { DeploymentIdParams } from '../../schemas/common.schema.js';
import {
  maximumModelFileBytes,
  UploadFileInput,
  UploadFileResponse,
} from '../../schemas/data-model.schema.js';
import { defineOperation } from '../operation.js';

export const uploadFile = defineOperation({
  operationId: 'uploadFile',
  method: 'POST',
  path: '/build/api/v1/deployments/{deploymentId}/data-model/upload/file',
  tag: 'DataModel',
  summary: 'Stage one file of an upload transaction',
  description:
    'multipart/form-data with fields `transaction`, `fileName` and `file`; at most 1 MiB per file and 50 MiB per transaction.',
  action: 'SchemaUpdateDevBranches',
  params: DeploymentIdParams,
  body: UploadFileInput,
  requestContentType: 'multipart/form-data',
  bodyLimitBytes: maximumModelFileBytes,
  response: UploadFileResponse,
  errors: ['NOT_FOUND', 'CONFLICT'],
});
