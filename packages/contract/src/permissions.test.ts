import { describe, expect, it } from 'vitest';
import { canOnEvery, defineAbilityFor, subject } from './permissions';
import { routes, type RouteDef } from './routes';

const OWNER = '11111111-1111-1111-1111-111111111111';
const OTHER = '22222222-2222-2222-2222-222222222222';
const PLACE = '33333333-3333-3333-3333-333333333333';
const ELSEWHERE = '44444444-4444-4444-4444-444444444444';

describe('defineAbilityFor', () => {
  it('gives nothing to anonymous callers', () => {
    const ability = defineAbilityFor(null);
    expect(ability.can('read', 'establishment')).toBe(false);
    expect(ability.rules).toEqual([]);
  });

  it('reads manage as every action and all as every subject', () => {
    const ability = defineAbilityFor({
      role: 'admin',
      id: OWNER,
      permissions: [{ action: 'manage', subject: 'all' }],
    });
    for (const action of ['read', 'create', 'update', 'delete', 'export', 'share'] as const) {
      for (const type of [
        'establishment',
        'admin',
        'restaurant-owner',
        'group',
        'category',
        'menu-board',
      ] as const) {
        expect(ability.can(action, subject(type, { id: PLACE }))).toBe(true);
      }
    }
    expect(canOnEvery(ability, 'read', 'establishment')).toBe(true);
  });

  it('gives an admin exactly its stored permissions, user meaning restaurant-owner', () => {
    const ability = defineAbilityFor({
      role: 'admin',
      id: OWNER,
      permissions: [
        { action: 'read', subject: 'establishment' },
        { action: 'manage', subject: 'user' },
      ],
    });
    expect(ability.can('read', subject('establishment', { id: PLACE }))).toBe(true);
    expect(ability.can('update', subject('establishment', { id: PLACE }))).toBe(false);
    expect(ability.can('delete', subject('restaurant-owner', { id: OTHER }))).toBe(true);
    expect(ability.can('read', 'admin')).toBe(false);
  });

  it('lets an owner read and update itself and its own establishment, and manage its menu boards', () => {
    const ability = defineAbilityFor({ role: 'restaurant-owner', id: OWNER, establishmentId: PLACE });
    expect(ability.can('read', subject('restaurant-owner', { id: OWNER }))).toBe(true);
    expect(ability.can('update', subject('restaurant-owner', { id: OWNER }), 'firstName')).toBe(true);
    expect(ability.can('update', subject('restaurant-owner', { id: OWNER }), 'establishment')).toBe(false);
    expect(ability.can('delete', subject('restaurant-owner', { id: OWNER }))).toBe(false);
    expect(ability.can('read', subject('restaurant-owner', { id: OTHER }))).toBe(false);
    expect(ability.can('read', subject('establishment', { id: PLACE }))).toBe(true);
    expect(ability.can('update', subject('establishment', { id: PLACE }), 'name')).toBe(true);
    expect(ability.can('update', subject('establishment', { id: PLACE }), 'uri')).toBe(false);
    expect(ability.can('update', subject('establishment', { id: ELSEWHERE }))).toBe(false);
    expect(ability.can('delete', subject('establishment', { id: PLACE }))).toBe(false);
    expect(ability.can('create', subject('menu-board', { establishmentId: PLACE }))).toBe(true);
    expect(ability.can('delete', subject('menu-board', { establishmentId: PLACE }))).toBe(true);
    expect(ability.can('create', subject('menu-board', { establishmentId: ELSEWHERE }))).toBe(false);
    expect(ability.can('read', 'admin')).toBe(false);
    expect(ability.can('create', 'group')).toBe(false);
    expect(canOnEvery(ability, 'read', 'establishment')).toBe(false);
  });

  it('keeps an unconfirmed owner to reading its establishment', () => {
    const ability = defineAbilityFor({
      role: 'restaurant-owner',
      id: OWNER,
      establishmentId: PLACE,
      confirmed: false,
    });
    expect(ability.can('read', subject('establishment', { id: PLACE }))).toBe(true);
    expect(ability.can('update', subject('establishment', { id: PLACE }))).toBe(false);
    expect(ability.can('create', subject('menu-board', { establishmentId: PLACE }))).toBe(false);
  });

  it('gives an owner without establishment its own account only', () => {
    const ability = defineAbilityFor({ role: 'restaurant-owner', id: OWNER, establishmentId: null });
    expect(ability.can('read', 'establishment')).toBe(false);
    expect(ability.can('update', 'establishment')).toBe(false);
    expect(ability.can('read', subject('restaurant-owner', { id: OWNER }))).toBe(true);
  });
});

describe('route table permissions', () => {
  it('gives every route that needs a token a permission or an account kind', () => {
    const loose = Object.entries(routes as Record<string, RouteDef>)
      .filter(
        ([, def]) => def.auth === 'required' && def.permission === undefined && def.account === undefined,
      )
      .map(([id]) => id);
    expect(loose).toEqual([]);
  });

  it('puts no permission on routes that read no token', () => {
    const odd = Object.entries(routes as Record<string, RouteDef>)
      .filter(
        ([, def]) => def.auth !== 'required' && (def.permission !== undefined || def.account !== undefined),
      )
      .map(([id]) => id);
    expect(odd).toEqual([]);
  });
});
