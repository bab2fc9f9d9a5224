/** Placeholder for a cube or view whose name is missing or invalid, so member errors still read well. */
export const unnamed = '<unnamed>';

/** How errors name a member: "measure `orders.count`". */
export function describeMember(kind: string, parentName: string, name: string | undefined): string {
  return name === undefined
    ? `a ${kind} of \`${parentName}\` without a name`
    : `${kind} \`${parentName}.${name}\``;
}
