import { describe, expect, it } from 'vitest';
import type { ShopSettings } from '@separ/domain';
import { settingsDraft, validateSettings } from './settingsForm';

const saved: ShopSettings = {
  shopName: ' سپر ',
  supportChatUrl: 'https://t.me/separ_support ',
  channelUrl: '',
  socialUrl: 'https://instagram.com/separ.vpn',
  botUrl: 'https://t.me/separ_bot',
  androidAppUrl: '',
  windowsAppUrl: 'https://shop.example/separ.exe',
  freeEnabled: false,
  walletEnabled: true,
  walletMinTopup: 10_000,
  walletMaxTopup: 50_000_000,
  tomanPerUsd: 60_000,
  referralPercent: 10,
  fragmentPackets: 'tlshello',
  fragmentLength: '100-200',
  fragmentInterval: '10-20',
  muxEnabled: false,
  iranDirect: true,
};
const settings = settingsDraft(saved);

describe('the shop settings form', () => {
  it('sends the settings trimmed, optional addresses empty', () => {
    expect(validateSettings(settings)).toEqual({
      ok: true,
      input: { ...saved, shopName: 'سپر', supportChatUrl: 'https://t.me/separ_support' },
    });
  });

  it('names each wrong field: the name and the support chat are required, addresses must be http(s)', () => {
    expect(
      validateSettings({
        ...settings,
        shopName: '',
        supportChatUrl: '',
        channelUrl: 't.me/separ_news',
        botUrl: 'javascript:alert(1)',
      }),
    ).toEqual({
      ok: false,
      errors: { shopName: 'required', supportChatUrl: 'required', channelUrl: 'url', botUrl: 'url' },
    });
    expect(validateSettings({ ...settings, shopName: 'x'.repeat(61) })).toEqual({
      ok: false,
      errors: { shopName: 'tooLong' },
    });
  });

  it('reads the top-up bounds in either digits, whole tomans from 1,000, the smallest never above the largest', () => {
    expect(validateSettings({ ...settings, walletMinTopup: '۲۰٬۰۰۰', walletMaxTopup: '1,000,000' })).toMatchObject({
      ok: true,
      input: { walletMinTopup: 20_000, walletMaxTopup: 1_000_000 },
    });
    expect(validateSettings({ ...settings, walletMinTopup: '999', walletMaxTopup: '' })).toEqual({
      ok: false,
      errors: { walletMinTopup: 'amount', walletMaxTopup: 'required' },
    });
    expect(validateSettings({ ...settings, walletMinTopup: '1.5', walletMaxTopup: '500000001' })).toEqual({
      ok: false,
      errors: { walletMinTopup: 'amount', walletMaxTopup: 'amount' },
    });
    expect(validateSettings({ ...settings, walletMinTopup: '60000', walletMaxTopup: '50000' })).toEqual({
      ok: false,
      errors: { walletMinTopup: 'minAboveMax' },
    });
  });
});

describe('the delivery settings in the form (CONTRACTS §14)', () => {
  it('sends fragment in Xray’s syntax, digits in either script, or none with all three empty', () => {
    expect(
      validateSettings({
        ...settings,
        fragmentPackets: ' TLSHello ',
        fragmentLength: '۱۰۰-۲۰۰',
        fragmentInterval: '10 - 20',
      }),
    ).toMatchObject({
      ok: true,
      input: { fragmentPackets: 'tlshello', fragmentLength: '100-200', fragmentInterval: '10-20' },
    });
    expect(
      validateSettings({
        ...settings,
        fragmentPackets: '',
        fragmentLength: '',
        fragmentInterval: '',
        muxEnabled: true,
      }),
    ).toMatchObject({
      ok: true,
      input: { fragmentPackets: '', fragmentLength: '', fragmentInterval: '', muxEnabled: true },
    });
  });

  it('names a value out of bounds, and asks for the three together', () => {
    expect(validateSettings({ ...settings, fragmentPackets: '0-3', fragmentLength: '200-100' })).toEqual({
      ok: false,
      errors: { fragmentPackets: 'fragment', fragmentLength: 'fragment' },
    });
    expect(validateSettings({ ...settings, fragmentLength: '', fragmentInterval: '' })).toEqual({
      ok: false,
      errors: { fragmentLength: 'fragmentTogether', fragmentInterval: 'fragmentTogether' },
    });
  });
});
