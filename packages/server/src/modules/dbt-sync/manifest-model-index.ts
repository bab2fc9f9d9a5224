import type { DbtModel } from './dbt-project.types.js';
import { fail } from './manifest-fields.js';
import type { ManifestRef } from './manifest-ref.js';

/** A model node as read, with what resolving refs and keys needs beside the DbtModel. */
export interface ManifestModel {
  /** The node's key in `nodes` (`model.jaffle_shop.orders`). */
  readonly id: string;
  readonly path: string;
  /** `name` as dbt has it; `model.name` adds `_v<version>` to versions other than the latest. */
  readonly baseName: string;
  readonly packageName: string | null;
  readonly version: string | null;
  readonly latestVersion: string | null;
  /** Columns of a primary-key constraint (of the model, else of its columns). */
  readonly declaredKey: string[];
  readonly model: DbtModel;
}

/** Models by node id and by name; two models under one name are an error, since names become cubes. */
export class ManifestModelIndex {
  private readonly byId = new Map<string, ManifestModel>();
  private readonly byBaseName = new Map<string, ManifestModel[]>();

  constructor(models: readonly ManifestModel[]) {
    const byName = new Map<string, ManifestModel>();
    for (const model of models) {
      const first = byName.get(model.model.name);
      if (first !== undefined) {
        fail(
          model.path,
          `a second model named ${JSON.stringify(model.model.name)} (the first is ${first.path}); model names become cube names and must be unique`,
        );
      }
      byName.set(model.model.name, model);
      this.byId.set(model.id, model);
      this.byBaseName.set(model.baseName, [...(this.byBaseName.get(model.baseName) ?? []), model]);
    }
  }

  byNodeId(id: string): ManifestModel | undefined {
    return this.byId.get(id);
  }

  /** The model a `ref(...)` names: its version when given, else the latest (or only) one. */
  resolve(ref: ManifestRef): ManifestModel | undefined {
    const candidates = (this.byBaseName.get(ref.name) ?? []).filter(
      (model) => ref.packageName === null || model.packageName === ref.packageName,
    );
    if (ref.version !== null) return candidates.find((model) => model.version === ref.version);
    return candidates.length === 1
      ? candidates[0]
      : candidates.find((model) => model.version !== null && model.version === model.latestVersion);
  }
}
