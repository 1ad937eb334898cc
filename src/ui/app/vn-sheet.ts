// The VN sheet as a view of its own (the app-only vndb_vn_sheet tool's result).

import type { SheetResult } from "../shapes.js";
import { connect, type Bridge } from "./bridge.js";
import { h, mainElement, show } from "./dom.js";
import { drawSheet } from "./vn-sheet-view.js";
import { Fit } from "./fit.js";

const root = mainElement();
let bridge: Bridge | undefined;
let shown: SheetResult | null = null;
const fit = new Fit((full) => shown && show(root, drawSheet(shown, bridge!, (id) => void open(id), { full, expand: full ? null : fit.button("Show the whole sheet") })));

async function open(id: string): Promise<void> {
  show(root, h("p", { class: "skeleton", role: "status" }, `Loading ${id}…`));
  try {
    draw((await bridge!.callTool("vndb_vn_sheet", { id })).structuredContent as unknown as SheetResult);
  } catch (error) {
    show(root, h("p", { class: "error" }, (error as Error).message));
  }
}

function draw(result: SheetResult): void {
  shown = result;
  fit.show();
}

show(root, h("p", { class: "skeleton", role: "status" }, "Waiting for the visual novel…"));
connect("vndb-vn-sheet", {
  onContext: () => fit.show(),
  onResult: (r) => (r.isError || !r.structuredContent ? show(root, h("p", { class: "error" }, "This visual novel could not be loaded.")) : draw(r.structuredContent as unknown as SheetResult)),
}).then((b) => {
  bridge = b;
  fit.connected(b);
});
