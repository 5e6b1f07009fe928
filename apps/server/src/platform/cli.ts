/**
 * What separ-admin's commands share: the parsed options, the output, and the readers of options and
 * arguments that turn a bad one into a UsageError (exit code 2). Each module lists its commands as
 * rows (`modules/<name>/cli.ts`); `cli/admin.ts` parses the command line and runs the row.
 */

/** A mistake in the operator's input: printed as it is, exit code 2. */
export class UsageError extends Error {}

export type Values = Record<string, string | string[] | boolean | undefined>;
export type Out = (line: string) => void;

/** What a command receives: the context, the options and arguments, where to print, and who runs it. */
export interface CommandInput<C> {
  ctx: C;
  values: Values;
  /** The whole command line's positionals: `[group, command, ...arguments]`. */
  positionals: string[];
  out: Out;
  /** The audit log's name for whoever runs the command (`<unix user>@cli`). */
  actor: string;
}

/**
 * One command of separ-admin: `command` is `group command` (e.g. `plans add`), or a group whose
 * commands its module reads itself (`group: true`, e.g. `nodes`). `run` calls the module's function,
 * the same the web admin's API calls, and prints its answer; it runs no query of its own.
 */
export interface CommandRow<C> {
  command: string;
  group?: boolean;
  run(input: CommandInput<C>): Promise<void>;
}

export function num(
  values: Values,
  name: string,
  options: { min?: number; required?: boolean } = {},
): number | undefined {
  const raw = values[name];
  if (raw === undefined) {
    if (options.required) throw new UsageError(`--${name} is required.`);
    return undefined;
  }
  const value = Number(raw);
  if (typeof raw !== 'string' || raw.trim() === '' || !Number.isInteger(value)) {
    throw new UsageError(`--${name} must be a whole number, not "${String(raw)}".`);
  }
  if (options.min !== undefined && value < options.min)
    throw new UsageError(`--${name} must be at least ${options.min}.`);
  return value;
}

export function flag(values: Values, name: string): 0 | 1 | undefined {
  const value = num(values, name);
  if (value === undefined) return undefined;
  if (value !== 0 && value !== 1) throw new UsageError(`--${name} must be 0 or 1.`);
  return value;
}

export function text(values: Values, name: string, required = false): string | undefined {
  const value = values[name];
  if (value === undefined || value === '') {
    if (required) throw new UsageError(`--${name} is required.`);
    return undefined;
  }
  if (typeof value !== 'string') throw new UsageError(`--${name} takes one value.`);
  return value;
}

export function arg(positionals: string[], index: number, name: string): string {
  const value = positionals[index];
  if (!value) throw new UsageError(`Missing <${name}>.`);
  return value;
}

export function id(positionals: string[], index: number, name = 'id'): number {
  const value = Number(arg(positionals, index, name));
  if (!Number.isInteger(value) || value <= 0) throw new UsageError(`<${name}> must be a positive whole number.`);
  return value;
}
