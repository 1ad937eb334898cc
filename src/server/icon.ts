// The one icon of the server, its tools, prompts and resource templates: the bundle's icon
// (icon.png, drawn by scripts/make-icon.ts) as the same four shapes in SVG, inlined as a
// data URI so that stdio and offline use need no network. About 560 characters: it is sent
// once per tool in tools/list, beside (never inside) the text a model reads.

/** Same geometry and colours as scripts/make-icon.ts (navy square, dialogue box, name tab, three dots). */
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">' +
  '<rect x="16" y="16" width="480" height="480" rx="96" fill="#213454"/>' +
  '<rect x="80" y="200" width="352" height="220" rx="36" fill="#ecf1f8"/>' +
  '<rect x="112" y="168" width="150" height="56" rx="18" fill="#78aae6"/>' +
  '<g fill="#213454"><circle cx="196" cy="330" r="22"/><circle cx="256" cy="330" r="22"/><circle cx="316" cy="330" r="22"/></g>' +
  "</svg>";

export interface IconEntry {
  src: string;
  mimeType: string;
  sizes: string[];
}

/** The spec's `icons` value: one vector icon, any size. */
export const ICONS: readonly IconEntry[] = [
  { src: `data:image/svg+xml;base64,${Buffer.from(SVG).toString("base64")}`, mimeType: "image/svg+xml", sizes: ["any"] },
];
