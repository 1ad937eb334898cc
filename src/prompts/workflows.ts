// The prompts: workflows users run again and again, each written as instructions that turn
// into tool calls. Values only; prompts/index.ts registers them. Arguments are strings (MCP
// prompt arguments are), and those naming an entry complete from names.

export type EntryArgument = { kind: "vn"; description: string; optional?: boolean } | { kind: "user"; description: string; optional?: boolean };

export interface Workflow {
  name: string;
  title: string;
  description: string;
  /** Token-less sessions get only the workflows that do not need the user's own list. */
  needsList: boolean;
  args: Record<string, EntryArgument>;
  text(args: Record<string, string | undefined>): string;
}

const whose = (user: string | undefined) => (user ? `user ${user}` : "my (the token owner's)");
const userArg = (user: string | undefined) => (user ? `"user":"${user}", ` : "");

export const WORKFLOWS: readonly Workflow[] = [
  {
    name: "recommend_from_list",
    title: "Recommend from my list",
    description: "Suggest visual novels not yet on a list, based on its highest-voted entries.",
    needsList: false,
    args: { user: { kind: "user", description: "u123 or username (default: the token owner)", optional: true } },
    text: ({ user }) =>
      `Recommend 5 visual novels for ${whose(user)} VNDB list.\n` +
      `1. vndb_get_user_list {${userArg(user)}"sort":"vote","reverse":true,"results":25,"fields":"brief"} to see what they rated highest.\n` +
      "2. vndb_search_vn with the tags shared by those favourites (filters tag / rating), sorted by rating, to find candidates.\n" +
      "3. Drop anything already on the list; for each pick give the title, id, one line on why it fits, and its length.\n" +
      "Keep it spoiler-free.",
  },
  {
    name: "compare_vns",
    title: "Compare two visual novels",
    description: "Side-by-side comparison of two VNs: length, rating, themes, release, staff.",
    needsList: false,
    args: {
      first: { kind: "vn", description: "First VN (id like v17, or a title)" },
      second: { kind: "vn", description: "Second VN (id or title)" },
    },
    text: ({ first, second }) =>
      `Compare the visual novels ${first} and ${second}.\n` +
      `1. vndb_search_vn for each (by id, or by title if not an id) with "fields":"standard".\n` +
      "2. Give a short table: release, length, rating and vote count, developers, main tags (no spoiler tags).\n" +
      "3. Close with two sentences on who would prefer which.",
  },
  {
    name: "series_next",
    title: "What to read next in a series",
    description: "The reading order of a VN's series and what comes after it.",
    needsList: false,
    args: { vn: { kind: "vn", description: "A VN of the series (id or title)" } },
    text: ({ vn }) =>
      `Which visual novel should be read after ${vn}?\n` +
      `1. vndb_search_vn for ${vn} with fields including relations (relation, relation_official, released).\n` +
      "2. Follow sequel / prequel / side-story relations (one more lookup per related VN if needed) to build the series in release order.\n" +
      "3. Answer with the next entry, then the whole order; say which entries are optional (side stories, fandiscs).",
  },
  {
    name: "spoiler_free_summary",
    title: "Spoiler-free summary of a VN",
    description: "What a VN is about, without spoilers: premise, tone, length, content to know about.",
    needsList: false,
    args: { vn: { kind: "vn", description: "The VN (id or title)" } },
    text: ({ vn }) =>
      `Summarise the visual novel ${vn} without any spoilers.\n` +
      `1. vndb_search_vn for ${vn} with "fields":"standard" and "spoilers":0.\n` +
      "2. Describe premise, setting, tone, length and rating in one short paragraph; list the main non-spoiler tags.\n" +
      "Never mention twists, endings or anything marked as a spoiler.",
  },
  {
    name: "tidy_list",
    title: "Tidy my list",
    description: "Find list entries without a vote or without labels, and propose fixes.",
    needsList: true,
    args: {},
    text: () =>
      "Help me tidy my VNDB list.\n" +
      '1. vndb_list_labels to see my labels; then vndb_get_user_list {"fields":"standard","results":100} (page on while more).\n' +
      "2. Report entries marked Finished without a vote, entries with no label at all, and entries Playing for over a year (started date).\n" +
      "3. Propose changes as a list; make them with vndb_update_list_entry only after I confirm each one.",
  },
];
