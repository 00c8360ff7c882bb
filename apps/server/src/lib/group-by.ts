/**
 * Rows grouped by a key in one pass, each group in the rows' order: how a page of products gets
 * its images or a page of orders its items (a filter per parent was the cost of long lists).
 */
export function groupBy<T>(rows: readonly T[], keyOf: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const list = groups.get(key);
    if (list) list.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}
