import { useState, type FormEvent } from 'react';

/** Each field's problem after a check (none for a field that passed). */
export type FieldErrors<Field extends string, Problem extends string> = Partial<Record<Field, Problem>>;

/** What a form's check gives: the input to send, or the fields to correct. */
export type Checked<Input, Field extends string, Problem extends string> =
  { ok: true; input: Input } | { ok: false; errors: FieldErrors<Field, Problem> };

/**
 * A console form's state: the draft as typed, each field's problem from the last check (a field's
 * goes once it is changed again), and the submit that checks the draft and saves what passed.
 */
export function useDraftForm<Draft, Input, Field extends string, Problem extends string>({
  initial,
  check,
  save,
  onEdit,
}: {
  initial: Draft | (() => Draft);
  check(draft: Draft): Checked<Input, Field, Problem>;
  save(input: Input): void;
  /** Told of each change (the settings form hides its "Saved"). */
  onEdit?(): void;
}) {
  const [draft, setDraft] = useState<Draft>(initial);
  const [errors, setErrors] = useState<FieldErrors<Field, Problem>>({});
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    onEdit?.();
    if (key in errors) setErrors((current) => ({ ...current, [key]: undefined }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = check(draft);
    if (!result.ok) return setErrors(result.errors);
    setErrors({});
    save(result.input);
  };
  return { draft, setDraft, set, errors, submit, invalid: Object.values(errors).some(Boolean) };
}
