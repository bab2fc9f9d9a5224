import type { CompiledModel, CompiledSource, ResolvedMember } from '../compile/compiled-model.types.js';
import type { AccessPolicy } from '../model/access-policy.types.js';
import type { QueryFilter } from '../query/semantic-query.types.js';
import type { AccessCaller } from './access-scope.types.js';
import { isMemberAllowed, matchingPolicies } from './policy-matching.js';
import { matchNothingFilter, policiesRowFilter } from './policy-row-filter.js';

/** How one source's own policies treat the caller. */
interface SourceDecision {
  readonly hasPolicies: boolean;
  readonly matching: readonly AccessPolicy[];
}

/** `undefined` is cached too: it means "no restriction", which is what most sources answer. */
type CachedFilter = { readonly filter: QueryFilter | undefined };

/**
 * The caller's view of a model, each decision computed on first use and kept: scopes are built per request
 * while metadata search and meta ask about thousands of members.
 */
export class CallerAccess {
  private readonly decisions = new Map<string, SourceDecision>();
  private readonly memberVisibility = new Map<string, boolean>();
  private readonly sourceVisibility = new Map<string, boolean>();
  private readonly rowFilters = new Map<string, CachedFilter>();

  constructor(
    readonly model: CompiledModel,
    private readonly caller: AccessCaller,
  ) {}

  /** A source with policies none of which applies to the caller denies everything in it. */
  isDenied(sourceName: string): boolean {
    const source = this.model.sources.get(sourceName);
    if (source === undefined) return true;
    const decision = this.decide(source);
    return decision.hasPolicies && decision.matching.length === 0;
  }

  /** Whether the source governs its members with its own policies (every cube, and views with policies). */
  hasOwnGovernance(source: CompiledSource): boolean {
    return source.kind === 'cube' || source.accessPolicies.length > 0;
  }

  isSourceVisible(name: string): boolean {
    const cached = this.sourceVisibility.get(name);
    if (cached !== undefined) return cached;
    const source = this.model.sources.get(name);
    let isVisible = false;
    if (source !== undefined) {
      isVisible = this.hasOwnGovernance(source)
        ? !this.isDenied(name)
        : source.members.some((member) => this.isVisible(member));
    }
    this.sourceVisibility.set(name, isVisible);
    return isVisible;
  }

  /**
   * A member of a cube or of a view with policies follows that source's member level; a member of a view
   * without policies follows the cube defining it, and is hidden when any cube on its join path denies the
   * caller, since the view would join through rows the caller may not see.
   */
  isVisible(member: ResolvedMember): boolean {
    const cached = this.memberVisibility.get(member.path);
    if (cached !== undefined) return cached;
    const source = this.model.sources.get(member.sourceName);
    let isVisible = false;
    if (source !== undefined && this.hasOwnGovernance(source)) {
      isVisible = this.isAllowedBy(source, member.name);
    } else if (source !== undefined) {
      const cube = this.model.sources.get(member.cubeName);
      isVisible =
        cube !== undefined &&
        member.joinPath.every((cubeName) => !this.isDenied(cubeName)) &&
        this.isAllowedBy(cube, member.definition.name);
    }
    this.memberVisibility.set(member.path, isVisible);
    return isVisible;
  }

  /**
   * The rows of a cube or view the caller may see, over its own members, or undefined when unrestricted. A
   * denied cube matches no row (it can still be joined through); undefined if it has no dimension to say so.
   */
  rowFilter(sourceName: string): QueryFilter | undefined {
    const cached = this.rowFilters.get(sourceName);
    if (cached !== undefined) return cached.filter;
    const source = this.model.sources.get(sourceName);
    let filter: QueryFilter | undefined;
    if (source !== undefined && this.isDenied(sourceName)) {
      const cube = source.cube;
      const dimension = cube?.dimensions.find((candidate) => candidate.isPrimaryKey) ?? cube?.dimensions[0];
      filter = dimension === undefined ? undefined : matchNothingFilter(`${sourceName}.${dimension.name}`);
    } else if (source !== undefined) {
      filter = policiesRowFilter(this.decide(source).matching, sourceName, this.caller);
    }
    this.rowFilters.set(sourceName, { filter });
    return filter;
  }

  private isAllowedBy(source: CompiledSource, memberName: string): boolean {
    const decision = this.decide(source);
    return !decision.hasPolicies || isMemberAllowed(decision.matching, memberName, source.name);
  }

  private decide(source: CompiledSource): SourceDecision {
    const cached = this.decisions.get(source.name);
    if (cached !== undefined) return cached;
    const decision = {
      hasPolicies: source.accessPolicies.length > 0,
      matching: matchingPolicies(source.accessPolicies, this.caller),
    };
    this.decisions.set(source.name, decision);
    return decision;
  }
}
