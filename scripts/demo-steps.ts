// The demo's session (scripts/demo.ts): questions the bundled offline sample answers with
// real VNDB data. test/docs/demo-steps.test.ts runs each against the `catalogue` preset
// (what --embedded serves) and checks the answers are there.

export interface DemoStep {
  say: string;
  tool: string;
  args: Record<string, unknown>;
  /** The step shows a refusal on purpose (an ambiguous name). */
  expectError?: boolean;
}

export const DEMO_STEPS: DemoStep[] = [
  { say: "Find a visual novel by title", tool: "vndb_search_vn", args: { query: "ever17", fields: "brief" } },
  {
    // The flagship question, answered from the real sample's releases, languages and votes.
    say: "Which English-translated VNs by Key have a rating above 80? (developer by name)",
    tool: "vndb_search_vn",
    args: {
      filters: { developer: "Key", lang: "en", rating: { gt: 80 } },
      fields: "title,rating,languages",
      sort: "rating",
      reverse: true,
    },
  },
  {
    say: "Who are the main characters of STEINS;GATE?",
    tool: "vndb_search_character",
    args: { filters: { role: "main", vn: { search: "steins;gate" } }, fields: "brief" },
  },
  { say: "A name that matches several tags is an error listing the candidates", tool: "vndb_search_vn", args: { filters: { tag: "sex" } }, expectError: true },
  {
    say: "Spoilers stay hidden unless asked for (Ever17's cast: spoiler roles are counted, not shown)",
    tool: "vndb_search_character",
    args: { filters: { vn: { id: "v17" } }, fields: "name,vns{role,spoiler}", results: 20 },
  },
  { say: "What does the offline sample hold?", tool: "vndb_get_stats", args: {} },
  { say: "Who am I? (the demo token belongs to u2 in the emulator)", tool: "vndb_get_auth_info", args: {} },
  {
    say: "Mark Ever17 as finished and vote 9 (labels by name; the entry is read back)",
    tool: "vndb_update_list_entry",
    args: { vn: "v17", labels_set: ["Finished"], vote: 9 },
  },
  { say: "Removing asks for confirmation: without confirm it only previews", tool: "vndb_remove_list_entry", args: { vn: "v17" } },
];
