import { describe, expect, it } from 'vitest';
import {
  adminRouteKey,
  CONSOLE_SECTIONS,
  isOperatorRole,
  landingSection,
  OPERATOR_ROLES,
  OWN_SESSION_ROUTES,
  roleMayUse,
  roleSees,
  type ConsoleSection,
} from './roles.ts';

describe('operators’ roles (CONTRACTS §13)', () => {
  it('knows the four roles and nothing else', () => {
    for (const role of OPERATOR_ROLES) expect(isOperatorRole(role)).toBe(true);
    for (const junk of ['root', '', 'Owner', 1, null]) expect(isOperatorRole(junk)).toBe(false);
  });

  it('names a route by method and pattern, the account action by its action', () => {
    expect(adminRouteKey('get', '/api/admin/orders')).toBe('GET /api/admin/orders');
    expect(adminRouteKey('POST', '/api/admin/users/:username/:action', { action: 'suspend' })).toBe(
      'POST /api/admin/users/:username/suspend',
    );
  });

  it('gives the owner everything, the admin all but the owner’s, sales and support their lists', () => {
    expect(roleMayUse('owner', 'PUT /api/admin/settings')).toBe(true);
    expect(roleMayUse('admin', 'PUT /api/admin/settings')).toBe(false);
    expect(roleMayUse('admin', 'GET /api/admin/tokens')).toBe(false);
    expect(roleMayUse('admin', 'DELETE /api/admin/webhooks/1')).toBe(false);
    expect(roleMayUse('admin', 'POST /api/admin/plans')).toBe(true);
    expect(roleMayUse('sales', 'POST /api/admin/orders/:resNum/approve')).toBe(true);
    expect(roleMayUse('sales', 'POST /api/admin/plans')).toBe(false);
    expect(roleMayUse('support', 'POST /api/admin/users/:username/reset-password')).toBe(true);
    expect(roleMayUse('support', 'POST /api/admin/users/:username/suspend')).toBe(false);
    for (const key of OWN_SESSION_ROUTES) expect(roleMayUse('support', key)).toBe(true);
  });

  it('shows each role the sections it may open, and lands it on the first', () => {
    const sees = (role: (typeof OPERATOR_ROLES)[number]) =>
      (Object.keys(CONSOLE_SECTIONS) as ConsoleSection[]).filter((section) => roleSees(role, section));
    expect(sees('owner')).toEqual(Object.keys(CONSOLE_SECTIONS));
    expect(sees('sales')).toEqual(['overview', 'plans', 'users', 'orders', 'receipts', 'operators']);
    expect(sees('support')).toEqual(['users', 'orders', 'operators']);
    expect(landingSection('owner')).toBe('overview');
    expect(landingSection('support')).toBe('users');
  });
});
