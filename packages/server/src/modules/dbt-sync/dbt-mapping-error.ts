/**
 * A dbt project whose models cannot become cubes as they are: two models or two columns whose names
 * end up as the same cube or dimension name. The message lists every clash, with the original names.
 */
export class DbtMappingError extends Error {
  override readonly name = 'DbtMappingError';
}
