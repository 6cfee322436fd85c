/** One element of an XML document: its local name (namespace prefix dropped), children and text. */
export interface XmlElement {
  name: string;
  children: XmlElement[];
  /** The element's own character data (entities decoded), without that of its children. */
  text: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (whole, entity: string) => {
    if (entity.startsWith('#x')) return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number.parseInt(entity.slice(1), 10));
    return ENTITIES[entity] ?? whole;
  });
}

/**
 * Reads the small XML documents of the AWS query protocol: elements, character data, CDATA,
 * entities; the declaration, comments and processing instructions are skipped; attributes are
 * ignored (the query protocol puts nothing in them but namespaces).
 * @returns the root element, or undefined when the text is not well-formed XML.
 */
export function readXml(text: string): XmlElement | undefined {
  const stack: XmlElement[] = [{ name: '', children: [], text: '' }];
  const tag =
    /<!\[CDATA\[([\s\S]*?)\]\]>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!DOCTYPE[^>]*>|<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/g;
  let at = 0;
  for (let match = tag.exec(text); match; match = tag.exec(text)) {
    const between = text.slice(at, match.index);
    if (between.includes('<')) return undefined;
    stack.at(-1)!.text += decodeEntities(between);
    at = tag.lastIndex;
    const [, cdata, closing, qualified, , selfClosing] = match;
    if (cdata !== undefined) {
      stack.at(-1)!.text += cdata;
      continue;
    }
    if (qualified === undefined) continue;
    const name = qualified.slice(qualified.indexOf(':') + 1);
    if (closing) {
      const open = stack.pop();
      if (!open || open.name !== name || stack.length === 0) return undefined;
      continue;
    }
    const element: XmlElement = { name, children: [], text: '' };
    stack.at(-1)!.children.push(element);
    if (!selfClosing) stack.push(element);
  }
  if (text.slice(at).includes('<') || stack.length !== 1) return undefined;
  const [root] = stack[0]!.children;
  return stack[0]!.children.length === 1 ? root : undefined;
}

/** The first child element with this name, following a path of names. */
export function childAt(element: XmlElement | undefined, ...path: string[]): XmlElement | undefined {
  let current = element;
  for (const name of path) current = current?.children.find((child) => child.name === name);
  return current;
}

/** The trimmed text of the element at `path` below `element`, or undefined when it is missing. */
export function textAt(element: XmlElement | undefined, ...path: string[]): string | undefined {
  const found = childAt(element, ...path);
  return found === undefined ? undefined : found.text.trim();
}
