import { DEMO_APP_LINKS, DEMO_COUNTRIES, DEMO_PLANS, DEMO_SERVERS } from '@separ/domain/demo';
import type { Db } from './index.ts';

/**
 * Demo data for a fresh shop (not in production): the demo catalogue of @separ/domain/demo, which
 * the mock backend and the stories show too — plans of both platforms, countries, servers and app
 * links, all of it well formed (one retired plan is inactive). The spec's broken cases live in the
 * MSW mocks and in the tests that need them. Seeds them once, on a database never seeded before.
 */
export async function seedDemoData(db: Db, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const createdAt = now.toISOString();
    // Claim the seeding first: of several processes starting together on a fresh database, the one
    // whose marker goes in seeds; the others wait for its transaction, find the marker, and skip.
    const claim = await trx
      .insertInto('settings')
      .values({ key: 'seeded', value: createdAt })
      .onConflict((conflict) => conflict.column('key').doNothing())
      .executeTakeFirst();
    if (Number(claim.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    // Set-up in any order (issue 32 §6): separ-admin may have written to a fresh database before
    // the first start (`nodes add --country DE` adds the country, `plans add` a plan, `settings set`
    // a link). What it wrote stays as it is: rows with a natural key (countries, settings) are seeded
    // one by one, each only when absent; the tables without one (plans, servers) only when empty.
    if (!(await trx.selectFrom('plans').select('id').limit(1).executeTakeFirst())) {
      await trx
        .insertInto('plans')
        .values(
          // No ids: a fresh database numbers them 1 to 9 in this order, as the demo catalogue does.
          DEMO_PLANS.map((plan, index) => ({
            title: plan.title,
            active: plan.active,
            ios: plan.ios,
            allowed_mb: plan.allowedMB,
            subs_days: plan.subsDays,
            allowed_devices: plan.allowedDevices,
            discount: null,
            price_toman: plan.price_toman,
            price_credit: plan.price_credit,
            sort_order: index,
            created_at: createdAt,
          })),
        )
        .execute();
    }
    await trx
      .insertInto('countries')
      .values(DEMO_COUNTRIES.map((country, index) => ({ ...country, sort_order: index })))
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
    if (!(await trx.selectFrom('servers').select('id').limit(1).executeTakeFirst())) {
      await trx
        .insertInto('servers')
        .values(
          DEMO_SERVERS.map((server, index) => ({
            title: server.title,
            type: server.type,
            country_code: String(server.countryCode),
            server: server.server,
            active: 1,
            sort_order: index,
          })),
        )
        .execute();
    }
    await trx
      .insertInto('settings')
      .values(Object.entries(DEMO_APP_LINKS).map(([key, value]) => ({ key, value })))
      .onConflict((conflict) => conflict.column('key').doNothing())
      .execute();
    return true;
  });
}

/** The sandbox's card (Luhn-valid, no bank's): what `npm start` offers for card-to-card transfers. */
export const DEMO_CARD = { number: '6037990000000006', holder: 'Separ demo (sandbox)', bank: 'Sandbox bank' } as const;

/**
 * Registers the demo card at the start of a shop that is not in production (CONTRACTS §11), once: a
 * database that has had its demo card, or any card of its own, is left as it is.
 */
export async function seedDemoCard(db: Db, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const claim = await trx
      .insertInto('settings')
      .values({ key: 'seeded-card', value: now.toISOString() })
      .onConflict((conflict) => conflict.column('key').doNothing())
      .executeTakeFirst();
    if (Number(claim.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    const any = await trx.selectFrom('cards').select('id').limit(1).executeTakeFirst();
    if (any) return false;
    await trx
      .insertInto('cards')
      .values({ ...DEMO_CARD, enabled: 1, removed_at: null, created_at: now.toISOString() })
      .execute();
    return true;
  });
}
