/** Free-form data copied from YAML as is (`meta`, pre-aggregation options). */
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | JsonObject;

export interface JsonObject {
  readonly [key: string]: JsonValue;
}
