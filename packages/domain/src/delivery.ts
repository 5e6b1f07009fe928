/**
 * The shop's delivery settings (CONTRACTS §14): TLS fragmentation, multiplexing and Iran-direct
 * routing, which the subscription's profiles carry. Fragment is three values that are set together
 * (or all empty, for none), in Xray's own syntax (`freedom` outbound's `settings.fragment`):
 * - packets: `tlshello` (the TLS Client Hello) or a range of the first TCP writes, e.g. `1-3`;
 * - length: bytes a fragment, a range such as `100-200` (or one number);
 * - interval: milliseconds between fragments, a range such as `10-20` (or one number).
 */
export type FragmentField = 'fragmentPackets' | 'fragmentLength' | 'fragmentInterval';

export const FRAGMENT_FIELDS = [
  'fragmentPackets',
  'fragmentLength',
  'fragmentInterval',
] as const satisfies ReadonlyArray<FragmentField>;

/** The bounds of each fragment range: whole numbers, the first not above the second. */
export const FRAGMENT_BOUNDS: Record<FragmentField, { min: number; max: number }> = {
  fragmentPackets: { min: 1, max: 100 },
  fragmentLength: { min: 1, max: 16_384 },
  fragmentInterval: { min: 0, max: 1_000 },
};

/** What a fragment value must look like, for the messages (`1-3`, `100-200`, `10-20`). */
export const FRAGMENT_EXAMPLES: Record<FragmentField, string> = {
  fragmentPackets: '1-3',
  fragmentLength: '100-200',
  fragmentInterval: '10-20',
};

/** The delivery settings before the operator sets any: no fragment, no mux, everything through the proxy. */
export const DEFAULT_DELIVERY_SETTINGS = {
  fragmentPackets: '',
  fragmentLength: '',
  fragmentInterval: '',
  muxEnabled: false,
  iranDirect: false,
};

/** True for one fragment value within its bounds (`tlshello` for the packets too). An empty value is not one. */
export function isFragmentValue(field: FragmentField, value: string): boolean {
  if (field === 'fragmentPackets' && value === 'tlshello') return true;
  const match = /^(\d{1,5})(?:-(\d{1,5}))?$/.exec(value);
  if (!match) return false;
  const from = Number(match[1]);
  const to = match[2] === undefined ? from : Number(match[2]);
  const { min, max } = FRAGMENT_BOUNDS[field];
  return from >= min && to <= max && from <= to;
}

/**
 * Why three fragment values cannot be used together, or null: all empty (no fragment), or all set
 * and each valid. Names the first problem, for the operator.
 */
export function fragmentProblem(values: Record<FragmentField, string>): string | null {
  const set = FRAGMENT_FIELDS.filter((field) => values[field] !== '');
  if (set.length === 0) return null;
  if (set.length < FRAGMENT_FIELDS.length)
    return 'Fragment takes its packets, length and interval together (or none of them, for no fragment).';
  const labels: Record<FragmentField, string> = {
    fragmentPackets: 'The fragment packets',
    fragmentLength: 'The fragment length',
    fragmentInterval: 'The fragment interval',
  };
  for (const field of FRAGMENT_FIELDS) {
    if (isFragmentValue(field, values[field])) continue;
    const { min, max } = FRAGMENT_BOUNDS[field];
    const tlsHello = field === 'fragmentPackets' ? '"tlshello" or ' : '';
    return `${labels[field]} must be ${tlsHello}a whole number or a range from ${min} to ${max}, such as ${FRAGMENT_EXAMPLES[field]}.`;
  }
  return null;
}

/** The fragment the profiles carry, or null when it is off. */
export function fragmentOf(
  values: Record<FragmentField, string>,
): { packets: string; length: string; interval: string } | null {
  if (fragmentProblem(values) !== null || values.fragmentPackets === '') return null;
  return { packets: values.fragmentPackets, length: values.fragmentLength, interval: values.fragmentInterval };
}
