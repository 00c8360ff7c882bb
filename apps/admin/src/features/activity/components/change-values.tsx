/** A value from the log as people read it: text as is, lists and objects as short JSON. */
function show(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value || '""';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Before and after of one change: field by field when both are records, else the two values. */
export function ChangeValues({ before, after }: { before: unknown; after: unknown }) {
  if (before == null && after == null) return null;
  const b = isRecord(before) ? before : before == null ? {} : null;
  const a = isRecord(after) ? after : after == null ? {} : null;
  if (!b || !a) {
    return (
      <p className="text-xs">
        {show(before)} → {show(after)}
      </p>
    );
  }
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  // overflow-wrap: anywhere (not break-word) lets long JSON and slugs shrink the table's
  // minimum width, so an entry fits a phone instead of widening the page
  return (
    <table className="mt-1 w-full text-xs">
      <thead className="sr-only">
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Before</th>
          <th scope="col">After</th>
        </tr>
      </thead>
      <tbody>
        {keys.map((key) => (
          <tr key={key} className="align-top">
            <th scope="row" className="pr-2 text-left font-medium">
              {key}
            </th>
            <td className="max-w-xs pr-2 text-muted-foreground line-through decoration-1 [overflow-wrap:anywhere]">
              {key in b ? show(b[key]) : '—'}
            </td>
            <td className="max-w-xs [overflow-wrap:anywhere]">{key in a ? show(a[key]) : '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
