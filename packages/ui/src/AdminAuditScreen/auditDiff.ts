/** One field an audited change touched: its path (`toman`, `limits.days`; '' for a bare value) and both sides. */
export interface AuditChange {
  field: string;
  kind: 'added' | 'removed' | 'changed';
  before: unknown;
  after: unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Plain objects flattened to dotted paths (arrays and other values are leaves). */
function flatten(value: Record<string, unknown>, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  for (const [key, item] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isRecord(item) && Object.keys(item).length > 0) flatten(item, path, out);
    else out.set(path, item);
  }
  return out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What an audited change changed: for objects, only the fields that differ (added, removed or
 * changed, in the order they appear, nested objects by dotted paths); for bare values, one entry
 * when they differ. Nothing when before and after are the same.
 */
export function auditDiff(before: unknown, after: unknown): AuditChange[] {
  const absent = (value: unknown) => value === null || value === undefined;
  if (
    (isRecord(before) || absent(before)) &&
    (isRecord(after) || absent(after)) &&
    !(absent(before) && absent(after))
  ) {
    const left = isRecord(before) ? flatten(before) : new Map<string, unknown>();
    const right = isRecord(after) ? flatten(after) : new Map<string, unknown>();
    const changes: AuditChange[] = [];
    for (const field of new Set([...left.keys(), ...right.keys()])) {
      const had = left.has(field);
      const has = right.has(field);
      const a = left.get(field);
      const b = right.get(field);
      if (had && has && same(a, b)) continue;
      changes.push({ field, kind: !had ? 'added' : !has ? 'removed' : 'changed', before: a, after: b });
    }
    return changes;
  }
  if (same(before, after)) return [];
  return [
    {
      field: '',
      kind: absent(before) ? 'added' : absent(after) ? 'removed' : 'changed',
      before,
      after,
    },
  ];
}

/** A value as the audit shows it: text as it is, other values as JSON, cut at `max` characters. */
export function auditValue(value: unknown, max = 80): string {
  const text = typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
