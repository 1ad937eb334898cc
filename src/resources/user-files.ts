// Files of a user's list a host can save or subscribe to (issue 31 items 2 and 4): the whole
// list as CSV or JSON, and the upcoming releases of its VNs as an iCalendar file. `{user}` is
// u123 or a username; another user's file holds public entries only (it says so inside).

import { UriTemplate, type ReadResourceResult } from "@modelcontextprotocol/server";
import type { ToolContext } from "../tools/define-tool.js";
import { ICONS, type IconEntry } from "../server/icon.js";

export interface UserFileTemplate {
  name: string;
  template: UriTemplate;
  metadata: { title: string; description: string; mimeType: string; icons: IconEntry[] };
  read(uri: string, user: string, ctx: ToolContext): Promise<ReadResourceResult>;
}

const file = (uri: string, mimeType: string, text: string): ReadResourceResult => ({ contents: [{ uri, mimeType, text }] });

let made: UserFileTemplate[] | undefined;

export const userFileTemplates = (): UserFileTemplate[] =>
  (made ??= [
    {
      name: "vndb-user-list-csv",
      template: new UriTemplate("vndb://user/{user}/list.csv"),
      metadata: { title: "VNDB list as CSV", description: "A user's whole VN list (labels, vote, dates, notes, release statuses) as CSV; others' lists: public entries only.", mimeType: "text/csv", icons: [...ICONS] },
      read: async (uri, user, ctx) => {
        const { exportList, exportCsv } = await import("../tools/lists/list-export.js");
        return file(uri, "text/csv", exportCsv(await exportList(ctx, user)));
      },
    },
    {
      name: "vndb-user-list-json",
      template: new UriTemplate("vndb://user/{user}/list.json"),
      metadata: { title: "VNDB list as JSON", description: "A user's whole VN list as JSON, with whether private entries are included.", mimeType: "application/json", icons: [...ICONS] },
      read: async (uri, user, ctx) => {
        const { exportList } = await import("../tools/lists/list-export.js");
        return file(uri, "application/json", JSON.stringify(await exportList(ctx, user), null, 1));
      },
    },
    {
      name: "vndb-user-upcoming",
      template: new UriTemplate("vndb://user/{user}/upcoming.ics"),
      metadata: {
        title: "Upcoming releases (calendar)",
        description: "Releases still to come of the VNs on a user's list, in their languages and platforms, as iCalendar.",
        mimeType: "text/calendar",
        icons: [...ICONS],
      },
      read: async (uri, user, ctx) => {
        const [{ readUpcoming }, { upcomingCalendar }] = await Promise.all([import("../tools/insight/upcoming.js"), import("../tools/insight/calendar.js")]);
        return file(uri, "text/calendar", upcomingCalendar(await readUpcoming(ctx, user)).ics);
      },
    },
  ]);
