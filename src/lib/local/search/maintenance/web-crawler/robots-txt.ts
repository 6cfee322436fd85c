/** The user agent token the crawler answers to in robots.txt, as Kendra's crawler does. */
export const CRAWLER_AGENT = 'amazon-kendra';

interface Rule {
  allow: boolean;
  /** The path pattern: `*` matches any characters, a final `$` anchors the end. */
  pattern: string;
}

/** What a site's robots.txt lets the crawler fetch. */
export interface RobotsRules {
  /** Whether the crawler may fetch the path (with its query) `pathAndQuery`. */
  allows(pathAndQuery: string): boolean;
  /** The Crawl-delay of the group that applies, in seconds; undefined when it gives none. */
  crawlDelaySeconds?: number;
}

interface Group {
  agents: string[];
  rules: Rule[];
  crawlDelay?: number;
}

/** Everything allowed: a site without robots.txt (or whose robots.txt could not be read as such). */
export const ALLOW_ALL: RobotsRules = { allows: () => true };

function groupsOf(text: string): Group[] {
  const groups: Group[] = [];
  let current: Group | undefined;
  let readingAgents = false;
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = raw.replace(/#.*$/, '').trim();
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const field = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (field === 'user-agent') {
      if (!readingAgents || !current) {
        current = { agents: [], rules: [] };
        groups.push(current);
      }
      current.agents.push(value.toLowerCase());
      readingAgents = true;
      continue;
    }
    readingAgents = false;
    if (!current) continue;
    if (field === 'allow' || field === 'disallow') {
      // An empty Disallow allows everything: it adds no rule.
      if (value !== '') current.rules.push({ allow: field === 'allow', pattern: value });
    } else if (field === 'crawl-delay') {
      const seconds = Number(value);
      if (Number.isFinite(seconds) && seconds >= 0) current.crawlDelay = seconds;
    }
  }
  return groups;
}

function patternRegExp(pattern: string): RegExp {
  const anchored = pattern.endsWith('$');
  const body = (anchored ? pattern.slice(0, -1) : pattern)
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}${anchored ? '$' : ''}`);
}

/** Decodes the percent-encoding of unreserved characters, so that `/a%62c` and `/abc` compare equal. */
function normalise(path: string): string {
  return path.replace(/%([0-9a-f]{2})/gi, (escape, hex: string) => {
    const char = String.fromCharCode(parseInt(hex, 16));
    return /[A-Za-z0-9\-._~]/.test(char) ? char : escape.toUpperCase();
  });
}

/**
 * The rules of a robots.txt (RFC 9309) for the crawler: the group whose User-agent is
 * {@link CRAWLER_AGENT} (case-insensitive; groups naming it are merged), else the `*` group(s),
 * else none. Among the Allow and Disallow rules matching a path, the longest pattern wins, and
 * Allow wins a tie; no matching rule allows. `/robots.txt` itself is always allowed.
 */
export function parseRobotsTxt(text: string, agent = CRAWLER_AGENT): RobotsRules {
  const groups = groupsOf(text);
  const mine = groups.filter((group) => group.agents.includes(agent.toLowerCase()));
  const chosen = mine.length > 0 ? mine : groups.filter((group) => group.agents.includes('*'));
  const rules = chosen.flatMap((group) => group.rules).map((rule) => ({ ...rule, regexp: patternRegExp(normalise(rule.pattern)) }));
  const crawlDelay = chosen.map((group) => group.crawlDelay).find((delay) => delay !== undefined);
  return {
    allows(pathAndQuery) {
      const path = normalise(pathAndQuery);
      if (path === '/robots.txt') return true;
      let best: { allow: boolean; length: number } | undefined;
      for (const rule of rules) {
        if (!rule.regexp.test(path)) continue;
        const length = rule.pattern.length;
        if (!best || length > best.length || (length === best.length && rule.allow)) best = { allow: rule.allow, length };
      }
      return best?.allow ?? true;
    },
    ...(crawlDelay !== undefined ? { crawlDelaySeconds: crawlDelay } : {}),
  };
}
