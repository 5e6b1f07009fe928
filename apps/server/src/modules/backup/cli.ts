import { arg, text, type CommandRow } from '../../platform/cli.ts';
import type { AppContext } from '../../platform/context.ts';
import { createBackup, restoreBackup } from './service.ts';

const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;

/** separ-admin's backups (CONTRACTS §13): create one, restore one into an empty database; both audited. */
export const BACKUP_COMMANDS: Array<CommandRow<AppContext>> = [
  {
    command: 'backup create',
    async run({ ctx, values, out, actor }) {
      const made = await createBackup(ctx, { out: text(values, 'out'), actor });
      out(`Backup written: ${made.file} (${size(made.bytes)}, ${made.tables} tables, ${made.rows} rows).`);
      out(
        'It is encrypted under this shop’s secret key: keep that key (SEPAR_SECRET_KEY or data/secret.key) to restore it.',
      );
    },
  },
  {
    command: 'backup restore',
    async run({ ctx, positionals, out, actor }) {
      const done = await restoreBackup(ctx, arg(positionals, 2, 'file'), actor);
      out(
        `Restored ${done.rows} rows in ${done.tables} tables from a ${done.from} backup of ${done.createdAt} into this ${ctx.database.kind} database.`,
      );
    },
  },
];

export const BACKUP_HELP = `  backup create [--out FILE]                      (every table in one file, encrypted under the secret key;
                                                  without --out, into the data directory's backups/)
  backup restore FILE                             (into this database, which must be empty: DATABASE_URL or SEPAR_DATA_DIR)`;
