// Upcoming releases as an iCalendar file (RFC 5545), the resource vndb://user/{user}/upcoming.ics
// a calendar app can subscribe to or import. Only releases with a full date are events: a
// "2027-03" or "TBA" has no day, and placing it on one would invent a date VNDB does not have.

import type { Upcoming } from "./upcoming.js";

/** RFC 5545 §3.1: lines longer than 75 octets are folded. */
const MAX_LINE_OCTETS = 75;

/** RFC 5545 §3.3.11: backslash, semicolon, comma and newline are escaped in TEXT. */
const escapeText = (s: string) => s.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");

function fold(line: string): string {
  const out: string[] = [];
  let current = "";
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    // Continuation lines start with a space, which counts towards their 75 octets.
    if (octets + size > MAX_LINE_OCTETS) {
      out.push(current);
      current = " ";
      octets = 1;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join("\r\n");
}

const FULL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function nextDay(y: number, m: number, d: number): string {
  const t = new Date(Date.UTC(y, m - 1, d + 1));
  return `${t.getUTCFullYear()}${String(t.getUTCMonth() + 1).padStart(2, "0")}${String(t.getUTCDate()).padStart(2, "0")}`;
}

export function upcomingCalendar(u: Upcoming, now = new Date()): { ics: string; events: number; undated: number } {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
  const dated = u.releases.filter((r) => FULL_DATE.test(r.released));
  const undated = u.releases.length - dated.length;
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//vndb-mcp-server//upcoming releases//EN",
    "CALSCALE:GREGORIAN",
    `X-WR-CALNAME:${escapeText(`Upcoming VN releases (${u.user})`)}`,
    `X-WR-CALDESC:${escapeText(
      `Releases of the VNs on ${u.user}'s VNDB list${u.languages.length ? ` in ${u.languages.join(", ")}` : ""}. ${undated} without a full date (month, year or TBA) are not events here.`,
    )}`,
  ];
  for (const r of dated) {
    const [, y, m, d] = FULL_DATE.exec(r.released)!.map(Number) as [number, number, number, number];
    lines.push(
      "BEGIN:VEVENT",
      `UID:${r.id}-${u.user}@vndb-mcp-server`,
      `DTSTAMP:${stamp}`,
      `DTSTART;VALUE=DATE:${r.released.replace(/-/g, "")}`,
      `DTEND;VALUE=DATE:${nextDay(y, m, d)}`,
      `SUMMARY:${escapeText(`${r.title} [${r.languages.join(", ")}${r.mtl ? " MTL" : ""}; ${r.platforms.join(", ")}]`)}`,
      `DESCRIPTION:${escapeText(r.vns.map((v) => `${v.id} ${v.title}`).join("\n"))}`,
      `URL:https://vndb.org/${r.id}`,
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  return { ics: `${lines.map(fold).join("\r\n")}\r\n`, events: dated.length, undated };
}
