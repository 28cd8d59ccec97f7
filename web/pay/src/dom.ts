/** A tiny element builder: attributes (strings/booleans/handlers) and children (nodes or text). */
type Attr = string | number | boolean | null | undefined | ((e: Event) => void);

export function h(tag: string, attrs: Record<string, Attr> = {}, ...children: Array<Node | string | null | undefined | false>): HTMLElement {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (typeof v === 'function') el.addEventListener(k.replace(/^on/, ''), v);
    else if (v === true) el.setAttribute(k, '');
    else el.setAttribute(k, String(v));
  }
  for (const c of children) if (c !== null && c !== undefined && c !== false) el.append(typeof c === 'string' ? document.createTextNode(c) : c);
  return el;
}

export function replace(target: HTMLElement, ...children: Array<Node | string | null | undefined | false>) {
  target.replaceChildren(...children.filter((c): c is Node | string => c !== null && c !== undefined && c !== false));
}
