import type { CompiledModel } from '../compile/compiled-model.types.js';
import type { SqlDialect } from '../dialect/sql-dialect.types.js';
import type { Cube } from '../model/cube.types.js';
import type { Dimension, Measure, Member, Segment } from '../model/member.types.js';
import { SemanticQueryError } from '../query/semantic-query-error.js';
import type { JoinEdge } from './join-graph.js';
import { buildMeasureSql } from './measure-sql.js';
import type {
  MeasurePart,
  MeasureSql,
  MemberSqlRenderer,
  ReferenceMode,
  RenderedSql,
  TemplateResult,
} from './member-sql.types.js';
import { grouped, isBareColumn, parseSqlTemplate, sqlOf, stringLiteral } from './sql-template.js';

/**
 * Renders model SQL for one dialect: `{CUBE}`, `{member}`, `{cube.member}` and `{cube}` references become
 * quoted cube aliases and member SQL, recursively. Results are cached, so a model's members are rendered
 * once per dialect however many queries use them.
 */
export class MemberSql implements MemberSqlRenderer {
  private readonly membersByCube = new Map<string, Map<string, Member>>();
  private readonly dimensions = new Map<string, RenderedSql>();
  private readonly measures = new Map<string, MeasureSql>();
  private readonly conditions = new Map<string, RenderedSql>();
  private readonly sources = new Map<string, string>();
  private readonly rendering: string[] = [];

  constructor(
    readonly model: CompiledModel,
    readonly dialect: SqlDialect,
  ) {}

  cubeAlias(cubeName: string): string {
    return this.dialect.quoteIdentifier(cubeName);
  }

  /** `table AS "cube"` or `(sql) AS "cube"`. */
  cubeSource(cubeName: string): string {
    const cached = this.sources.get(cubeName);
    if (cached) return cached;
    const cube = this.cubeNamed(cubeName);
    const source = cube.sqlTable ?? `(${cube.sql ?? ''})`;
    const reference = parseSqlTemplate(source).find((piece) => piece.kind !== 'text');
    if (reference) {
      throw new SemanticQueryError(
        `the sql of cube \`${cubeName}\` contains \`${reference.written}\`; references are not supported in a cube's own sql`,
      );
    }
    const rendered = `${source} AS ${this.cubeAlias(cubeName)}`;
    this.sources.set(cubeName, rendered);
    return rendered;
  }

  cubeNamed(cubeName: string): Cube {
    const cube = this.model.cubes.get(cubeName);
    if (!cube) throw new SemanticQueryError(`cube \`${cubeName}\` does not exist`);
    return cube;
  }

  memberOf(cubeName: string, memberName: string): Member | undefined {
    let members = this.membersByCube.get(cubeName);
    if (!members) {
      const cube = this.cubeNamed(cubeName);
      members = new Map<string, Member>();
      for (const member of [...cube.measures, ...cube.dimensions, ...cube.segments]) {
        members.set(member.name, member);
      }
      this.membersByCube.set(cubeName, members);
    }
    return members.get(memberName);
  }

  primaryKeys(cubeName: string): Dimension[] {
    return this.cubeNamed(cubeName).dimensions.filter((dimension) => dimension.isPrimaryKey);
  }

  dimension(cubeName: string, dimension: Dimension): RenderedSql {
    const key = `${cubeName}.${dimension.name}`;
    const cached = this.dimensions.get(key);
    if (cached) return cached;
    const rendered = this.guarded(key, () => this.renderDimension(cubeName, dimension));
    this.dimensions.set(key, rendered);
    return rendered;
  }

  measure(cubeName: string, measure: Measure): MeasureSql {
    const key = `${cubeName}.${measure.name}`;
    const cached = this.measures.get(key);
    if (cached) return cached;
    const rendered = this.guarded(key, () => buildMeasureSql(this, cubeName, measure));
    this.measures.set(key, rendered);
    return rendered;
  }

  segment(cubeName: string, segment: Segment): RenderedSql {
    return this.condition(`segment:${cubeName}.${segment.name}`, () =>
      this.guarded(`${cubeName}.${segment.name}`, () =>
        this.rowSql(cubeName, segment.sql, sqlOf(cubeName, segment.name)),
      ),
    );
  }

  joinCondition(edge: JoinEdge): RenderedSql {
    const key = `join:${edge.declaredBy}.${edge.join.name}`;
    return this.condition(key, () =>
      this.rowSql(
        edge.declaredBy,
        edge.join.sql,
        `in the join from \`${edge.declaredBy}\` to \`${edge.join.name}\``,
      ),
    );
  }

  /** The measure's own `filters`, AND-ed, as row conditions; undefined when it has none. */
  measureFilterConditions(cubeName: string, measure: Measure): RenderedSql | undefined {
    if (measure.filters.length === 0) return undefined;
    const key = `filters:${cubeName}.${measure.name}`;
    return this.condition(key, () => {
      const rendered = measure.filters.map((filter) =>
        this.rowSql(cubeName, filter.sql, `in the filters of \`${cubeName}.${measure.name}\``),
      );
      return {
        sql: rendered.map((condition) => grouped(condition.sql)).join(' AND '),
        cubes: [...new Set(rendered.flatMap((condition) => condition.cubes))],
      };
    });
  }

  /** Model SQL that may only read rows (no measures), with references resolved; `where` names it in errors. */
  rowSql(cubeName: string, sql: string, where: string): RenderedSql {
    const result = this.template(cubeName, sql, where, 'row');
    return { sql: result.parts.join(''), cubes: [...result.cubes] };
  }

  /** Model SQL as parts: text, and the aggregates of referenced measures in `calculated` mode. */
  template(cubeName: string, sql: string, where: string, mode: ReferenceMode): TemplateResult {
    const parts: MeasurePart[] = [];
    const cubes = new Set<string>([cubeName]);
    for (const piece of parseSqlTemplate(sql)) {
      if (piece.kind === 'text') {
        parts.push(piece.text);
        continue;
      }
      if (piece.kind === 'unsupported') {
        throw new SemanticQueryError(`${where}: \`${piece.written}\` is not supported`);
      }
      const [first = '', second, third] = piece.names;
      if (third !== undefined || (second !== undefined && first !== 'CUBE' && !this.model.cubes.has(first))) {
        const reason =
          third === undefined && !this.memberOf(cubeName, first)
            ? `names no cube \`${first}\``
            : 'is not supported';
        throw new SemanticQueryError(
          `${where}: \`${piece.written}\` ${reason}; reference \`{member}\`, \`{cube.member}\` or \`{CUBE}\``,
        );
      }
      const targetCube = second === undefined || first === 'CUBE' ? cubeName : first;
      const memberName = second === undefined ? first : second;
      if (memberName === 'CUBE' || memberName === 'TABLE') {
        parts.push(this.cubeAlias(targetCube));
        cubes.add(targetCube);
        continue;
      }
      const member = this.memberOf(targetCube, memberName);
      if (!member && second === undefined && this.model.cubes.has(memberName)) {
        parts.push(this.cubeAlias(memberName));
        cubes.add(memberName);
        continue;
      }
      if (!member) {
        throw new SemanticQueryError(
          `${where}: \`${piece.written}\` names no member of cube \`${targetCube}\``,
        );
      }
      cubes.add(targetCube);
      this.embed(parts, cubes, targetCube, member, mode, where);
    }
    return { parts, cubes };
  }

  private embed(
    parts: MeasurePart[],
    cubes: Set<string>,
    cubeName: string,
    member: Member,
    mode: ReferenceMode,
    where: string,
  ): void {
    if (member.kind === 'measure') {
      if (mode === 'row') {
        throw new SemanticQueryError(
          `${where}: \`${cubeName}.${member.name}\` is a measure; only measures of type number may reference measures`,
        );
      }
      const measure = this.measure(cubeName, member);
      parts.push('(', ...measure.parts, ')');
      for (const cube of measure.cubes) cubes.add(cube);
      return;
    }
    const rendered =
      member.kind === 'dimension' ? this.dimension(cubeName, member) : this.segment(cubeName, member);
    parts.push(grouped(rendered.sql));
    for (const cube of rendered.cubes) cubes.add(cube);
  }

  private renderDimension(cubeName: string, dimension: Dimension): RenderedSql {
    const path = `${cubeName}.${dimension.name}`;
    if (dimension.isSubQuery) {
      throw new SemanticQueryError(
        `dimension \`${path}\` is a sub_query dimension; these are not supported yet`,
      );
    }
    if (dimension.case) {
      const cubes = new Set<string>([cubeName]);
      const label = (value: string | { readonly sql: string }): string => {
        if (typeof value === 'string') return stringLiteral(value);
        const rendered = this.rowSql(cubeName, value.sql, sqlOf(cubeName, dimension.name));
        for (const cube of rendered.cubes) cubes.add(cube);
        return rendered.sql;
      };
      const branches = dimension.case.when.map((branch) => {
        const condition = this.rowSql(cubeName, branch.sql, sqlOf(cubeName, dimension.name));
        for (const cube of condition.cubes) cubes.add(cube);
        return `WHEN ${condition.sql} THEN ${label(branch.label)}`;
      });
      const otherwise = dimension.case.else ? ` ELSE ${label(dimension.case.else.label)}` : '';
      return { sql: `CASE ${branches.join(' ')}${otherwise} END`, cubes: [...cubes] };
    }
    if (dimension.sql === undefined && dimension.latitude && dimension.longitude) {
      const latitude = this.rowSql(cubeName, dimension.latitude.sql, sqlOf(cubeName, dimension.name));
      const longitude = this.rowSql(cubeName, dimension.longitude.sql, sqlOf(cubeName, dimension.name));
      const text = (sql: string) => this.dialect.castText(sql);
      return {
        sql: `${text(latitude.sql)} || ',' || ${text(longitude.sql)}`,
        cubes: [...new Set([...latitude.cubes, ...longitude.cubes])],
      };
    }
    if (dimension.sql === undefined) {
      throw new SemanticQueryError(`dimension \`${path}\` has no sql`);
    }
    if (isBareColumn(dimension.sql)) {
      return { sql: `${this.cubeAlias(cubeName)}.${dimension.sql.trim()}`, cubes: [cubeName] };
    }
    return this.rowSql(cubeName, dimension.sql, sqlOf(cubeName, dimension.name));
  }

  private condition(key: string, render: () => RenderedSql): RenderedSql {
    const cached = this.conditions.get(key);
    if (cached) return cached;
    const rendered = render();
    this.conditions.set(key, rendered);
    return rendered;
  }

  /** Runs `render` for one member, reporting a cycle when the member is already being rendered. */
  private guarded<T>(key: string, render: () => T): T {
    if (this.rendering.includes(key)) {
      const cycle = [...this.rendering.slice(this.rendering.indexOf(key)), key].join(' → ');
      throw new SemanticQueryError(`members reference each other in a cycle: ${cycle}`);
    }
    this.rendering.push(key);
    try {
      return render();
    } finally {
      this.rendering.pop();
    }
  }
}
