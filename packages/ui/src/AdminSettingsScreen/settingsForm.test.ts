import { describe, expect, it } from 'vitest';
import type { ShopSettings } from '@separ/domain';
import { validateSettings } from './settingsForm';

const settings: ShopSettings = {
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
};

describe('the shop settings form', () => {
  it('sends the settings trimmed, optional addresses empty', () => {
    expect(validateSettings(settings)).toEqual({
      ok: true,
      input: { ...settings, shopName: 'سپر', supportChatUrl: 'https://t.me/separ_support' },
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
});
