// The one icon of the server (its implementation info, sent once in initialize and
// server/discover), its prompts and resource templates: the bundle's icon (icon.png, drawn by
// scripts/make-icon.ts) as the same four shapes in SVG, inlined as a data URI so that stdio
// and offline use need no network. Tools carry none (tools/define-tool.ts ListedTool): the
// spec gives a tool's icons to picture that tool's function, and hosts show a tool under its
// server; one copy per tool was 13.6 KB of a 62 KB tools/list (issue 29).
// The server's own icons add a small PNG of the same drawing: the spec requires a client that
// shows icons to read PNG and JPEG, SVG only "SHOULD", and VS Code shows PNG, JPEG, WebP and
// GIF icons only (its mcpIcons.ts), so an SVG alone is no icon there.

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

/** Pixels per side of ICON_PNG_BASE64 (scripts/make-icon.ts SERVER_PNG_SIZE). */
export const ICON_PNG_SIZE = 64;

/** The drawing as a 64×64 PNG, 603 bytes: `npx tsx scripts/make-icon.ts` prints it (test/server/icon.test.ts checks it is that). */
export const ICON_PNG_BASE64 =
  "iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAYAAACqaXHeAAACIklEQVR42u2bsUsDMRTG+6f0FkdBuM3FTXAOdFKKzsWCi1h07eTS4qTYRToIoiAIgnBQqKMOitDJpRVB6+EgukXe0Ug907v0mtpL8wU+rs3xLu/9crm+9JJMBgUltjguyzouKzou8xyX+Y7LeErl93wkX7O6Aq+lOOA41RKDcFyWT3lvD3NX5JMEz6dMeZuDV4PQG/P+FAPwI58Jhj/wlB+MUb3PLVFWBqBoEYCiDIBnEQBPBsC3CIAvA8BtEgAAAAAAAAAAAAAkBzC3tM4L+/d88/gpsVZ3G3xmftlMAKMGL5TbOTUTgI7gxV0AAKYAmF1Y4eVqnd+12toA7F298Nf3r5FFPpFv5ONYANCFr29aPw2Wz5+1ADhqdrUAECIfVSAMDYDo9jf00P4YGQL1fqf7qRVA0DnVun4AdIvpdnRcIl+1AzAleCEAAAAAAAAAAAAAAICJAji5aAZpKR1l2Vr18CyQLMuMsjUCQKFU+f0HSqkycMISnmhF2RoBYFAuLno6HGB/kHG2RgC4bNxKr0H1dJ6tbf85R3UqtsYMgfCcnL6LczTuw9enOhVbYwDQmF7MbQS2dOwf46St8kEQGIk+D2OLn0EAAAAAAID/BpA0JZ2EyFftAESiYoJkiZYKgNhlcpSuPnbeUhs4+SZLs1WXyXmqr8eoEZqppUnkk+prsUELJa1fKmv3Ymnrl8tjwwS2zGDTFLbNYeMkts6iWFe+AepsTxkelmvnAAAAAElFTkSuQmCC";

/** The server's implementation icons: the SVG, and the PNG for hosts that show no SVG. */
export const SERVER_ICONS: readonly IconEntry[] = [
  ...ICONS,
  { src: `data:image/png;base64,${ICON_PNG_BASE64}`, mimeType: "image/png", sizes: [`${ICON_PNG_SIZE}x${ICON_PNG_SIZE}`] },
];
