import { and, asc, eq } from 'drizzle-orm';
import { everythingChanged } from '../../platform/change-feed/change-feed.js';
import type { Database } from '../../platform/database/database.js';
import { accountOfOidcTokenConfigsTopic } from './oidc-token-configs-topic.js';
import { type OidcTokenConfigRow, oidcTokenConfigsTable } from './workload-identity.tables.js';
import type { WorkloadToken, WorkloadTokenMinter } from './workload-token-minter.js';

/** A token is handed out until this share of its lifetime has passed, then a new one is minted. */
export const renewAtLifetimeShare = 0.8;

// A notification lost on the way is forgotten after this long; normally the change feed evicts at once.
const configsCacheMilliseconds = 60_000;

const noVariables: Readonly<Record<string, string>> = Object.freeze({});

interface IssuedToken {
  audience: string;
  lifetimeSeconds: number;
  token: WorkloadToken;
  renewAt: number;
}

interface IssuedSet {
  /** The account's configurations the set was issued for: another list means they changed. */
  configs: readonly OidcTokenConfigRow[];
  /** When the first of its tokens is due; infinite while they are being minted. */
  renewAt: number;
  tokens: Map<number, IssuedToken>;
  variables: Promise<Readonly<Record<string, string>>>;
  /** The variables once minted, so an unchanged set is handed out as the same object. */
  resolved: Readonly<Record<string, string>> | null;
}

function isSameRecord(left: Readonly<Record<string, string>>, right: Readonly<Record<string, string>>) {
  const leftKeys = Object.keys(left);
  return leftKeys.length === Object.keys(right).length && leftKeys.every((key) => left[key] === right[key]);
}

export function coversDeployment(config: Pick<OidcTokenConfigRow, 'deploymentIds'>, deploymentId: number) {
  return config.deploymentIds === null || config.deploymentIds.includes(deploymentId);
}

/**
 * The tokens a deployment's warehouse connection sees: for every enabled configuration covering it, a
 * token in the configuration's `targetEnvVar`. Tokens are kept in memory and handed out again until 80% of
 * their lifetime, so a query costs no signing; the record stays the same object until one is renewed.
 * Each process mints its own: they are signed by the one key the store shares.
 */
export class WorkloadTokensProvider {
  private readonly configsByAccount = new Map<
    number,
    { configs: Promise<readonly OidcTokenConfigRow[]>; loadedAt: number }
  >();
  private readonly issuedByDeployment = new Map<number, IssuedSet>();

  constructor(
    private readonly database: Database,
    private readonly minter: WorkloadTokenMinter,
  ) {}

  async variablesOf(deployment: {
    id: number;
    accountId: number;
  }): Promise<Readonly<Record<string, string>>> {
    const configs = await this.enabledConfigsOf(deployment.accountId);
    const issued = this.issuedByDeployment.get(deployment.id);
    if (issued && issued.configs === configs && Date.now() < issued.renewAt) return issued.variables;
    const covering = configs.filter((config) => coversDeployment(config, deployment.id));
    if (covering.length === 0) {
      this.issuedByDeployment.delete(deployment.id);
      return noVariables;
    }
    const next: IssuedSet = {
      configs,
      renewAt: Number.POSITIVE_INFINITY,
      tokens: new Map(),
      variables: Promise.resolve(noVariables),
      resolved: null,
    };
    next.variables = this.issue(deployment.id, covering, issued ?? null, next);
    this.issuedByDeployment.set(deployment.id, next);
    // why: a failed mint must not be kept, or the connection would never get a token until the configs changed.
    next.variables.catch(() => {
      if (this.issuedByDeployment.get(deployment.id) === next) this.issuedByDeployment.delete(deployment.id);
    });
    return next.variables;
  }

  /** Change-feed listener: an account's configurations changed, or notices may have been lost. */
  handleChange(topic: string): void {
    if (topic === everythingChanged) {
      this.configsByAccount.clear();
      return;
    }
    const accountId = accountOfOidcTokenConfigsTopic(topic);
    if (accountId !== null) this.configsByAccount.delete(accountId);
  }

  /** Mints what is missing or due, keeps the rest; the lowest id wins a variable two configurations fill. */
  private async issue(
    deploymentId: number,
    covering: readonly OidcTokenConfigRow[],
    previous: IssuedSet | null,
    into: IssuedSet,
  ): Promise<Readonly<Record<string, string>>> {
    const now = Date.now();
    const variables: Record<string, string> = {};
    for (const config of covering) {
      if (config.targetEnvVar in variables) continue;
      const kept = previous?.tokens.get(config.id);
      const isReusable =
        kept !== undefined &&
        kept.audience === config.audience &&
        kept.lifetimeSeconds === config.lifetimeSeconds &&
        now < kept.renewAt;
      const issued = isReusable ? kept : await this.mint(deploymentId, config);
      into.tokens.set(config.id, issued);
      variables[config.targetEnvVar] = issued.token.token;
    }
    into.renewAt = Math.min(...[...into.tokens.values()].map((token) => token.renewAt));
    // why: configurations reloaded unchanged must not look like new variables (the warehouse settings follow them).
    const resolved =
      previous?.resolved && isSameRecord(previous.resolved, variables)
        ? previous.resolved
        : Object.freeze(variables);
    into.resolved = resolved;
    return resolved;
  }

  private async mint(deploymentId: number, config: OidcTokenConfigRow): Promise<IssuedToken> {
    const token = await this.minter.mint({
      deploymentId,
      audience: config.audience,
      lifetimeSeconds: config.lifetimeSeconds,
    });
    const renewAt = token.issuedAt.getTime() + config.lifetimeSeconds * 1000 * renewAtLifetimeShare;
    return { audience: config.audience, lifetimeSeconds: config.lifetimeSeconds, token, renewAt };
  }

  private enabledConfigsOf(accountId: number): Promise<readonly OidcTokenConfigRow[]> {
    const now = Date.now();
    const cached = this.configsByAccount.get(accountId);
    if (cached && now - cached.loadedAt < configsCacheMilliseconds) return cached.configs;
    const configs = this.database
      .select()
      .from(oidcTokenConfigsTable)
      .where(and(eq(oidcTokenConfigsTable.accountId, accountId), eq(oidcTokenConfigsTable.isEnabled, true)))
      .orderBy(asc(oidcTokenConfigsTable.id))
      .then((rows): readonly OidcTokenConfigRow[] => rows);
    const entry = { configs, loadedAt: now };
    this.configsByAccount.set(accountId, entry);
    entry.configs.catch(() => {
      if (this.configsByAccount.get(accountId) === entry) this.configsByAccount.delete(accountId);
    });
    return entry.configs;
  }
}
