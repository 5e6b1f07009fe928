/**
 * Reading Vite's build manifest (`dist/.vite/manifest.json`), for the scripts that run after the
 * build: the prerender and the size budget.
 */

/** The chunks a set of chunks imports statically, themselves included. */
export function staticClosure(manifest, keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  for (const key of keys) visit(key);
  return seen;
}
