import * as z from 'zod';
import { BranchName } from './branch-name.schema.js';
import {
  DeploymentIdParams,
  listOf,
  PageInfo,
  PagingQuery,
  QueryBoolean,
  queryArray,
  Timestamp,
} from './common.schema.js';
import { text } from './text.schema.js';

export const creationSteps = [
  'project',
  'upload',
  'schema',
  'github',
  'ssh',
  'databases',
  'ready',
  'demo',
] as const;
export const CreationStep = z.enum(creationSteps).meta({ id: 'CreationStep' });
export type CreationStep = z.infer<typeof CreationStep>;

export const cloudProviders = ['cubecloud', 'aws', 'gcp'] as const;
export const CloudProvider = z.enum(cloudProviders).meta({ id: 'CloudProvider' });
export const creationMethods = ['upload', 'cubecloud', 'github', 'ssh'] as const;
export const CreationMethod = z.enum(creationMethods).meta({ id: 'CreationMethod' });
export type CreationMethod = z.infer<typeof CreationMethod>;
export const deployModes = ['git', 'cli'] as const;
export const DeployMode = z.enum(deployModes).meta({ id: 'DeployMode' });
export const targetPlatforms = ['aws', 'gcp', 'azure'] as const;
export const TargetPlatform = z.enum(targetPlatforms).meta({ id: 'TargetPlatform' });
export const releaseChannels = ['latest', 'release'] as const;
export const ReleaseChannel = z.enum(releaseChannels).meta({ id: 'ReleaseChannel' });
export type ReleaseChannel = z.infer<typeof ReleaseChannel>;

const DeploymentName = text().trim().min(1).max(100);

export const Deployment = z
  .object({
    id: z.int(),
    name: z.string(),
    deploymentUrl: z.string().meta({ description: "Where the deployment's data API answers." }),
    creationStep: CreationStep,
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .meta({ id: 'Deployment' });

export type Deployment = z.infer<typeof Deployment>;

export const DeploymentSettings = Deployment.extend({
  cloudProvider: CloudProvider,
  creationMethod: CreationMethod,
  deployMode: DeployMode,
  region: z.string(),
  releaseChannel: ReleaseChannel,
  releaseChannelVersion: z
    .string()
    .nullable()
    .meta({ description: 'The pinned engine version; null follows the channel.' }),
  deployBranchName: z.string(),
  targetPlatform: TargetPlatform.meta({
    description: 'Where the hosted product would run it; recorded only.',
  }),
  isManaged: z
    .boolean()
    .meta({ description: 'Whether the platform runs it (false: self-managed); recorded only.' }),
}).meta({ id: 'DeploymentSettings' });

export type DeploymentSettings = z.infer<typeof DeploymentSettings>;

export const CreateDeploymentInput = z
  .object({
    name: DeploymentName,
    cloudProvider: CloudProvider.default('cubecloud'),
    creationMethod: CreationMethod.default('upload'),
    deployMode: DeployMode.default('cli'),
    region: z
      .string()
      .trim()
      .min(1)
      .optional()
      .meta({ description: 'One of GET /api/v1/regions; default the first.' }),
    // The hosted CLI's CreateDeploymentInput sends these three as well (HOSTED-CLIENT.md).
    targetPlatform: TargetPlatform.default('aws'),
    isManaged: z.boolean().default(true),
    creationStep: CreationStep.optional().meta({
      description:
        "The step the set-up wizard starts at; a step of the creation method's flow (default `project`).",
    }),
  })
  .strict()
  .meta({ id: 'CreateDeploymentInput' });

export const UpdateDeploymentInput = z
  .object({
    name: DeploymentName.optional(),
    cloudProvider: CloudProvider.optional(),
    creationMethod: CreationMethod.optional(),
    deployMode: DeployMode.optional(),
    region: text().trim().min(1).optional(),
    releaseChannel: ReleaseChannel.optional(),
    releaseChannelVersion: z
      .string()
      .trim()
      .min(1)
      .nullable()
      .optional()
      .meta({ description: 'A listed version as `1.2.3`, `v1.2.3` or `<image>:v1.2.3`; null unpins.' }),
    deployBranchName: BranchName.optional(),
  })
  .strict()
  .refine((input) => Object.keys(input).length > 0, 'give at least one field to change')
  .meta({ id: 'UpdateDeploymentInput' });

export const ListDeploymentsQuery = PagingQuery.extend({
  creationStep: queryArray(CreationStep)
    .optional()
    .meta({ description: 'Only deployments at one of these steps; repeat the key for several.' }),
});
export const DeploymentsListResponse = listOf(Deployment, 'DeploymentsListResponse');

export const EngineVersion = z
  .object({
    version: z.string(),
    image: z.string(),
    channel: ReleaseChannel,
    releaseChannel: ReleaseChannel.meta({
      description: 'The channel again, under the name hosted clients read.',
    }),
    releaseChannelVersion: z
      .string()
      .meta({ description: 'What to send as `releaseChannelVersion` to pin this version.' }),
    isLatestInChannel: z.boolean().meta({ description: "Whether it is its channel's newest version." }),
    isCurrent: z.boolean().meta({ description: 'Whether the deployment runs this version now.' }),
  })
  .meta({ id: 'EngineVersion' });

export const DeploymentVersionsResponse = z
  .object({ items: z.array(EngineVersion), pageInfo: PageInfo })
  .meta({ id: 'DeploymentVersionsResponse' });

export const BuildStatusValue = z
  .enum(['none', 'building', 'built', 'failed', 'cancelled', 'stopped'])
  .meta({ id: 'BuildStatusValue' });

export const BuildStatus = z
  .object({
    deploymentId: z.int(),
    branchName: z.string(),
    mode: z.enum(['production', 'dev']),
    status: BuildStatusValue,
    errorText: z
      .string()
      .nullable()
      .optional()
      .meta({ description: 'Why the build failed: one `file:line: message` per line.' }),
    filesHash: z.string().nullable().optional(),
    commitOid: z
      .string()
      .nullable()
      .optional()
      .meta({ description: 'The commit the latest build compiled.' }),
    servedCommitOid: z.string().nullable().optional().meta({
      description:
        "The commit the data API answers from on this branch: the head when its model compiles, else the branch's last commit that does (a failed deploy does not take the deployment down); null when none does.",
    }),
    updatedAt: Timestamp.nullable(),
  })
  .meta({ id: 'BuildStatus' });

export type BuildStatus = z.infer<typeof BuildStatus>;

export const BuildStatusQuery = z.object({ branchName: BranchName.optional() });

export const logSources = ['production', 'dev'] as const;
export const logContainers = ['INIT', 'MAIN', 'enginejs-server', 'vector', 'api-proxy'] as const;
export type LogSource = (typeof logSources)[number];
export type LogContainer = (typeof logContainers)[number];

export const DeploymentLogEntry = z
  .object({
    pod: z.string(),
    date: Timestamp,
    message: z.string(),
    container: z.enum(logContainers),
    source: z.enum(logSources),
  })
  .meta({ id: 'DeploymentLogEntry' });

export type DeploymentLogEntry = z.infer<typeof DeploymentLogEntry>;

export const DeploymentLogsQuery = PagingQuery.extend({
  source: z.enum(logSources).optional(),
  container: z.enum(logContainers).optional(),
  pod: text().min(1).optional(),
});

export const DeploymentLogsResponse = listOf(DeploymentLogEntry, 'DeploymentLogsResponse');

export const Pod = z
  .object({
    name: z.string(),
    containers: z.array(z.string()),
    ready: z.boolean(),
    restartCount: z.int(),
    status: z.string(),
    type: z.string(),
  })
  .meta({ id: 'Pod' });

export const PodsResponse = z.object({ items: z.array(Pod) }).meta({ id: 'PodsResponse' });

export const encryptedPlaceholder = '[ENCRYPTED]';

export const EnvVar = z
  .object({
    name: z.string(),
    value: z.string().meta({ description: `Secret values read back as ${encryptedPlaceholder}.` }),
    isSecret: z.boolean(),
  })
  .meta({ id: 'EnvVar' });

export const EnvVarsResponse = z.object({ items: z.array(EnvVar) }).meta({ id: 'EnvVarsResponse' });

export const EnvVarsQuery = z.object({
  reveal: QueryBoolean.optional().meta({
    description: 'Return secret values in clear text (SecretsManage).',
  }),
});

export const EnvVarName = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must match ^[A-Za-z_][A-Za-z0-9_]*$')
  .max(128);

export const SetEnvVarsInput = z
  .object({
    env_variables: z
      .array(
        z.object({
          name: EnvVarName,
          value: text().max(32_768).nullable().meta({ description: 'null removes the variable.' }),
        }),
      )
      .min(1)
      .max(200),
  })
  .strict()
  .meta({ id: 'SetEnvVarsInput' });

export const ResetCreationStepInput = z
  .object({
    step: CreationStep.optional().meta({ description: 'An earlier step of the flow; default the first.' }),
  })
  .strict()
  .meta({ id: 'ResetCreationStepInput' });

export const Region = z
  .object({
    id: z.string(),
    name: z.string(),
    title: z.string().meta({ description: 'A label for people; the id on this server.' }),
    provider: z.string().meta({ description: 'Who runs the region: `self-hosted` (this server) here.' }),
    isDefault: z.boolean(),
    aiUrl: z.string().meta({
      description:
        "Where the region's Chat API listens (`{ai_url}`): the base of the chat paths and of its own `/api/v1/spec`.",
    }),
  })
  .meta({ id: 'Region' });

export const RegionsResponse = z.object({ items: z.array(Region) }).meta({ id: 'RegionsResponse' });

export { DeploymentIdParams };
