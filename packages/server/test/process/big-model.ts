// Big enough that compiling it keeps a build running for seconds: the window a kill lands in.
const cubesInModel = 2500;

/** A data model of many small cubes, as one YAML file: slow to compile, valid, and about 750 KB. */
export function bigModel(): string {
  const cubes = Array.from(
    { length: cubesInModel },
    (_, index) => `  - name: cube_${index}
    sql_table: public.table_${index}
    measures:
      - name: count
        type: count
    dimensions:
      - name: id
        sql: id
        type: number
        primary_key: true
      - name: created_at
        sql: created_at
        type: time
`,
  );
  return `cubes:\n${cubes.join('')}`;
}
