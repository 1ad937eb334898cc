// The words a yes/no setting (VNDB_READ_ONLY=1, VNDB_EMBEDDED=true, ...) may be written with,
// shared by the configuration (config.ts) and the CLI's early look at --embedded (cli/main.ts).

export const TRUE_WORDS: ReadonlySet<string> = new Set(["1", "true", "yes", "on"]);
export const FALSE_WORDS: ReadonlySet<string> = new Set(["0", "false", "no", "off"]);
