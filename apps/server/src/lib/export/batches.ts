/**
 * A row source for `sendWorkbook`: reads `size` rows at a time from `read`, each read starting after the last row of
 * the one before (`after` is undefined for the first), until a read comes back short. Keyset reads keep every batch
 * as fast as the first however deep the export goes; the position is whatever `positionOf` takes from a row.
 */
export async function* keysetBatches<Row, Position>(
  size: number,
  read: (after: Position | undefined, size: number) => Promise<readonly Row[]>,
  positionOf: (last: Row) => Position,
): AsyncGenerator<readonly Row[]> {
  let after: Position | undefined;
  for (;;) {
    const rows = await read(after, size);
    if (rows.length) yield rows;
    if (rows.length < size) return;
    after = positionOf(rows[rows.length - 1]!);
  }
}
