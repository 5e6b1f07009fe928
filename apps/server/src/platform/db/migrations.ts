import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration, type MigrationProvider } from 'kysely';

/** Which database a migration runs on: the only place where the two dialects differ. */
export type DatabaseKind = 'sqlite' | 'postgres';

type Db = Kysely<unknown>;

function idColumn(kind: DatabaseKind) {
  return kind === 'postgres' ? ('serial' as const) : ('integer' as const);
}

/** The one set of migrations, applied in order at start on SQLite and PostgreSQL alike. */
export function migrations(kind: DatabaseKind): Record<string, Migration> {
  const id = idColumn(kind);
  const auto = <T extends { primaryKey(): T; autoIncrement(): T }>(col: T) =>
    kind === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement();
  return {
    '0001_core': {
      async up(db: Db) {
        await db.schema
          .createTable('plans')
          .addColumn('id', id, auto)
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('ios', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('allowed_mb', 'integer', (c) => c.notNull())
          .addColumn('subs_days', 'integer', (c) => c.notNull())
          .addColumn('allowed_devices', 'integer', (c) => c.notNull())
          .addColumn('discount', 'text')
          .addColumn('price_toman', 'text', (c) => c.notNull())
          .addColumn('price_credit', 'text', (c) => c.notNull())
          .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();

        await db.schema
          .createTable('countries')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('title_fa', 'text', (c) => c.notNull())
          .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();

        await db.schema
          .createTable('servers')
          .addColumn('id', id, auto)
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('type', 'integer', (c) => c.notNull())
          .addColumn('country_code', 'text', (c) => c.notNull().references('countries.id').onDelete('cascade'))
          .addColumn('server', 'text', (c) => c.notNull())
          .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();

        await db.schema
          .createTable('users')
          .addColumn('id', id, auto)
          .addColumn('username', 'text', (c) => c.notNull().unique())
          .addColumn('password_hash', 'text', (c) => c.notNull())
          .addColumn('password_enc', 'text', (c) => c.notNull())
          .addColumn('email', 'text')
          .addColumn('expire_date', 'text')
          .addColumn('used_mb', 'bigint', (c) => c.notNull().defaultTo(0))
          .addColumn('allowed_mb', 'bigint', (c) => c.notNull())
          .addColumn('allowed_devices', 'integer', (c) => c.notNull())
          .addColumn('suspend', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('subs_days', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('ios', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('plan_id', 'integer')
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .execute();

        await db.schema
          .createTable('sessions')
          .addColumn('id', id, auto)
          .addColumn('token_hash', 'text', (c) => c.notNull().unique())
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('expires_at', 'text', (c) => c.notNull())
          .addColumn('last_seen_at', 'text', (c) => c.notNull())
          .addColumn('ip', 'text')
          .addColumn('user_agent', 'text')
          .execute();
        await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

        await db.schema
          .createTable('devices')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('device_info', 'text', (c) => c.notNull())
          .addColumn('login_at', 'text', (c) => c.notNull())
          .addColumn('token_hash', 'text', (c) => c.notNull().unique())
          .addColumn('last_seen_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('devices_user').on('devices').column('user_id').execute();

        await db.schema
          .createTable('payments')
          .addColumn('id', id, auto)
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('res_num', 'text', (c) => c.notNull())
          .addColumn('ref_num', 'text', (c) => c.notNull())
          .addColumn('state', 'integer', (c) => c.notNull())
          .addColumn('amount', 'bigint', (c) => c.notNull())
          .addColumn('plan_id', 'integer', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('payments_user').on('payments').column('user_id').execute();

        await db.schema
          .createTable('settings')
          .addColumn('key', 'text', (c) => c.primaryKey())
          .addColumn('value', 'text', (c) => c.notNull())
          .execute();

        await db.schema
          .createTable('throttle')
          .addColumn('key', 'text', (c) => c.primaryKey())
          .addColumn('count', 'integer', (c) => c.notNull())
          .addColumn('window_start', 'text', (c) => c.notNull())
          .execute();

        await db.schema
          .createTable('nodes')
          .addColumn('id', id, auto)
          .addColumn('name', 'text', (c) => c.notNull().unique())
          .addColumn('token_hash', 'text', (c) => c.notNull().unique())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
      },
      async down(db: Db) {
        for (const table of [
          'nodes',
          'throttle',
          'settings',
          'payments',
          'devices',
          'sessions',
          'users',
          'servers',
          'countries',
          'plans',
        ]) {
          await db.schema.dropTable(table).ifExists().execute();
        }
      },
    },
    '0002_payments': {
      async up(db: Db) {
        await db.schema
          .createTable('orders')
          .addColumn('id', id, auto)
          .addColumn('res_num', 'text', (c) => c.notNull().unique())
          .addColumn('plan_id', 'integer', (c) => c.notNull())
          .addColumn('email', 'text', (c) => c.notNull())
          .addColumn('gate', 'text', (c) => c.notNull())
          .addColumn('provider', 'text', (c) => c.notNull())
          .addColumn('amount', 'bigint', (c) => c.notNull())
          .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('authority', 'text', (c) => c.unique())
          .addColumn('ref_num', 'text')
          .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
          .addColumn('lang', 'text', (c) => c.notNull().defaultTo('fa'))
          .addColumn('failure', 'text')
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .addColumn('paid_at', 'text')
          .execute();
        await db.schema.createIndex('orders_state_created').on('orders').columns(['state', 'created_at']).execute();

        await db.schema
          .createTable('sandbox_payments')
          .addColumn('authority', 'text', (c) => c.primaryKey())
          .addColumn('order_id', 'text', (c) => c.notNull())
          .addColumn('amount', 'bigint', (c) => c.notNull())
          .addColumn('callback_url', 'text', (c) => c.notNull())
          .addColumn('state', 'text', (c) => c.notNull())
          .addColumn('ref_num', 'text')
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();

        await db.schema
          .createTable('outbox')
          .addColumn('id', id, auto)
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('recipient', 'text', (c) => c.notNull())
          .addColumn('subject', 'text', (c) => c.notNull())
          .addColumn('body_sealed', 'text', (c) => c.notNull())
          .addColumn('order_id', 'integer')
          .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('last_error', 'text')
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('sent_at', 'text')
          .execute();
      },
      async down(db: Db) {
        for (const table of ['outbox', 'sandbox_payments', 'orders'])
          await db.schema.dropTable(table).ifExists().execute();
      },
    },
    '0003_settlement': {
      async up(db: Db) {
        // An order is claimed by the one request or job that settles it (claim_token, claimed_until:
        // a lease that a crashed process leaves to reconciliation); unreachable gateways are asked
        // again with backoff (check_attempts, next_check_at); last_answer is the gateway's last word.
        for (const [column, type] of [
          ['claim_token', 'text'],
          ['claimed_until', 'text'],
          ['next_check_at', 'text'],
          ['last_answer', 'text'],
        ] as const) {
          await db.schema.alterTable('orders').addColumn(column, type).execute();
        }
        await db.schema
          .alterTable('orders')
          .addColumn('check_attempts', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
        await db.schema
          .createTable('order_events')
          .addColumn('id', id, auto)
          .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
          .addColumn('at', 'text', (c) => c.notNull())
          .addColumn('from_state', 'integer')
          .addColumn('to_state', 'integer', (c) => c.notNull())
          .addColumn('actor', 'text', (c) => c.notNull())
          .addColumn('detail', 'text')
          .execute();
        await db.schema.createIndex('order_events_order').on('order_events').column('order_id').execute();
        // Backstops: one payment per order number, one receipt per order (NULL order ids never collide).
        // Separ never wrote duplicates; rows brought in by hand might have: name them rather than fail blind.
        const duplicates = await sql<{ res_num: string }>`select res_num from payments group by res_num
          having count(*) > 1 limit 20`.execute(db);
        if (duplicates.rows.length > 0)
          throw new Error(
            `Migration 0003: payments share an order number (${duplicates.rows.map((r) => r.res_num).join(', ')}); keep one payment per order number, then start again.`,
          );
        await db.schema.createIndex('payments_res_num').on('payments').column('res_num').unique().execute();
        await db.schema.createIndex('outbox_kind_order').on('outbox').columns(['kind', 'order_id']).unique().execute();
        // A message is claimed before it is sent, so that two processes never send it twice.
        await db.schema.alterTable('outbox').addColumn('claimed_until', 'text').execute();
        // Cleanup of expired sessions and throttle windows.
        await db.schema.createIndex('sessions_expires').on('sessions').column('expires_at').execute();
        await db.schema.createIndex('throttle_window').on('throttle').column('window_start').execute();
      },
      async down(db: Db) {
        await db.schema.dropIndex('throttle_window').ifExists().execute();
        await db.schema.dropIndex('sessions_expires').ifExists().execute();
        await db.schema.dropIndex('outbox_kind_order').ifExists().execute();
        await db.schema.dropIndex('payments_res_num').ifExists().execute();
        await db.schema.dropTable('order_events').ifExists().execute();
        await db.schema.alterTable('outbox').dropColumn('claimed_until').execute();
        for (const column of ['check_attempts', 'last_answer', 'next_check_at', 'claimed_until', 'claim_token'])
          await db.schema.alterTable('orders').dropColumn(column).execute();
      },
    },
    '0004_nodes': {
      async up(db: Db) {
        // Usage in bytes: the nodes report bytes, and megabytes lose what a push adds below one.
        await db.schema
          .alterTable('users')
          .addColumn('used_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
          .execute();
        await sql`update users set used_bytes = used_mb * 1048576`.execute(db);
        await db.schema.alterTable('users').dropColumn('used_mb').execute();

        // Nodes become records of the VPN servers that V2bX runs (CONTRACTS §5). The rows of the
        // old usage API carry no settings: they stay, inactive, until an operator updates them.
        const real = kind === 'postgres' ? 'double precision' : 'real';
        const columns: Array<[string, string, ((c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder)?]> = [
          ['protocol', 'text', (c) => c.notNull().defaultTo('vless')],
          ['host', 'text', (c) => c.notNull().defaultTo('')],
          ['port', 'integer', (c) => c.notNull().defaultTo(443)],
          ['network', 'text', (c) => c.notNull().defaultTo('tcp')],
          ['path', 'text'],
          ['transport_host', 'text'],
          ['service_name', 'text'],
          ['security', 'text', (c) => c.notNull().defaultTo('none')],
          ['server_name', 'text'],
          ['reality_public_key', 'text'],
          ['reality_private_key', 'text'],
          ['reality_short_id', 'text'],
          ['reality_dest', 'text'],
          ['reality_dest_port', 'integer', (c) => c.notNull().defaultTo(443)],
          ['flow', 'text'],
          ['cipher', 'text'],
          ['server_key', 'text'],
          ['up_mbps', 'integer', (c) => c.notNull().defaultTo(0)],
          ['down_mbps', 'integer', (c) => c.notNull().defaultTo(0)],
          ['obfs_password', 'text'],
          ['country_code', 'text'],
          ['rate', real, (c) => c.notNull().defaultTo(1)],
          ['active', 'integer', (c) => c.notNull().defaultTo(1)],
          ['last_seen_at', 'text'],
          ['load_status', 'text'],
          ['users_count', 'integer', (c) => c.notNull().defaultTo(0)],
          ['updated_at', 'text'],
        ];
        for (const [name, type, build] of columns) {
          await db.schema
            .alterTable('nodes')
            .addColumn(name, sql.raw(type), build ?? ((c) => c))
            .execute();
        }
        await sql`update nodes set active = 0`.execute(db);

        // The addresses each node saw an account connect from: alivelist counts them across nodes.
        await db.schema
          .createTable('node_alive')
          .addColumn('node_id', 'integer', (c) => c.notNull().references('nodes.id').onDelete('cascade'))
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('ip', 'text', (c) => c.notNull())
          .addColumn('seen_at', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('node_alive_pk', ['node_id', 'user_id', 'ip'])
          .execute();
        await db.schema.createIndex('node_alive_user').on('node_alive').columns(['user_id', 'seen_at']).execute();

        // Bytes each node carried a day (the rate applied), for `nodes list`.
        await db.schema
          .createTable('node_traffic')
          .addColumn('node_id', 'integer', (c) => c.notNull().references('nodes.id').onDelete('cascade'))
          .addColumn('day', 'text', (c) => c.notNull())
          .addColumn('bytes', 'bigint', (c) => c.notNull().defaultTo(0))
          .addPrimaryKeyConstraint('node_traffic_pk', ['node_id', 'day'])
          .execute();

        // A version of what the nodes' user list is made of, bumped by the database itself whenever
        // a row changes in a way that can change the list (whoever writes it: the server, separ-admin,
        // a push that takes an account past its data). Every process answers GET user from memory
        // until the version moves.
        await db.schema
          .createTable('list_versions')
          .addColumn('name', 'text', (c) => c.primaryKey())
          .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
          .execute();
        await sql`insert into list_versions (name, version) values ('users', 1)`.execute(db);
        const changed = `old.username <> new.username or old.password_enc <> new.password_enc
          or old.suspend <> new.suspend or old.subs_days <> new.subs_days
          or coalesce(old.expire_date, '') <> coalesce(new.expire_date, '')
          or old.allowed_mb <> new.allowed_mb or old.allowed_devices <> new.allowed_devices
          or (old.allowed_mb = -1 or old.used_bytes <= old.allowed_mb * 1048576)
            <> (new.allowed_mb = -1 or new.used_bytes <= new.allowed_mb * 1048576)`;
        if (kind === 'postgres') {
          await sql`create function separ_bump_users_version() returns trigger language plpgsql as $$
            begin update list_versions set version = version + 1 where name = 'users'; return null; end $$`.execute(db);
          await sql`create trigger users_list_rows after insert or delete on users
            for each statement execute function separ_bump_users_version()`.execute(db);
          await sql
            .raw(
              `create trigger users_list_update after update on users for each row
               when (${changed}) execute function separ_bump_users_version()`,
            )
            .execute(db);
        } else {
          const bump = `update list_versions set version = version + 1 where name = 'users';`;
          await sql.raw(`create trigger users_list_insert after insert on users begin ${bump} end`).execute(db);
          await sql.raw(`create trigger users_list_delete after delete on users begin ${bump} end`).execute(db);
          await sql
            .raw(`create trigger users_list_update after update on users when ${changed} begin ${bump} end`)
            .execute(db);
        }
      },
      async down(db: Db) {
        if (kind === 'postgres') {
          await sql`drop trigger if exists users_list_update on users`.execute(db);
          await sql`drop trigger if exists users_list_rows on users`.execute(db);
          await sql`drop function if exists separ_bump_users_version()`.execute(db);
        } else {
          for (const name of ['users_list_insert', 'users_list_delete', 'users_list_update'])
            await sql.raw(`drop trigger if exists ${name}`).execute(db);
        }
        for (const table of ['list_versions', 'node_traffic', 'node_alive'])
          await db.schema.dropTable(table).ifExists().execute();
        await db.schema
          .alterTable('users')
          .addColumn('used_mb', 'bigint', (c) => c.notNull().defaultTo(0))
          .execute();
        await sql`update users set used_mb = (used_bytes + 1048575) / 1048576`.execute(db);
        await db.schema.alterTable('users').dropColumn('used_bytes').execute();
      },
    },
    '0005_radius': {
      async up(db: Db) {
        // The OpenConnect servers (ocserv) that may ask Separ's RADIUS server, with their shared
        // secrets sealed like the VPN passwords.
        await db.schema
          .createTable('radius_clients')
          .addColumn('id', id, auto)
          .addColumn('ip', 'text', (c) => c.notNull().unique())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('secret_sealed', 'text', (c) => c.notNull())
          .addColumn('require_message_authenticator', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        // OpenConnect sessions from their accounting, keyed by the client and Acct-Session-Id;
        // counted_bytes is the session's total already added to the account's usage.
        await db.schema
          .createTable('radius_sessions')
          .addColumn('id', id, auto)
          .addColumn('client_id', 'integer', (c) => c.notNull().references('radius_clients.id').onDelete('cascade'))
          .addColumn('session_id', 'text', (c) => c.notNull())
          .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
          .addColumn('username', 'text', (c) => c.notNull())
          .addColumn('calling_station', 'text')
          .addColumn('framed_ip', 'text')
          .addColumn('client_info', 'text')
          .addColumn('started_at', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .addColumn('stopped_at', 'text')
          .addColumn('counted_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
          .addUniqueConstraint('radius_sessions_key', ['client_id', 'session_id'])
          .execute();
        await db.schema
          .createIndex('radius_sessions_user')
          .on('radius_sessions')
          .columns(['user_id', 'stopped_at', 'updated_at'])
          .execute();
      },
      async down(db: Db) {
        await db.schema.dropTable('radius_sessions').ifExists().execute();
        await db.schema.dropTable('radius_clients').ifExists().execute();
      },
    },
    '0006_throttle_ends': {
      async up(db: Db) {
        // Each window knows when it ends: the counters of a login (a minute per client, an hour per
        // account) are counted in one statement.
        await db.schema.alterTable('throttle').addColumn('window_ends', 'text').execute();
        await db.schema.createIndex('throttle_ends').on('throttle').column('window_ends').execute();
      },
      async down(db: Db) {
        await db.schema.dropIndex('throttle_ends').ifExists().execute();
        await db.schema.alterTable('throttle').dropColumn('window_ends').execute();
      },
    },
    '0007_subscriptions': {
      async up(db: Db) {
        // The account's subscription link (CONTRACTS §7): a random token, replaced on request.
        await db.schema.alterTable('users').addColumn('sub_token', 'text').execute();
        await db.schema.createIndex('users_sub_token').on('users').column('sub_token').unique().execute();
      },
      async down(db: Db) {
        await db.schema.dropIndex('users_sub_token').ifExists().execute();
        await db.schema.alterTable('users').dropColumn('sub_token').execute();
      },
    },
    '0008_bot': {
      async up(db: Db) {
        // The messaging bot's users (CONTRACTS §9): their language, the account they linked, and the
        // free account they were given — once, ever (free_at is the claim).
        await db.schema
          .createTable('bot_users')
          .addColumn('messaging_id', 'text', (c) => c.primaryKey())
          .addColumn('language', 'text', (c) => c.notNull().defaultTo('fa'))
          .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
          .addColumn('free_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
          .addColumn('free_at', 'text')
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('bot_users_user').on('bot_users').column('user_id').execute();
        // The free accounts given each day, for the shop's daily quota.
        await db.schema
          .createTable('free_quota')
          .addColumn('day', 'text', (c) => c.primaryKey())
          .addColumn('given', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
      },
      async down(db: Db) {
        await db.schema.dropTable('free_quota').ifExists().execute();
        await db.schema.dropTable('bot_users').ifExists().execute();
      },
    },
    '0009_reminders': {
      async up(db: Db) {
        // Reminders before expiry and at data thresholds: each sent once per account, kind and
        // subscription period (its expiry), and none after the account's unsubscribe link.
        await db.schema
          .alterTable('users')
          .addColumn('reminders_off', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
        await db.schema
          .createTable('reminders')
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('period', 'text', (c) => c.notNull())
          .addColumn('sent_at', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('reminders_pk', ['user_id', 'kind', 'period'])
          .execute();
      },
      async down(db: Db) {
        await db.schema.dropTable('reminders').ifExists().execute();
        await db.schema.alterTable('users').dropColumn('reminders_off').execute();
      },
    },
    '0010_speed_limit': {
      async up(db: Db) {
        // A speed limit in Mbit/s that the V2Ray nodes enforce (V2bX's speed_limit): the free account's.
        await db.schema.alterTable('users').addColumn('speed_limit_mbps', 'integer').execute();
      },
      async down(db: Db) {
        await db.schema.alterTable('users').dropColumn('speed_limit_mbps').execute();
      },
    },
    '0011_admin': {
      async up(db: Db) {
        // The operators of the web admin (CONTRACTS §8), their sessions, and the audit log of every
        // change an operator makes, from the web admin or separ-admin.
        await db.schema
          .createTable('operators')
          .addColumn('id', id, auto)
          .addColumn('username', 'text', (c) => c.notNull().unique())
          .addColumn('password_hash', 'text', (c) => c.notNull())
          // The one-time code's secret, sealed like the VPN passwords; pending until a code confirms it.
          .addColumn('totp_sealed', 'text')
          .addColumn('totp_pending_sealed', 'text')
          // The last time step a code was accepted for: a code is good once.
          .addColumn('totp_last_step', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('last_login_at', 'text')
          .execute();
        await db.schema
          .createTable('admin_sessions')
          .addColumn('token_hash', 'text', (c) => c.primaryKey())
          .addColumn('operator_id', 'integer', (c) => c.notNull().references('operators.id').onDelete('cascade'))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('last_seen_at', 'text', (c) => c.notNull())
          .addColumn('expires_at', 'text', (c) => c.notNull())
          .addColumn('ip', 'text')
          .addColumn('user_agent', 'text')
          .execute();
        await db.schema.createIndex('admin_sessions_operator').on('admin_sessions').column('operator_id').execute();
        await db.schema
          .createTable('audit_log')
          .addColumn('id', id, auto)
          .addColumn('at', 'text', (c) => c.notNull())
          .addColumn('operator', 'text', (c) => c.notNull())
          .addColumn('action', 'text', (c) => c.notNull())
          .addColumn('target', 'text', (c) => c.notNull())
          .addColumn('before_json', 'text')
          .addColumn('after_json', 'text')
          .execute();
        await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
        // The users list searches by the start of a username or an e-mail, case-insensitively, at
        // 100,000 accounts and more: SQLite's LIKE uses a NOCASE index, PostgreSQL's a lower() one.
        if (kind === 'postgres') {
          await sql`create index users_username_search on users (lower(username) text_pattern_ops)`.execute(db);
          await sql`create index users_email_search on users (lower(email) text_pattern_ops)`.execute(db);
        } else {
          await sql`create index users_username_search on users (username collate nocase)`.execute(db);
          await sql`create index users_email_search on users (email collate nocase)`.execute(db);
        }
        await db.schema.createIndex('users_created_at').on('users').column('created_at').execute();
        await db.schema.createIndex('orders_created_at').on('orders').column('created_at').execute();
        await db.schema.createIndex('orders_email').on('orders').column('email').execute();
      },
      async down(db: Db) {
        for (const index of [
          'orders_email',
          'orders_created_at',
          'users_created_at',
          'users_email_search',
          'users_username_search',
        ])
          await db.schema.dropIndex(index).ifExists().execute();
        await db.schema.dropTable('audit_log').ifExists().execute();
        await db.schema.dropTable('admin_sessions').ifExists().execute();
        await db.schema.dropTable('operators').ifExists().execute();
      },
    },
    '0012_renewal': {
      async up(db: Db) {
        // A renewal: the order names the account it extends (null: the order makes a new account).
        await db.schema
          .alterTable('orders')
          .addColumn('renew_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
          .execute();
        // The bot's one-time link codes from the panel: kept as a MAC (never the code), good once
        // until they expire.
        await db.schema
          .createTable('bot_link_codes')
          .addColumn('code_mac', 'text', (c) => c.primaryKey())
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('expires_at', 'text', (c) => c.notNull())
          .addColumn('used_at', 'text')
          .execute();
        await db.schema.createIndex('bot_link_codes_user').on('bot_link_codes').column('user_id').execute();
      },
      async down(db: Db) {
        await db.schema.dropTable('bot_link_codes').ifExists().execute();
        await db.schema.alterTable('orders').dropColumn('renew_user_id').execute();
      },
    },
    '0013_vpn_id': {
      async up(db: Db) {
        // The VPN id (CONTRACTS §5, §15): a random UUID of the account's own, unrelated to its
        // password, that the nodes receive and the generated links carry. Every existing account
        // gets one here; its links change once.
        await db.schema.alterTable('users').addColumn('vpn_id', 'text').execute();
        if (kind === 'postgres') await sql`update users set vpn_id = gen_random_uuid()::text`.execute(db);
        else
          await sql`update users set vpn_id = lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4'
              || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1)
              || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))`.execute(db);
        await db.schema.createIndex('users_vpn_id').on('users').column('vpn_id').unique().execute();
        // The nodes' user list also moves when an account's VPN id or speed limit changes.
        await replaceUsersListTrigger(
          db,
          kind,
          `${USERS_LIST_CHANGED}
          or coalesce(old.vpn_id, '') <> coalesce(new.vpn_id, '')
          or coalesce(old.speed_limit_mbps, -1) <> coalesce(new.speed_limit_mbps, -1)`,
        );
      },
      async down(db: Db) {
        await replaceUsersListTrigger(db, kind, USERS_LIST_CHANGED);
        await db.schema.dropIndex('users_vpn_id').ifExists().execute();
        await db.schema.alterTable('users').dropColumn('vpn_id').execute();
      },
    },
    '0014_operator_lock': {
      async up(db: Db) {
        // An operator's sign-in locked by wrong one-time codes (CONTRACTS §15): set at the fifth in
        // 15 minutes, cleared only by `separ-admin operators unlock` or another operator.
        await db.schema.alterTable('operators').addColumn('locked_at', 'text').execute();
      },
      async down(db: Db) {
        await db.schema.alterTable('operators').dropColumn('locked_at').execute();
      },
    },
    '0015_wallet': {
      async up(db: Db) {
        // The wallet's ledger (CONTRACTS §10): entries are only ever inserted. `seq` counts an
        // account's entries from 1 and `balance` is the balance after the entry, so the last entry
        // holds the balance; the unique (user_id, seq) stops two writers from both taking the same
        // balance, and the unique (user_id, kind, ref) an order or a code from counting twice.
        await db.schema
          .createTable('wallet_entries')
          .addColumn('id', id, auto)
          .addColumn('user_id', 'integer', (c) => c.notNull())
          .addColumn('seq', 'integer', (c) => c.notNull())
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('amount', 'bigint', (c) => c.notNull())
          .addColumn('balance', 'bigint', (c) => c.notNull())
          .addColumn('ref', 'text')
          .addColumn('note', 'text')
          .addColumn('actor', 'text')
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('wallet_entries_user_seq')
          .on('wallet_entries')
          .columns(['user_id', 'seq'])
          .unique()
          .execute();
        await db.schema
          .createIndex('wallet_entries_user_kind_ref')
          .on('wallet_entries')
          .columns(['user_id', 'kind', 'ref'])
          .unique()
          .execute();
      },
      async down(db: Db) {
        await db.schema.dropTable('wallet_entries').ifExists().execute();
      },
    },
    '0016_wallet_orders': {
      async up(db: Db) {
        // A wallet top-up is an order like a purchase (CONTRACTS §10), settled by the same
        // exactly-once path: it names the account whose wallet it fills and the tomans it adds,
        // and no plan (plan_id 0).
        await db.schema.alterTable('orders').addColumn('topup_user_id', 'integer').execute();
        await db.schema.alterTable('orders').addColumn('topup_toman', 'bigint').execute();
      },
      async down(db: Db) {
        await db.schema.alterTable('orders').dropColumn('topup_toman').execute();
        await db.schema.alterTable('orders').dropColumn('topup_user_id').execute();
      },
    },
    '0017_cards': {
      async up(db: Db) {
        // Card-to-card transfers (CONTRACTS §11). The shop's cards: a removed card is kept (its
        // orders name it) and offered to nobody.
        await db.schema
          .createTable('cards')
          .addColumn('id', id, auto)
          .addColumn('number', 'text', (c) => c.notNull().unique())
          .addColumn('holder', 'text', (c) => c.notNull())
          .addColumn('bank', 'text')
          .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('removed_at', 'text')
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        // A card order beside its order row: the card, the amount asked and its own state.
        // `open_amount` is the amount while the order is open and null once it is closed: its unique
        // index is what keeps two open card orders from ever asking the same amount, whatever
        // processes create them at once (NULLs never clash, on SQLite and PostgreSQL alike).
        await db.schema
          .createTable('card_orders')
          .addColumn('order_id', 'integer', (c) => c.primaryKey())
          .addColumn('card_id', 'integer', (c) => c.notNull())
          .addColumn('amount', 'bigint', (c) => c.notNull())
          .addColumn('open_amount', 'bigint', (c) => c.unique())
          .addColumn('state', 'text', (c) => c.notNull())
          .addColumn('expires_at', 'text', (c) => c.notNull())
          .addColumn('reason', 'text')
          .addColumn('result_sealed', 'text')
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('card_orders_state').on('card_orders').columns(['state', 'expires_at']).execute();
        await db.schema.createIndex('card_orders_card').on('card_orders').columns(['card_id', 'state']).execute();
        // The buyers' receipts, kept in the database so that every process and every backup has
        // them: one per order, a tracking number once ever, an image's bytes once ever (by hash).
        await db.schema
          .createTable('card_receipts')
          .addColumn('id', id, auto)
          .addColumn('order_id', 'integer', (c) => c.notNull().unique())
          .addColumn('tracking', 'text', (c) => c.notNull().unique())
          .addColumn('image', kind === 'postgres' ? 'bytea' : 'blob')
          .addColumn('image_type', 'text')
          .addColumn('image_sha256', 'text', (c) => c.unique())
          .addColumn('image_bytes', 'integer')
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
      },
      async down(db: Db) {
        await db.schema.dropTable('card_receipts').ifExists().execute();
        await db.schema.dropTable('card_orders').ifExists().execute();
        await db.schema.dropTable('cards').ifExists().execute();
      },
    },
    '0018_crypto': {
      async up(db: Db) {
        // Dollars and the crypto gateways (CONTRACTS §12): an order invoiced in dollars keeps its
        // amount in whole cents and the shop's rate it was made at (null: an order in rials), and,
        // once a gateway's callback completes it, the payment result with the new account's
        // credentials, sealed, for the payer's return to show once.
        await db.schema.alterTable('orders').addColumn('amount_usd_cents', 'integer').execute();
        await db.schema.alterTable('orders').addColumn('toman_per_usd', 'integer').execute();
        await db.schema.alterTable('orders').addColumn('result_sealed', 'text').execute();
      },
      async down(db: Db) {
        await db.schema.alterTable('orders').dropColumn('result_sealed').execute();
        await db.schema.alterTable('orders').dropColumn('toman_per_usd').execute();
        await db.schema.alterTable('orders').dropColumn('amount_usd_cents').execute();
      },
    },
    '0019_growth': {
      async up(db: Db) {
        // Discount codes, gift codes and referrals (CONTRACTS §12). A code is kept upper-case;
        // `uses` counts the orders that completed with it, never past `max_uses` (a conditional
        // update at completion), and each counted use is one row of coupon_uses (one an order).
        await db.schema
          .createTable('coupons')
          .addColumn('id', id, auto)
          .addColumn('code', 'text', (c) => c.notNull().unique())
          .addColumn('percent', 'integer')
          .addColumn('amount_toman', 'bigint')
          .addColumn('max_uses', 'integer')
          .addColumn('per_user', 'integer')
          .addColumn('first_purchase', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('plans', 'text')
          .addColumn('starts_at', 'text')
          .addColumn('ends_at', 'text')
          .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('disabled_at', 'text')
          .addColumn('created_by', 'text')
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('coupon_uses')
          .addColumn('id', id, auto)
          .addColumn('coupon_id', 'integer', (c) => c.notNull())
          .addColumn('order_id', 'integer', (c) => c.notNull().unique())
          .addColumn('user_id', 'integer')
          .addColumn('email', 'text', (c) => c.notNull())
          .addColumn('discount_toman', 'bigint', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('coupon_uses_user').on('coupon_uses').columns(['coupon_id', 'user_id']).execute();
        await db.schema.createIndex('coupon_uses_email').on('coupon_uses').columns(['coupon_id', 'email']).execute();
        // Gift codes are kept only as their MAC (the bot's link codes' way): printed once, never read back.
        await db.schema
          .createTable('gift_codes')
          .addColumn('id', id, auto)
          .addColumn('code_mac', 'text', (c) => c.notNull().unique())
          .addColumn('amount', 'bigint', (c) => c.notNull())
          .addColumn('expires_at', 'text')
          .addColumn('used_by', 'integer')
          .addColumn('used_at', 'text')
          .addColumn('batch', 'text', (c) => c.notNull())
          .addColumn('created_by', 'text')
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        // An order keeps its code, the tomans it took off, and the account that referred its buyer.
        await db.schema.alterTable('orders').addColumn('coupon_code', 'text').execute();
        await db.schema.alterTable('orders').addColumn('discount_toman', 'bigint').execute();
        await db.schema.alterTable('orders').addColumn('referrer_user_id', 'integer').execute();
        // Every account's referral code, made on first use (the panel's account call).
        await db.schema.alterTable('users').addColumn('referral_code', 'text').execute();
        await db.schema.createIndex('users_referral_code').on('users').column('referral_code').unique().execute();
      },
      async down(db: Db) {
        await db.schema.dropIndex('users_referral_code').ifExists().execute();
        await db.schema.alterTable('users').dropColumn('referral_code').execute();
        await db.schema.alterTable('orders').dropColumn('referrer_user_id').execute();
        await db.schema.alterTable('orders').dropColumn('discount_toman').execute();
        await db.schema.alterTable('orders').dropColumn('coupon_code').execute();
        await db.schema.dropTable('gift_codes').ifExists().execute();
        await db.schema.dropTable('coupon_uses').ifExists().execute();
        await db.schema.dropTable('coupons').ifExists().execute();
      },
    },
    '0020_card_bot': {
      async up(db: Db) {
        // The bot's card flow (issue 30 §4): the chat that asked for a card order, told once of its
        // outcome (`bot_told`, a conditional update: one process tells it); and a receipt sent to
        // the chat as a photo alone, with no tracking number (the web's form still requires one).
        await db.schema.alterTable('card_orders').addColumn('bot_chat', 'text').execute();
        await db.schema
          .alterTable('card_orders')
          .addColumn('bot_told', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
        await db.schema.createIndex('card_orders_bot').on('card_orders').columns(['bot_chat', 'bot_told']).execute();
        if (kind === 'postgres') {
          await sql`alter table card_receipts alter column tracking drop not null`.execute(db);
        } else {
          // SQLite changes a column's NOT NULL only by building the table again.
          await sql`create table card_receipts_next (
            id integer primary key autoincrement,
            order_id integer not null unique,
            tracking text unique,
            image blob,
            image_type text,
            image_sha256 text unique,
            image_bytes integer,
            created_at text not null)`.execute(db);
          await sql`insert into card_receipts_next
            select id, order_id, tracking, image, image_type, image_sha256, image_bytes, created_at from card_receipts`.execute(
            db,
          );
          await sql`drop table card_receipts`.execute(db);
          await sql`alter table card_receipts_next rename to card_receipts`.execute(db);
        }
      },
      async down(db: Db) {
        await db.schema.dropIndex('card_orders_bot').ifExists().execute();
        await db.schema.alterTable('card_orders').dropColumn('bot_told').execute();
        await db.schema.alterTable('card_orders').dropColumn('bot_chat').execute();
      },
    },
    '0021_shop_events': {
      async up(db: Db) {
        // What the shop tells outside the admin (CONTRACTS §13: the operators' chat), written in the
        // transaction of the change, once per key; the chat's delivery is claimed and marked here.
        await db.schema
          .createTable('shop_events')
          .addColumn('id', id, auto)
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('key', 'text', (c) => c.notNull().unique())
          .addColumn('data', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('chat_claimed_until', 'text')
          .addColumn('chat_sent_at', 'text')
          .execute();
        await db.schema.createIndex('shop_events_chat').on('shop_events').columns(['chat_sent_at', 'id']).execute();
        // A node reported silent, until it is heard from again (reported once each way).
        await db.schema.alterTable('nodes').addColumn('silent_since', 'text').execute();
        await db.schema
          .createTable('operator_chats')
          .addColumn('messaging_id', 'text', (c) => c.primaryKey())
          .addColumn('operator', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('operator_chat_codes')
          .addColumn('code_mac', 'text', (c) => c.primaryKey())
          .addColumn('operator', 'text', (c) => c.notNull())
          .addColumn('expires_at', 'text', (c) => c.notNull())
          .addColumn('used_at', 'text')
          .execute();
      },
      async down(db: Db) {
        await db.schema.alterTable('nodes').dropColumn('silent_since').execute();
        await db.schema.dropTable('operator_chat_codes').ifExists().execute();
        await db.schema.dropTable('operator_chats').ifExists().execute();
        await db.schema.dropTable('shop_events').ifExists().execute();
      },
    },
    '0023_referrals_admin': {
      async up(db: Db) {
        // The console's referrals (issue 31 §4) list the orders that carry a referrer, newest
        // first, and rank the inviters: found by this index instead of reading every order.
        await db.schema
          .createIndex('orders_referrer')
          .on('orders')
          .columns(['referrer_user_id', 'created_at'])
          .execute();
      },
      async down(db: Db) {
        await db.schema.dropIndex('orders_referrer').ifExists().execute();
      },
    },
    '0024_ops': {
      async up(db: Db) {
        // A gateway's failures in a row, shared by every process (CONTRACTS §13: three tell the
        // operators' chat once; a success starts the count again).
        await db.schema
          .createTable('gateway_health')
          .addColumn('provider', 'text', (c) => c.primaryKey())
          .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('last_error', 'text')
          .addColumn('alerted_at', 'text')
          .addColumn('alerts', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .execute();
      },
      async down(db: Db) {
        await db.schema.dropTable('gateway_health').ifExists().execute();
      },
    },
    '0025_backup': {
      async up(db: Db) {
        // Scheduled backups (CONTRACTS §13): one row a period (`slot`, the period's start), taken by
        // the one process whose insert wins, so that several processes make one backup a period.
        await db.schema
          .createTable('backup_runs')
          .addColumn('slot', 'text', (c) => c.primaryKey())
          .addColumn('started_at', 'text', (c) => c.notNull())
          .addColumn('finished_at', 'text')
          .addColumn('file', 'text')
          .addColumn('bytes', 'bigint')
          .addColumn('error', 'text')
          .addColumn('sent_to', 'integer')
          .execute();
      },
      async down(db: Db) {
        await db.schema.dropTable('backup_runs').ifExists().execute();
      },
    },
    '0026_roles_tokens': {
      async up(db: Db) {
        // Operators' roles (CONTRACTS §13). Every operator of a shop made before roles could do
        // everything: each keeps that as an owner; later ones are `admin` unless named otherwise.
        await db.schema
          .alterTable('operators')
          .addColumn('role', 'text', (c) => c.notNull().defaultTo('admin'))
          .execute();
        await sql`update operators set role = 'owner'`.execute(db);
        // API tokens: a name, a role, the token's SHA-256 (it is shown once and never kept).
        await db.schema
          .createTable('api_tokens')
          .addColumn('id', id, auto)
          .addColumn('name', 'text', (c) => c.notNull().unique())
          .addColumn('role', 'text', (c) => c.notNull())
          .addColumn('token_hash', 'text', (c) => c.notNull().unique())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('created_by', 'text', (c) => c.notNull())
          .addColumn('last_used_at', 'text')
          .execute();
      },
      async down(db: Db) {
        await db.schema.dropTable('api_tokens').ifExists().execute();
        await db.schema.alterTable('operators').dropColumn('role').execute();
      },
    },
    '0027_webhooks': {
      async up(db: Db) {
        // Webhooks (CONTRACTS §13): a URL, the events it asks for (comma-separated), its signing
        // secret sealed under the secret key (it signs every delivery, so it cannot be a hash).
        await db.schema
          .createTable('webhooks')
          .addColumn('id', id, auto)
          .addColumn('url', 'text', (c) => c.notNull())
          .addColumn('events', 'text', (c) => c.notNull())
          .addColumn('secret_enc', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('created_by', 'text', (c) => c.notNull())
          .execute();
        // One event for one webhook: its body as first sent (the signature covers it), retried with
        // backoff until a 2xx, claimed by one process at a time.
        await db.schema
          .createTable('webhook_deliveries')
          .addColumn('id', id, auto)
          .addColumn('webhook_id', 'integer', (c) => c.notNull())
          .addColumn('event_key', 'text', (c) => c.notNull())
          .addColumn('event', 'text', (c) => c.notNull())
          .addColumn('body', 'text', (c) => c.notNull())
          .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('next_attempt_at', 'text')
          .addColumn('claimed_until', 'text')
          .addColumn('last_status', 'integer')
          .addColumn('last_error', 'text')
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('delivered_at', 'text')
          .addColumn('failed_at', 'text')
          .addUniqueConstraint('webhook_deliveries_once', ['webhook_id', 'event_key'])
          .execute();
        await db.schema
          .createIndex('webhook_deliveries_due')
          .on('webhook_deliveries')
          .columns(['next_attempt_at'])
          .execute();
      },
      async down(db: Db) {
        await db.schema.dropTable('webhook_deliveries').ifExists().execute();
        await db.schema.dropTable('webhooks').ifExists().execute();
      },
    },
    '0029_reset': {
      async up(db: Db) {
        // Traffic that resets (CONTRACTS §14): a plan's period (none, day, week, month); an account's
        // subscription start (set when it starts; the reset job fills it for older accounts) and
        // the resets already made; and each finished period's usage, kept as the account's history.
        await db.schema
          .alterTable('plans')
          .addColumn('reset', 'text', (c) => c.notNull().defaultTo('none'))
          .execute();
        await db.schema.alterTable('users').addColumn('reset_anchor', 'text').execute();
        await db.schema
          .alterTable('users')
          .addColumn('resets_done', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
        await db.schema
          .createTable('usage_periods')
          .addColumn('id', id, auto)
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('started_at', 'text', (c) => c.notNull())
          .addColumn('ended_at', 'text', (c) => c.notNull())
          .addColumn('used_bytes', 'bigint', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('usage_periods_user')
          .on('usage_periods')
          .columns(['user_id', 'ended_at'])
          .execute();
      },
      async down(db: Db) {
        await db.schema.dropTable('usage_periods').ifExists().execute();
        await db.schema.alterTable('users').dropColumn('resets_done').execute();
        await db.schema.alterTable('users').dropColumn('reset_anchor').execute();
        await db.schema.alterTable('plans').dropColumn('reset').execute();
      },
    },
    '0030_hwid_devices': {
      async up(db: Db) {
        // Devices by hardware id (CONTRACTS §14): a subscription fetch with `x-hwid` registers its
        // device among the account's devices (which the app logins share), with the OS, its version
        // and the model the client says; one row per account and hardware id.
        await db.schema.alterTable('devices').addColumn('hwid', 'text').execute();
        await db.schema.alterTable('devices').addColumn('device_os', 'text').execute();
        await db.schema.alterTable('devices').addColumn('os_version', 'text').execute();
        await db.schema.alterTable('devices').addColumn('device_model', 'text').execute();
        await db.schema.createIndex('devices_hwid').on('devices').columns(['user_id', 'hwid']).unique().execute();
      },
      async down(db: Db) {
        await db.schema.dropIndex('devices_hwid').ifExists().execute();
        for (const column of ['device_model', 'os_version', 'device_os', 'hwid'])
          await db.schema.alterTable('devices').dropColumn(column).execute();
      },
    },
    '0028_node_hosts': {
      async up(db: Db) {
        // Extra addresses of a V2Ray node (CONTRACTS §14): each active one is one more link, with
        // the node's protocol and keys and its own address (and port, SNI, host header when set).
        await db.schema
          .createTable('node_hosts')
          .addColumn('id', id, auto)
          .addColumn('node_id', 'integer', (c) => c.notNull().references('nodes.id').onDelete('cascade'))
          .addColumn('address', 'text', (c) => c.notNull())
          .addColumn('port', 'integer')
          .addColumn('sni', 'text')
          .addColumn('host', 'text')
          .addColumn('remark', 'text')
          .addColumn('paused', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('node_hosts_node').on('node_hosts').columns(['node_id', 'sort']).execute();
      },
      async down(db: Db) {
        await db.schema.dropTable('node_hosts').ifExists().execute();
      },
    },
  };
}

/** When a change to a user row moves the nodes' user list (0004_nodes). */
const USERS_LIST_CHANGED = `old.username <> new.username or old.password_enc <> new.password_enc
          or old.suspend <> new.suspend or old.subs_days <> new.subs_days
          or coalesce(old.expire_date, '') <> coalesce(new.expire_date, '')
          or old.allowed_mb <> new.allowed_mb or old.allowed_devices <> new.allowed_devices
          or (old.allowed_mb = -1 or old.used_bytes <= old.allowed_mb * 1048576)
            <> (new.allowed_mb = -1 or new.used_bytes <= new.allowed_mb * 1048576)`;

/** Makes the user-row trigger that bumps the nodes' list version fire on `changed`. */
async function replaceUsersListTrigger(db: Db, kind: DatabaseKind, changed: string) {
  if (kind === 'postgres') {
    await sql`drop trigger if exists users_list_update on users`.execute(db);
    await sql
      .raw(
        `create trigger users_list_update after update on users for each row
         when (${changed}) execute function separ_bump_users_version()`,
      )
      .execute(db);
  } else {
    await sql`drop trigger if exists users_list_update`.execute(db);
    await sql
      .raw(
        `create trigger users_list_update after update on users when ${changed}
         begin update list_versions set version = version + 1 where name = 'users'; end`,
      )
      .execute(db);
  }
}

/** Hands Kysely's Migrator the migrations above. */
export class CodeMigrationProvider implements MigrationProvider {
  private readonly kind: DatabaseKind;

  constructor(kind: DatabaseKind) {
    this.kind = kind;
  }
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations(this.kind);
  }
}
