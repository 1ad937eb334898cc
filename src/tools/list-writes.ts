// The four list writes (PATCH/DELETE /ulist and /rlist, reference §12). VNDB's rules are
// made visible rather than left for the model to discover: an update always adds the VN,
// `labels` replaces the set (and can drop Voted), dates cannot be cleared, label 7 cannot
// be set. Every write reads the entry back; deletes preview unless `confirm: true`.

import { z } from "zod";
import type { UlistPatch } from "./api.js";
import { defineTool, type ToolContext, type ToolResult } from "./define-tool.js";
import { ToolError } from "./errors.js";
import { resolveLabels, VOTED_LABEL, type LabelRef } from "./labels.js";
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

/** Notes are capped at 2000 characters after trimming (reference §12.2). */
export const MAX_NOTES_LENGTH = 2000;
/** Vote range on the site's 1..10 scale; the API stores ×10, 10..100 (reference §12.2). */
export const MIN_VOTE = 1;
export const MAX_VOTE = 10;
/** Years the API accepts for started/finished (reference §12.2). */
export const MIN_DATE_YEAR = 1970;
export const MAX_DATE_YEAR = 2099;

const WRITE_ANNOTATIONS = { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true };
const DELETE_ANNOTATIONS = { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true };

const labelRefs = z.array(z.union([z.number().int(), z.string().min(1)]));

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

const sameIds = (a: number[], b: number[]) => a.length === b.length && a.every((x) => b.includes(x));

export const updateListEntryTool = defineTool({
  name: "vndb_update_list_entry",
  endpoint: "ulist_patch",
  title: "Add or update a VN on my list",
  description:
    "Add a VN to my list or change its vote, labels, dates, notes; returns the entry after the write. Always adds the VN. " +
    "Prefer labels_set/labels_unset: `labels` replaces all and drops Voted. Dates cannot be cleared. " +
    'Example: {"vn":"v17","labels_set":["Finished"],"labels_unset":["Playing"],"vote":9}',
  input: {
    vn: z.string().describe("id; an exact title also works"),
    vote: z.number().min(MIN_VOTE).max(MAX_VOTE).nullable().optional().describe("1-10; null removes"),
    labels_set: labelRefs.optional().describe("names or ids"),
    labels_unset: labelRefs.optional(),
    labels: labelRefs.optional(),
    started: z.string().optional().describe("YYYY-MM-DD or today"),
    finished: z.string().optional().describe("YYYY-MM-DD or today"),
    notes: z.string().max(MAX_NOTES_LENGTH).nullable().optional(),
  },
  annotations: WRITE_ANNOTATIONS,
  access: "write",
  async run(args, ctx) {
    const me = await requireListWrite(ctx);
    const { vid, resolvedFrom } = await vnForWrite(ctx, args.vn, true);
    const resolve = (refs: LabelRef[] | undefined) =>
      refs === undefined ? undefined : resolveLabels(ctx.api, me.id, refs, ctx.signal);
    const body: UlistPatch = {};
    if (args.vote !== undefined) body.vote = args.vote === null ? null : Math.round(args.vote * 10);
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
    await ctx.api.patchUlist(vid, body, { signal: ctx.signal });
    const after = await readEntry(ctx.api, me.id, vid, ctx.signal);

    const notes: string[] = [];
    if (resolvedFrom) notes.push(`Title resolved: ${resolvedFrom}.`);
    const changed = Object.keys(body);
    const verb = before ? "Updated" : "Added";
    const head = `${verb} ${vnLabel(after ?? before, vid)} on ${me.username}'s list${changed.length ? ` (${changed.join(", ")})` : ""}.`;
    if (!before) notes.push("It was not on the list before: updating a list entry always adds the VN.");
    const hadVoted = before?.labels?.some((l) => l.id === VOTED_LABEL) ?? false;
    const hasVoted = after?.labels?.some((l) => l.id === VOTED_LABEL) ?? false;
    if (labels && hadVoted && !hasVoted && after?.vote != null) {
      notes.push(
        "`labels` replaced the whole label set and VNDB dropped the Voted label although the vote remains. " +
          "To restore it, remove the vote (vote: null) and vote again; next time use labels_set/labels_unset.",
      );
    }
    const wantedLabels = labels ?? [];
    if (labels && after?.labels && !sameIds(wantedLabels, after.labels.map((l) => l.id).filter((id) => id !== VOTED_LABEL))) {
      notes.push("Some label ids do not exist on this list; VNDB stores them but never shows them.");
    }
    const state = after
      ? `Now: ${describeEntry(after)}.`
      : me.permissions.includes("listread")
        ? "The entry could not be read back."
        : "The entry cannot be read back: it is private and the token lacks listread.";
    return {
      text: [head, state, ...notes].join("\n"),
      structured: { user: me.id, vn: vid, created: !before, sent: body, entry: after, notes },
    };
  },
});

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
    "Remove a VN (vote, labels, notes, its releases) from my list. Without confirm:true only previews; confirm after the user agrees. " +
    'Example: {"vn":"v17","confirm":true}',
  input: {
    vn: z.string(),
    confirm: z.boolean().optional(),
  },
  annotations: DELETE_ANNOTATIONS,
  access: "write",
  async run(args, ctx) {
    const me = await requireListWrite(ctx);
    const { vid } = await vnForWrite(ctx, args.vn, false);
    const before = await readEntry(ctx.api, me.id, vid, ctx.signal);
    if (!before) {
      const why = me.permissions.includes("listread") ? "" : " (or it is private and the token lacks listread)";
      return { text: `${vid} is not on ${me.username}'s list${why}; nothing to remove.`, structured: { removed: false, entry: null } };
    }
    const what = `${vnLabel(before, vid)} from ${me.username}'s list — ${describeEntry(before)}`;
    if (args.confirm !== true) {
      return {
        text: `Preview: this would remove ${what}.\nNothing was changed. After the user agrees, call again with "confirm": true.`,
        structured: { removed: false, preview: true, entry: before },
      };
    }
    const declined = await confirmDelete(ctx, `Remove ${what}?`);
    if (declined) return declined;
    await ctx.api.deleteUlist(vid, { signal: ctx.signal });
    const after = await readEntry(ctx.api, me.id, vid, ctx.signal);
    return {
      text: after ? `VNDB still lists ${vid} after the delete: ${describeEntry(after)}` : `Removed ${what}.`,
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
    "Put a release on my release list or change its status; returns the entry after the write. Also adds its VNs to my VN list. " +
    'Example: {"release":"r12","status":"obtained"}',
  input: {
    release: z.string(),
    status: z.enum(RELEASE_STATUSES).optional(),
  },
  annotations: WRITE_ANNOTATIONS,
  access: "write",
  async run(args, ctx) {
    const rid = normaliseId("r", args.release);
    const me = await requireListWrite(ctx);
    const before = await readReleaseEntry(ctx.api, me.id, rid, ctx.signal);
    const body = args.status === undefined ? {} : { status: RELEASE_STATUSES.indexOf(args.status) as 0 | 1 | 2 | 3 | 4 };
    await ctx.api.patchRlist(rid, body, { signal: ctx.signal });
    const after = await readReleaseEntry(ctx.api, me.id, rid, ctx.signal);
    const title = before.release.title ? `${rid} ${before.release.title}` : rid;
    const lines = [
      `${before.status === null ? "Added" : "Updated"} ${title} on ${me.username}'s release list; status now ${after.status ?? "(not visible)"}.`,
    ];
    if (before.status === null && before.release.vns.length) {
      lines.push(`Its VNs (${before.release.vns.join(", ")}) are on the VN list too; VNDB adds them without labels if missing.`);
    }
    if (after.status === null && !me.permissions.includes("listread")) {
      lines.push("The entry cannot be read back: the token lacks listread.");
    }
    return { text: lines.join("\n"), structured: { user: me.id, release: after.release, status: after.status, previous: before.status } };
  },
});

export const removeReleaseEntryTool = defineTool({
  name: "vndb_remove_release_entry",
  endpoint: "rlist_delete",
  title: "Remove a release from my list",
  description:
    'Remove a release from my release list (the VN stays). Without confirm:true only previews. Example: {"release":"r12","confirm":true}',
  input: {
    release: z.string(),
    confirm: z.boolean().optional(),
  },
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
    await ctx.api.deleteRlist(rid, { signal: ctx.signal });
    const after = await readReleaseEntry(ctx.api, me.id, rid, ctx.signal);
    return {
      text: after.status === null ? `Removed ${what}.` : `VNDB still lists ${rid} (status ${after.status}) after the delete.`,
      structured: { removed: after.status === null, release: after.release, previous: before.status },
      ...(after.status !== null ? { isError: true } : {}),
    };
  },
});

export type { ListEntry };
