// The four list writes (PATCH/DELETE /ulist and /rlist, reference §12). VNDB's rules are
// made visible rather than left for the model to discover: an update always adds the VN,
// `labels` replaces the set (and can drop Voted), dates cannot be cleared, label 7 cannot
// be set. Every write reads the entry back and reports what the read-back shows, not what
// was sent (write-check.ts); deletes preview unless `confirm: true`.

import { z } from "zod";
import type { UlistPatch } from "../api.js";
import { defineTool, type ToolContext, type ToolResult } from "../define-tool.js";
import { ToolError } from "../errors.js";
import { REMOVE_LIST_OUTPUT, REMOVE_RELEASE_OUTPUT, UPDATE_LIST_OUTPUT, UPDATE_RELEASE_OUTPUT } from "../output-shapes.js";
import { labelText } from "../../format/list-labels.js";
import { resolveLabels, VOTED_LABEL, type LabelRef } from "./labels.js";
import { checkUlistWrite, sentText, wantedLabelIds } from "./ulist-check.js";
import { unconfirmedText, writeThenRead } from "./write-check.js";
import {
  describeEntry,
  normaliseId,
  readEntry,
  readReleaseEntry,
  RELEASE_STATUSES,
  requireListWrite,
  vnForWrite,
  vnLabel,
  type ListEntry,
} from "./list-entries.js";

/** Vote range on the site's 1..10 scale; the API stores ×10, 10..100 (reference §12.2). */
/**
 * VNDB stores a vote as an integer 10-100 (reference §12.2), so a vote is in tenths: 7.5 is
 * kept, 7.25 would have been rounded without a word (issue 29 item 8) and is refused.
 */
export function voteInTenths(vote: number): number {
  const tenths = Math.round(vote * 10);
  if (Math.abs(vote * 10 - tenths) > 1e-6) {
    throw new ToolError(`vote ${vote} has more than one decimal; VNDB keeps votes in tenths.`, `Use ${tenths / 10} or another vote with one decimal at most.`);
  }
  return tenths;
}

export const MIN_VOTE = 1;
export const MAX_VOTE = 10;
/** Years the API accepts for started/finished (reference §12.2). */
export const MIN_DATE_YEAR = 1970;
export const MAX_DATE_YEAR = 2099;

// Destructive: an update overwrites the vote, labels, dates or notes that were there.
const WRITE_ANNOTATIONS = { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true };
const DELETE_ANNOTATIONS = { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true };

// A plain number, not .int(): zod writes the safe-integer bounds into the JSON Schema (~25
// tokens per array, three arrays); resolveLabels refuses a non-integer id.
const labelRefs = z.array(z.union([z.string(), z.number()]));

/** Today on the server's clock, which is the user's machine under Claude Desktop. */
function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * A calendar date the API will take. The API's own regex lets "2022-11-31" through and then
 * fails with a 500 (reference §12.2), so the day is checked against the month here.
 * "today" is accepted: a model rarely knows the date, and "I finished it today" is common.
 */
function checkDate(name: string, value: string): string {
  if (value.trim().toLowerCase() === "today") return localToday();
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  const y = m ? Number(m[1]) : NaN;
  const mo = m ? Number(m[2]) : NaN;
  const d = m ? Number(m[3]) : NaN;
  const valid = m && new Date(Date.UTC(y, mo - 1, d)).getUTCDate() === d && mo >= 1 && mo <= 12;
  if (!valid || y < MIN_DATE_YEAR || y > MAX_DATE_YEAR) {
    throw new ToolError(`${name} must be a real date YYYY-MM-DD between ${MIN_DATE_YEAR} and ${MAX_DATE_YEAR}, or "today" (got "${value}").`);
  }
  return value.trim();
}

export const updateListEntryTool = defineTool({
  name: "vndb_update_list_entry",
  endpoint: "ulist_patch",
  title: "Add or update a VN on my list",
  description:
    "Add a VN to my list or change its vote, labels, dates (YYYY-MM-DD or today), notes. " +
    "labels_set/labels_unset add/remove; `labels` replaces all (dropping others needs drop_other_labels). " +
    "Voted follows the vote; labels cannot be created: an unknown one or a bad date is refused, nothing written. Replies before → after. " +
    "import: rows (titles, links, CSV) → dry run; confirm:true writes. " +
    'Example: {"vn":"v17","labels_set":["Finished"],"vote":9}',
  input: {
    vn: z.string().optional().describe("id; an exact title also works"),
    vote: z.number().min(MIN_VOTE).max(MAX_VOTE).nullable().optional().describe("1-10, tenths allowed; null removes"),
    labels_set: labelRefs.optional().describe("names or ids"),
    labels_unset: labelRefs.optional(),
    labels: labelRefs.optional(),
    drop_other_labels: z.boolean().optional(),
    started: z.string().optional(),
    finished: z.string().optional(),
    // Capped at 2,000 characters after trimming, checked with VNDB's message before sending (kana/list-write.ts).
    notes: z.string().nullable().optional(),
    // Issue 31 item 2: a mode of this tool rather than a tool of its own (~30 tokens, not ~70).
    import: z.string().optional(),
    confirm: z.boolean().optional(),
    undo: z.string().optional(),
  },
  output: UPDATE_LIST_OUTPUT,
  annotations: WRITE_ANNOTATIONS,
  access: "write",
  async run(args, ctx) {
    if (args.import !== undefined || args.undo !== undefined) {
      const single = (["vn", "vote", "labels_unset", "labels", "started", "finished", "notes"] as const).filter((k) => args[k] !== undefined);
      if (single.length || (args.import !== undefined && args.undo !== undefined)) {
        throw new ToolError(`${args.undo !== undefined ? "undo" : "import"} takes no ${[...single, ...(args.import !== undefined && args.undo !== undefined ? ["import"] : [])].join(", ")}.`);
      }
      const { runImport, runUndo } = await import("./list-import.js");
      if (args.undo !== undefined) return runUndo(ctx, args.undo, args.confirm === true);
      return runImport(ctx, args.import!, args.confirm === true, (args.labels_set ?? []).map(String));
    }
    if (args.vn === undefined) throw new ToolError("Which VN? Give vn (an id or exact title), or import rows.");
    if (args.confirm !== undefined) throw new ToolError("confirm goes with import or undo.");
    const me = await requireListWrite(ctx);
    const { vid, resolvedFrom } = await vnForWrite(ctx, args.vn, true);
    const names = new Map<number, string>();
    const resolve = (refs: LabelRef[] | undefined) =>
      refs === undefined ? undefined : resolveLabels(ctx.api, me.id, refs, ctx.signal, names);
    const body: UlistPatch = {};
    if (args.vote !== undefined) body.vote = args.vote === null ? null : voteInTenths(args.vote);
    if (args.notes !== undefined) body.notes = args.notes;
    if (args.started !== undefined) body.started = checkDate("started", args.started);
    if (args.finished !== undefined) body.finished = checkDate("finished", args.finished);
    const labels = await resolve(args.labels);
    const labelsSet = await resolve(args.labels_set);
    const labelsUnset = await resolve(args.labels_unset);
    if (labels) body.labels = labels;
    if (labelsSet) body.labels_set = labelsSet;
    if (labelsUnset) body.labels_unset = labelsUnset;

    const before = await readEntry(ctx.api, me.id, vid, ctx.signal);
    for (const l of before?.labels ?? []) names.set(l.id, l.label);
    if (labels && before && args.drop_other_labels !== true) refuseSilentDrop(before, wantedLabelIds(body), vid);

    const outcome = await writeThenRead(
      () => ctx.api.patchUlist(vid, body, { signal: ctx.signal }),
      () => readEntry(ctx.api, me.id, vid, ctx.signal),
      ctx.signal,
    );
    const whose = `${me.username}'s list`;
    const check = `vndb_get_user_list {"filters":{"id":"${vid}"},"fields":"standard"}`;
    const unconfirmed = unconfirmedText(outcome, `the write to ${vnLabel(before, vid)} on ${whose}`, sentText(body, names), check);
    if (unconfirmed) {
      return {
        text: unconfirmed.text,
        structured: { user: me.id, vn: vid, sent: body, written: outcome.write === "sent" ? true : "unknown", read_back: false },
        ...(unconfirmed.isError ? { isError: true } : {}),
      };
    }
    const after = outcome.read.ok ? outcome.read.value : null;
    for (const l of after?.labels ?? []) names.set(l.id, l.label);
    let result = checkUlistWrite(before, body, after, names);
    if (result.unknownLabels.length) {
      // Before calling an id unknown, ask the list itself: the label may exist but not have stuck.
      const known = await ctx.api.ulistLabels({ user: me.id }, { signal: ctx.signal }).catch(() => null);
      for (const l of known?.labels ?? []) if (l.id !== 0) names.set(l.id, l.label);
      result = checkUlistWrite(before, body, after, names);
    }

    const notes: string[] = [];
    if (resolvedFrom) notes.push(`Title resolved: ${resolvedFrom}.`);
    const what = `${vnLabel(after ?? before, vid)} on ${whose}`;
    const lost = outcome.write === "unknown" ? ` VNDB's answer to the write was lost (${outcome.writeError});` : "";
    let head: string;
    if (result.notApplied.length) {
      head = lost
        ? `Probably not applied:${lost} reading back ${what} shows: ${result.notApplied.join("; ")}. Sending the same call again is safe.`
        : `Not applied as asked: VNDB accepted the write, but reading back ${what} shows: ${result.notApplied.join("; ")}.`;
      if (result.changes.length) head += `\nWhat did change: ${result.changes.join("; ")}.`;
    } else if (result.changes.length) {
      head = `${before ? "Updated" : "Added"} ${what}: ${result.changes.join("; ")}.${lost ? `\n${lost.trim()} the read-back shows it applied.` : ""}`;
    } else {
      head = `No change: ${what} already had what was asked (${sentText(body, names)}).`;
    }
    if (!before && after) notes.push("It was not on the list before: updating an entry always adds the VN.");
    const hadVoted = before?.labels?.some((l) => l.id === VOTED_LABEL) ?? false;
    const hasVoted = after?.labels?.some((l) => l.id === VOTED_LABEL) ?? false;
    if (labels && hadVoted && !hasVoted && after?.vote != null) {
      notes.push(
        "`labels` replaced the whole label set and VNDB dropped the Voted label although the vote remains. " +
          "To restore it, remove the vote (vote: null) and vote again; next time use labels_set/labels_unset.",
      );
    }
    const state = after
      ? `Now: ${describeEntry(after)}.`
      : me.permissions.includes("listread")
        ? `${vid} is not on ${whose}.`
        : "The entry cannot be read back: it is private and the token lacks listread.";
    return {
      text: [head, state, ...notes].join("\n"),
      structured: {
        user: me.id,
        vn: vid,
        created: !before && after !== null,
        sent: body,
        written: outcome.write === "sent" ? true : "unknown",
        changes: result.changes,
        not_applied: result.notApplied,
        entry: after,
        // What the entry was: the list editor view (src/ui/) draws before → after and undoes from it.
        previous: before,
        notes,
      },
      ...(result.notApplied.length ? { isError: true } : {}),
    };
  },
});

/**
 * `labels` replaces the whole set (reference §12.2). Refuse when that would remove labels
 * the call did not name, so that a custom label such as "Favourites" is never lost to a
 * model that meant "add Finished". Voted is left out: it follows the vote (see above).
 */
function refuseSilentDrop(before: ListEntry, wanted: number[], vid: string): void {
  const dropped = (before.labels ?? []).filter((l) => l.id !== VOTED_LABEL && !wanted.includes(l.id));
  if (dropped.length === 0) return;
  const list = dropped.map(labelText).join(", ");
  throw new ToolError(
    `\`labels\` replaces the whole label set: it would remove ${list} from ${vid}. Nothing was changed.`,
    `To add or remove single labels use labels_set/labels_unset; to replace and drop ${list}, call again with "drop_other_labels": true.`,
  );
}

async function confirmDelete(ctx: ToolContext, question: string): Promise<ToolResult | null> {
  const answer = await ctx.confirm(question);
  if (answer === "declined") {
    return { text: "The user did not confirm; nothing was removed.", structured: { removed: false, confirmed: false } };
  }
  return null;
}

export const removeListEntryTool = defineTool({
  name: "vndb_remove_list_entry",
  endpoint: "ulist_delete",
  title: "Remove a VN from my list",
  description:
    "Remove a VN (vote, labels, notes, releases) from my list. Without confirm:true only previews; confirm once the user agrees.",
  input: {
    // A removal is confirmed by id only, never a title: it must not hinge on a name match
    // (list-entries.ts vnForWrite). An exact title may ask for the preview, which names the id
    // (players spent a search call finding it, eval rounds 4 and 5).
    vn: z.string().describe("VN id; an exact title only previews"),
    confirm: z.boolean().optional(),
  },
  output: REMOVE_LIST_OUTPUT,
  annotations: DELETE_ANNOTATIONS,
  access: "write",
  async run(args, ctx) {
    const me = await requireListWrite(ctx);
    const { vid, resolvedFrom } = await vnForWrite(ctx, args.vn, args.confirm !== true);
    const before = await readEntry(ctx.api, me.id, vid, ctx.signal);
    if (!before) {
      const why = me.permissions.includes("listread") ? "" : " (or it is private and the token lacks listread)";
      return { text: `${vid} is not on ${me.username}'s list${why}; nothing to remove.`, structured: { removed: false, entry: null } };
    }
    const what = `${vnLabel(before, vid)} from ${me.username}'s list — ${describeEntry(before)}`;
    if (args.confirm !== true) {
      return {
        text: resolvedFrom
          ? `Preview (${resolvedFrom}): this would remove ${what}.\nNothing was changed. After the user agrees, call again with {"vn":"${vid}","confirm":true}.`
          : `Preview: this would remove ${what}.\nNothing was changed. After the user agrees, call again with "confirm": true.`,
        structured: { removed: false, preview: true, entry: before },
      };
    }
    const declined = await confirmDelete(ctx, `Remove ${what}?`);
    if (declined) return declined;
    const outcome = await writeThenRead(
      () => ctx.api.deleteUlist(vid, { signal: ctx.signal }),
      () => readEntry(ctx.api, me.id, vid, ctx.signal),
      ctx.signal,
    );
    const check = `vndb_get_user_list {"filters":{"id":"${vid}"}}`;
    const unconfirmed = unconfirmedText(outcome, `the removal of ${what}`, `DELETE ${vid}`, check);
    if (unconfirmed) {
      const removed = outcome.write === "sent" ? true : "unknown";
      return { text: unconfirmed.text, structured: { removed, entry: null, previous: before }, ...(unconfirmed.isError ? { isError: true } : {}) };
    }
    const after = outcome.read.ok ? outcome.read.value : null;
    const lost = outcome.write === "unknown" ? `\nVNDB's answer to the delete was lost (${outcome.writeError}); the read-back shows ${vid} gone.` : "";
    return {
      text: after
        ? `Not removed: VNDB ${outcome.write === "unknown" ? "did not answer" : "accepted the delete"}, but still lists ${vid}: ${describeEntry(after)}${outcome.write === "unknown" ? "\nSending the same call again is safe." : ""}`
        : `Removed ${what}.${lost}`,
      structured: { removed: after === null, entry: after, previous: before },
      ...(after ? { isError: true } : {}),
    };
  },
});

export const updateReleaseEntryTool = defineTool({
  name: "vndb_update_release_entry",
  endpoint: "rlist_patch",
  title: "Set a release's status on my list",
  description:
    "Put a release on my release list or change its status; replies before → after.",
  input: {
    release: z.string(),
    status: z.enum(RELEASE_STATUSES).optional(),
  },
  output: UPDATE_RELEASE_OUTPUT,
  annotations: WRITE_ANNOTATIONS,
  access: "write",
  async run(args, ctx) {
    const rid = normaliseId("r", args.release);
    const me = await requireListWrite(ctx);
    const before = await readReleaseEntry(ctx.api, me.id, rid, ctx.signal);
    const body = args.status === undefined ? {} : { status: RELEASE_STATUSES.indexOf(args.status) as 0 | 1 | 2 | 3 | 4 };
    const outcome = await writeThenRead(
      () => ctx.api.patchRlist(rid, body, { signal: ctx.signal }),
      () => readReleaseEntry(ctx.api, me.id, rid, ctx.signal),
      ctx.signal,
    );
    const title = before.release.title ? `${rid} ${before.release.title}` : rid;
    const where = `${title} on ${me.username}'s release list`;
    const check = `vndb_get_user_list {"filters":{"id":"${before.release.vns[0] ?? "v1"}"},"fields":"full"}`;
    const unconfirmed = unconfirmedText(outcome, `the write to ${where}`, `status ${args.status ?? "(unchanged; adds the release if missing)"}`, check);
    if (unconfirmed) {
      return {
        text: unconfirmed.text,
        structured: { user: me.id, release: before.release, written: outcome.write === "sent" ? true : "unknown", read_back: false },
        ...(unconfirmed.isError ? { isError: true } : {}),
      };
    }
    const after = outcome.read.ok ? outcome.read.value : before;
    const missing =
      after.status === null ? "the release is not on the list" : args.status !== undefined && after.status !== args.status ? `status is ${after.status}, not ${args.status}` : null;
    const lines: string[] = [];
    if (missing && !(after.status === null && !me.permissions.includes("listread"))) {
      lines.push(
        outcome.write === "unknown"
          ? `Probably not applied: VNDB's answer was lost (${outcome.writeError}) and reading back ${where} shows: ${missing}. Sending the same call again is safe.`
          : `Not applied as asked: VNDB accepted the write, but reading back ${where} shows: ${missing}.`,
      );
    } else if (before.status === after.status) {
      lines.push(`No change: ${where} already has status ${after.status ?? "(not visible)"}.`);
    } else {
      lines.push(`${before.status === null ? "Added" : "Updated"} ${where}: status ${before.status ?? "none"} → ${after.status ?? "(not visible)"}.`);
      if (outcome.write === "unknown") lines.push(`VNDB's answer to the write was lost (${outcome.writeError}); the read-back shows it applied.`);
    }
    // Say plainly what happened to the VN list: a new release entry adds its VNs (§12.3).
    const addedVns = after.vnsOnList.filter((v) => !before.vnsOnList.includes(v));
    const keptVns = before.vnsOnList.filter((v) => before.release.vns.includes(v));
    if (addedVns.length) {
      lines.push(`Also added ${addedVns.join(", ")} to ${me.username}'s VN list (no labels, no vote: private until labelled).`);
    } else if (before.status === null && after.status !== null) {
      lines.push(keptVns.length ? `The VN list is unchanged: ${keptVns.join(", ")} ${keptVns.length > 1 ? "were" : "was"} already on it.` : "The VN list is unchanged.");
    }
    if (after.status === null && !me.permissions.includes("listread")) {
      lines.push("The entry cannot be read back: the token lacks listread.");
    }
    return {
      text: lines.join("\n"),
      structured: {
        user: me.id,
        release: after.release,
        status: after.status,
        previous: before.status,
        vns_added_to_list: addedVns,
        written: outcome.write === "sent" ? true : "unknown",
      },
      ...(missing && me.permissions.includes("listread") ? { isError: true } : {}),
    };
  },
});

export const removeReleaseEntryTool = defineTool({
  name: "vndb_remove_release_entry",
  endpoint: "rlist_delete",
  title: "Remove a release from my list",
  description:
    "Remove a release from my release list (the VN stays). Without confirm:true only previews.",
  input: {
    release: z.string(),
    confirm: z.boolean().optional(),
  },
  output: REMOVE_RELEASE_OUTPUT,
  annotations: DELETE_ANNOTATIONS,
  access: "write",
  async run(args, ctx) {
    const rid = normaliseId("r", args.release);
    const me = await requireListWrite(ctx);
    const before = await readReleaseEntry(ctx.api, me.id, rid, ctx.signal);
    const title = before.release.title ? `${rid} ${before.release.title}` : rid;
    if (before.status === null) {
      return { text: `${title} is not on ${me.username}'s release list; nothing to remove.`, structured: { removed: false } };
    }
    const what = `${title} (status ${before.status}) from ${me.username}'s release list`;
    if (args.confirm !== true) {
      return {
        text: `Preview: this would remove ${what}. The VN stays on the VN list.\nNothing was changed. After the user agrees, call again with "confirm": true.`,
        structured: { removed: false, preview: true, release: before.release, status: before.status },
      };
    }
    const declined = await confirmDelete(ctx, `Remove ${what}?`);
    if (declined) return declined;
    const outcome = await writeThenRead(
      () => ctx.api.deleteRlist(rid, { signal: ctx.signal }),
      () => readReleaseEntry(ctx.api, me.id, rid, ctx.signal),
      ctx.signal,
    );
    const check = `vndb_get_user_list {"filters":{"id":"${before.release.vns[0] ?? "v1"}"},"fields":"full"}`;
    const unconfirmed = unconfirmedText(outcome, `the removal of ${what}`, `DELETE ${rid}`, check);
    if (unconfirmed) {
      const removed = outcome.write === "sent" ? true : "unknown";
      return { text: unconfirmed.text, structured: { removed, release: before.release, previous: before.status }, ...(unconfirmed.isError ? { isError: true } : {}) };
    }
    const after = outcome.read.ok ? outcome.read.value : before;
    const lost = outcome.write === "unknown" ? `\nVNDB's answer to the delete was lost (${outcome.writeError}); the read-back shows it gone.` : "";
    return {
      text: after.status === null ? `Removed ${what}. The VN stays on the VN list.${lost}` : `Not removed: VNDB still lists ${rid} (status ${after.status}) after the delete.`,
      structured: { removed: after.status === null, release: after.release, previous: before.status },
      ...(after.status !== null ? { isError: true } : {}),
    };
  },
});

export type { ListEntry };
