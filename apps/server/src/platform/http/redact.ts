/** Query parameters that carry secrets; their values never reach a log line. */
const SECRET_PARAMS = /^(password|currentpassword|newpassword|token|data|authority|secret|key)$/i;

/** A path whose last part is a bearer credential: a subscription URL's token. */
const SECRET_PATH = /^(\/sub\/)[^/?#]+/;

/**
 * The URL with the values of secret query parameters, and a subscription URL's token, replaced by
 * "[redacted]".
 */
export function redactUrl(raw: string): string {
  const url = raw.replace(SECRET_PATH, '$1[redacted]');
  const at = url.indexOf('?');
  if (at === -1) return url;
  const params = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // keep the raw name
      }
      return SECRET_PARAMS.test(decoded) && eq !== -1 ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, at)}?${params.join('&')}`;
}
