// The backup module's public face (CONTRACTS §13): encrypted backups of every table, which also move
// a shop between SQLite and PostgreSQL; separ-admin's commands and the scheduled job of main.ts.
export {
  createBackup,
  restoreBackup,
  runScheduledBackup,
  pruneBackups,
  backupsDir,
  lastScheduledBackup,
} from './service.ts';
export { BACKUP_COMMANDS, BACKUP_HELP } from './cli.ts';
