import type { ApiConfig } from '@separ/api';

/** Where the backend is: `VITE_API_BASE` (same origin by default) and `VITE_PLANS_BASE` for the plans service. */
export function apiConfigFromEnv(env: Record<string, string | boolean | undefined> = import.meta.env): ApiConfig {
  const apiBase = typeof env.VITE_API_BASE === 'string' ? env.VITE_API_BASE : '';
  const plansBase = typeof env.VITE_PLANS_BASE === 'string' && env.VITE_PLANS_BASE ? env.VITE_PLANS_BASE : apiBase;
  return { apiBase, plansBase };
}
