/**
 * A glob pattern as a test on S3 keys: `**` crosses `/`, `*` and `?` do not, `[...]` is a
 * character class. A pattern without `/` also matches the key's last segment, so `*.pdf`
 * finds PDFs at any depth.
 */
export function globMatcher(pattern: string): (key: string) => boolean {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]!;
    if (char === '*' && pattern[i + 1] === '*') {
      source += '.*';
      i += 1;
      if (pattern[i + 1] === '/') i += 1;
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else if (char === '[') {
      const close = pattern.indexOf(']', i + 1);
      if (close < 0) source += '\\[';
      else {
        source += `[${pattern
          .slice(i + 1, close)
          .replace(/^!/, '^')
          .replace(/\\/g, '\\\\')}]`;
        i = close;
      }
    } else source += char.replace(/[.+^${}()|\\]/g, '\\$&');
  }
  const regex = new RegExp(`^${source}$`);
  const basename = !pattern.includes('/');
  return (key) => regex.test(key) || (basename && regex.test(key.slice(key.lastIndexOf('/') + 1)));
}
