/** Percent-encodes a string the way SigV4 and the AWS services expect (RFC 3986 unreserved kept). */
export function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Builds `a=1&b=2` from decoded query parameters, in the order given; arrays repeat the key. */
export function buildQueryString(query: Record<string, string | string[]>): string {
  let text = '';
  for (const key in query) {
    if (!Object.hasOwn(query, key)) continue;
    const value = query[key]!;
    if (Array.isArray(value)) for (const item of value) text += `${text ? '&' : ''}${uriEncode(key)}=${uriEncode(item)}`;
    else text += `${text ? '&' : ''}${uriEncode(key)}=${uriEncode(value)}`;
  }
  return text;
}

/** The full URL of a request, as sent. */
export function requestUrl(request: { protocol: string; hostname: string; port?: number; path: string; query: Record<string, string | string[]> }): string {
  const query = buildQueryString(request.query);
  const host = request.hostname.includes(':') ? `[${request.hostname}]` : request.hostname;
  const port = request.port === undefined ? '' : `:${request.port}`;
  return `${request.protocol}//${host}${port}${request.path}${query ? `?${query}` : ''}`;
}
