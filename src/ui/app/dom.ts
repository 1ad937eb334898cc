// A small element builder: views build DOM with textContent only, never innerHTML, so text
// from VNDB (titles, notes, names) can never become markup.

type Child = Node | string | number | null | undefined | false;
type Attrs = Record<string, string | number | boolean | undefined | ((event: Event) => void)>;

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: (Child | Child[])[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    if (typeof value === "function") el.addEventListener(name.replace(/^on/, ""), value);
    else if (value === true) el.setAttribute(name, "");
    else el.setAttribute(name, String(value));
  }
  append(el, children);
  return el;
}

export function append(el: Node, children: (Child | Child[])[]): void {
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.appendChild(typeof child === "object" ? child : document.createTextNode(String(child)));
  }
}

const SVG_NS = "http://www.w3.org/2000/svg";

export function svg(tag: string, attrs: Record<string, string | number>, ...children: (SVGElement | string)[]): SVGElement {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, String(value));
  for (const child of children) el.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
  return el;
}

/** Replaces what `root` shows. */
export function show(root: HTMLElement, ...children: (Child | Child[])[]): void {
  root.replaceChildren();
  append(root, children);
}

/** The page's main element (every view's HTML has one). */
export function mainElement(): HTMLElement {
  return document.querySelector("main")!;
}

/**
 * Where the data comes from, as the server put it in the page (src/ui/resources.ts): VNDB
 * and its licence, or the offline sample of it.
 */
export function sourceLine(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="vndb-source"]')?.content ?? "Data from VNDB (vndb.org), ODbL.";
}
