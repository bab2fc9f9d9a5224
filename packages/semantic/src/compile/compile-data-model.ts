import type { Cube } from '../model/cube.types.js';
import type { DataModel } from '../model/data-model.types.js';
import type { View } from '../model/view.types.js';
import { membersOf } from '../validate/member-references.js';
import { listViewMembers } from '../validate/view-members.js';
import type { CompiledModel, CompiledSource, ResolvedMember } from './compiled-model.types.js';
import { humanizeName } from './humanize-name.js';

function cubeSource(cube: Cube): CompiledSource {
  const title = cube.title ?? humanizeName(cube.name);
  const members: ResolvedMember[] = membersOf(cube).map((member) => {
    const shortTitle = member.title ?? humanizeName(member.name);
    return {
      path: `${cube.name}.${member.name}`,
      name: member.name,
      sourceName: cube.name,
      sourceKind: 'cube',
      definition: member,
      cubeName: cube.name,
      joinPath: [cube.name],
      title: `${title} ${shortTitle}`,
      shortTitle,
      ...(member.description === undefined ? {} : { description: member.description }),
      isPublic: cube.isPublic && member.isPublic,
      synonyms: member.synonyms,
      meta: member.meta,
      ...('format' in member && member.format !== undefined ? { format: member.format } : {}),
    };
  });
  return {
    kind: 'cube',
    name: cube.name,
    title,
    ...(cube.description === undefined ? {} : { description: cube.description }),
    isPublic: cube.isPublic,
    synonyms: cube.synonyms,
    meta: cube.meta,
    members,
    accessPolicies: cube.accessPolicies,
    cube,
  };
}

function viewSource(view: View, cubes: ReadonlyMap<string, Cube>): CompiledSource {
  const title = view.title ?? humanizeName(view.name);
  const members: ResolvedMember[] = listViewMembers(view, cubes).map((entry) => {
    const { member, include } = entry;
    const shortTitle = include?.title ?? member.title ?? humanizeName(entry.name);
    const description = include?.description ?? member.description;
    const format = include?.format ?? ('format' in member ? member.format : undefined);
    return {
      path: `${view.name}.${entry.name}`,
      name: entry.name,
      sourceName: view.name,
      sourceKind: 'view',
      definition: member,
      cubeName: entry.cubeName,
      joinPath: entry.joinPath,
      title: `${title} ${shortTitle}`,
      shortTitle,
      ...(description === undefined ? {} : { description }),
      isPublic: view.isPublic && member.isPublic,
      synonyms: member.synonyms,
      meta: include?.meta ?? member.meta,
      ...(format === undefined ? {} : { format }),
    };
  });
  return {
    kind: 'view',
    name: view.name,
    title,
    ...(view.description === undefined ? {} : { description: view.description }),
    isPublic: view.isPublic,
    synonyms: view.synonyms,
    meta: view.meta,
    members,
    accessPolicies: view.accessPolicies,
    view,
  };
}

/** Indexes a validated model's cubes, views and members by name; the resolve stage's foundation. */
export function compileDataModel(model: DataModel): CompiledModel {
  const cubes = new Map(model.cubes.map((cube) => [cube.name, cube]));
  const views = new Map(model.views.map((view) => [view.name, view]));
  const sources = new Map<string, CompiledSource>();
  for (const cube of model.cubes) sources.set(cube.name, cubeSource(cube));
  for (const view of model.views) sources.set(view.name, viewSource(view, cubes));
  const membersByPath = new Map<string, ResolvedMember>();
  for (const source of sources.values()) {
    for (const member of source.members) membersByPath.set(member.path, member);
  }
  return {
    model,
    cubes,
    views,
    sources,
    findMember: (path) => membersByPath.get(path),
  };
}
