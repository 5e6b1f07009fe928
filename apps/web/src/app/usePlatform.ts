import { useState } from 'react';
import { platformFromUserAgent, type ClientPlatform } from '@separ/domain';

/** The platform whose apps a connect page lists: the visitor's own at first, then their choice. */
export function usePlatform(): [ClientPlatform, (platform: ClientPlatform) => void] {
  return useState<ClientPlatform>(() =>
    platformFromUserAgent(typeof navigator === 'undefined' ? '' : navigator.userAgent),
  );
}
