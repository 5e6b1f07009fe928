/**
 * @separ/domain/demo — the demo data, once: the catalogue a fresh server seeds and the mocks and
 * stories show, and the operators' console dataset of the mock backend and the stories. Data and
 * pure functions only (dates come from the `now` the caller passes).
 */
export * from './catalog.ts';
export * from './admin.ts';
export * from './wallet.ts';
