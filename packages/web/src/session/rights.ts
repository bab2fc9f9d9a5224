/** What the signed-in credential may do, from GET /api/v1/users/me's `actions`. */
export function canDownloadData(user: { actions: readonly string[] }): boolean {
  return user.actions.includes('DownloadData');
}
