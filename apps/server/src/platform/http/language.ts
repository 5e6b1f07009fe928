/** The visitor's language: the lng query, then the i18next cookie; Persian otherwise. */
export function languageOf(cookieHeader: string | undefined, lngQuery: unknown): 'fa' | 'en' {
  if (lngQuery === 'en' || lngQuery === 'fa') return lngQuery;
  const match = /(?:^|;\s*)i18next=(en|fa)\b/.exec(cookieHeader ?? '');
  return match?.[1] === 'en' ? 'en' : 'fa';
}
