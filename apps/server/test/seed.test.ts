import { describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../src/platform/db/index.ts';
import { DEMO_PLANS } from '@separ/domain/demo';
import { seedDemoData } from '../src/platform/db/seed.ts';
import { loadConfig } from '../src/platform/config.ts';
import { freshDatabase, KINDS } from './harness.ts';

describe.each(KINDS)('seeding a fresh %s database from several processes at once', (kind) => {
  it('seeds exactly once; the others skip without an error', async () => {
    const fresh = await freshDatabase(kind);
    const config = loadConfig({ SEPAR_DATA_DIR: fresh.dataDir, ...(fresh.url ? { DATABASE_URL: fresh.url } : {}) });
    const handles = [openDatabase(config), openDatabase(config), openDatabase(config)];
    try {
      await migrateToLatest(handles[0]!);
      const now = new Date('2026-01-01T00:00:00Z');
      // PostgreSQL: truly at once. SQLite: one after the other (its connections here share one
      // thread, and a busy wait would block the very transaction it waits for).
      const outcomes =
        kind === 'postgres'
          ? await Promise.all(handles.map((h) => seedDemoData(h.db, now)))
          : [
              await seedDemoData(handles[0]!.db, now),
              await seedDemoData(handles[1]!.db, now),
              await seedDemoData(handles[2]!.db, now),
            ];
      expect(outcomes.filter(Boolean)).toHaveLength(1);
      // The catalogue's ids are the ones a fresh database gives, which the mocks and stories rely on.
      const plans = await handles[0]!.db.selectFrom('plans').select(['id', 'title']).orderBy('id').execute();
      expect(plans.map((plan) => ({ id: Number(plan.id), title: plan.title }))).toEqual(
        DEMO_PLANS.map(({ id, title }) => ({ id, title })),
      );
      expect(await seedDemoData(handles[1]!.db, now)).toBe(false);
    } finally {
      for (const handle of handles) await handle.close();
      await fresh.dispose();
    }
  });
});
