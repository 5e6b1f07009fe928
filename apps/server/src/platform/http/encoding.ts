/** Whether an `Accept-Encoding` header takes an encoding (named, and not with a quality of 0). */
export function acceptsEncoding(acceptEncoding: string | undefined, name: 'br' | 'gzip'): boolean {
  return new RegExp(`(^|[,\\s])${name}(?!;q=0(\\.0*)?(\\s|,|$))`).test(acceptEncoding ?? '');
}
