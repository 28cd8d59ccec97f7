/**
 * A batch read by id, as DataLoaders want it: one answer per requested id, in order, null where the read found
 * nothing. Ids that could not name a row (`plausible` false: NUL bytes, megabytes of text) are never sent to
 * the database; duplicates are read once. `read` applies the caller's tenant scope, so an id of another
 * account or mode answers null like an unknown one.
 */
export async function readByIds<R, V>(
  ids: readonly string[],
  plausible: (id: string) => boolean,
  read: (ids: string[]) => Promise<R[]>,
  idOf: (row: R) => string,
  view: (row: R) => V | Promise<V>,
): Promise<(V | null)[]> {
  const valid = [...new Set(ids.filter(plausible))];
  const rows = valid.length ? await read(valid) : [];
  const byId = new Map(rows.map((r) => [idOf(r), r]));
  return Promise.all(ids.map(async (id) => (byId.has(id) ? view(byId.get(id)!) : null)));
}
