/**
 * Names git would take for its own files on some platform. A tree entry with such a name is harmless in a
 * bare repository, but becomes `.git` (or `.gitmodules`) in a checkout on Windows or macOS, where it could
 * plant a hook or a config: git's own `verify_path` refuses them, so the store never writes one.
 */

/**
 * Code points HFS+ ignores when it compares names (git's `next_hfs_char`): zero-width (non-)joiners,
 * direction marks and embeddings, the deprecated format characters and the byte-order mark.
 */
const hfsIgnorable = /[\u200C-\u200F\u202A-\u202E\u206A-\u206F\uFEFF]/g;

/** The name as NTFS and HFS+ would resolve it: ignorables dropped, case folded, stream and trailing dots/spaces cut. */
function platformNameOf(segment: string): string {
  const withoutIgnorables = segment.replace(hfsIgnorable, '');
  // NTFS reads `name:stream` as a stream of `name` (`.git::$INDEX_ALLOCATION` is the folder itself).
  const [name = ''] = withoutIgnorables.split(':');
  return name.toLowerCase().replace(/[. ]+$/, '');
}

/**
 * True when git on some platform would treat `segment` as its `.git` folder: any case, trailing dots and
 * spaces (NTFS), an alternate data stream (NTFS), ignorable code points (HFS+), or an 8.3 short name
 * (`GIT~1`, and `git~N` generally, since another short name can take `~1`).
 */
export function isGitDirectoryName(segment: string): boolean {
  const name = platformNameOf(segment);
  return name === '.git' || /^git~[0-9]+$/.test(name);
}

/** The same for `.gitmodules`, whose entries git would follow on checkout (8.3 form `gitmod~N`). */
export function isGitModulesName(segment: string): boolean {
  const name = platformNameOf(segment);
  return name === '.gitmodules' || /^gitmod~[0-9]+$/.test(name);
}
