// The one icon of the server (its implementation info, sent once in initialize and
// server/discover), its prompts and resource templates: the bundle's icon (icon.png, drawn by
// scripts/make-icon.ts) as the same four shapes in SVG, inlined as a data URI so that stdio
// and offline use need no network. Tools carry none (tools/define-tool.ts ListedTool): the
// spec gives a tool's icons to picture that tool's function, and hosts show a tool under its
// server; one copy per tool was 13.6 KB of a 62 KB tools/list (issue 29).

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
