import { DeploymentIdParams } from '../../schemas/common.schema.js';
import { DataModelValidation, ValidateDataModelQuery } from '../../schemas/data-model.schema.js';
import { defineOperation } from '../operation.js';

export const validateDataModel = defineOperation({
  operationId: 'validateDataModel',
  method: 'GET',
  path: '/build/api/v1/deployments/{deploymentId}/data-model/validate',
  tag: 'DataModel',
  summary: "Compile a branch's data model and report every error",
  description: 'A model with errors is still a 200 with `valid: false`.',
  action: 'SchemaRead',
  params: DeploymentIdParams,
  query: ValidateDataModelQuery,
  response: DataModelValidation,
  errors: ['NOT_FOUND'],
});
