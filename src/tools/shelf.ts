// The tools a server serves, as it knows them before their code is loaded: a card per tool
// (name, endpoint, access, audience, its tools/list entry), and the tool itself on first use.
//
// A host's initialize and tools/list need only the cards. The tools' own code (their
// schemas, runners and formatting: most of the server's code) used to be compiled and run at
// every start as well: spawn -> tools/list was 1.31x a minimal SDK server's, 1.20x without
// it (bench:server). The bundle build (scripts/bundle.ts) computes the cards once and inlines
// them; the registry (index.ts), and with it the tools' code, is imported by the first call
// (or in the idle second after the start: warm). Run from source there are no inlined cards:
// the first server computes them from the registry, which it then imports at once.

import { writesEnabled, type ServerConfig } from "../server/config.js";
import { listedTool, type AnyTool, type ListedTool, type ToolAccess } from "./define-tool.js";

/** What a server serves of a tool before its code is loaded. */
export interface ToolCard {
  name: string;
  /** The API endpoint the tool exposes (resources find the search tool of an entry kind by it). */
  endpoint: string;
  access: ToolAccess;
  audience?: "app";
  /** Its tools/list entry. */
  listed: ListedTool;
}

export function cardOf(tool: AnyTool): ToolCard {
  return { name: tool.name, endpoint: tool.endpoint, access: tool.access, ...(tool.audience ? { audience: tool.audience } : {}), listed: listedTool(tool) };
}

export interface ToolShelf {
  /** Every tool's card, in the registry's order. */
  readonly cards: readonly ToolCard[];
  /** The tool named, its code loaded on first use. */
  tool(name: string): Promise<AnyTool>;
  /** Loads the tools' code now (in idle time), so that the first call does not wait for it. */
  warm(): void;
}

/** The cards a server with this configuration serves: list writes only when enabled. */
export function cardsFor(config: ServerConfig, cards: readonly ToolCard[]): ToolCard[] {
  const writes = writesEnabled(config);
  return cards.filter((c) => c.access === "read" || writes);
}

/** The registry, imported once: an `import()` of a loaded module still costs a trip through the loader. */
let registry: Promise<readonly AnyTool[]> | undefined;
const loadRegistry = () => (registry ??= import("./index.js").then((m) => m.ALL_TOOLS));

/** A shelf of these cards, whose tools load from the registry. */
export function shelfOf(cards: readonly ToolCard[]): ToolShelf {
  return {
    cards,
    tool: async (name) => {
      const tool = (await loadRegistry()).find((t) => t.name === name);
      if (!tool) throw new Error(`no tool ${name} in the registry`);
      return tool;
    },
    warm: () => void loadRegistry().catch(() => {}),
  };
}

/**
 * The cards the bundle build computed, as JSON text of ToolCard[]; undefined when run from
 * source. Text, not an object: esbuild inlines a string where it is used, but puts an object
 * define in its shared runtime chunk, which the offline worker loads too.
 */
declare const __VNDB_TOOL_CARDS_JSON__: string | undefined;

let shelf: Promise<ToolShelf> | undefined;

/** This process's tools: from the inlined cards in the bundle, from the registry otherwise. */
export function toolShelf(): Promise<ToolShelf> {
  return (shelf ??=
    typeof __VNDB_TOOL_CARDS_JSON__ === "undefined"
      ? loadRegistry().then((tools) => shelfOf(tools.map(cardOf)))
      : Promise.resolve(shelfOf(JSON.parse(__VNDB_TOOL_CARDS_JSON__) as ToolCard[])));
}
