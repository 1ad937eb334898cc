// The one page of the authorization server, rendered on the server: no framework, no
// script, so it works without JavaScript and a Content-Security-Policy can forbid every
// script outright. Every value from a client or a person goes through `html()`. The page
// denies framing (clickjacking) and carries the CSRF value in a hidden field; its only
// style sheet is allowed by its hash.

import { createHash } from "node:crypto";
import type { VndbUser } from "./records.js";

/** Where a person makes a VNDB token (reference §2.3: My Profile → Applications). */
export const VNDB_TOKEN_HELP = "https://vndb.org/";

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:34rem;margin:2rem auto;padding:0 1rem;color:#222;background:#fafafa}
h1{font-size:1.35rem}form{margin:1rem 0}label{display:block;font-weight:600;margin:.5rem 0 .25rem}
input[type=password]{width:100%;padding:.5rem;font:inherit;box-sizing:border-box}
button{font:inherit;padding:.45rem .9rem;margin:.5rem .5rem 0 0;cursor:pointer}
.primary{background:#1d5fa8;color:#fff;border:1px solid #1d5fa8;border-radius:4px}
.quiet{background:#fff;border:1px solid #999;border-radius:4px}
.error{border-left:4px solid #b00020;padding:.25rem .75rem;background:#fdecee}
.note{color:#555;font-size:.9rem}code{background:#eee;padding:0 .2rem}
.about{border-bottom:1px solid #ccc;padding-bottom:.5rem;color:#444;font-size:.9rem}`;
const STYLE_HASH = `sha256-${createHash("sha256").update(STYLE).digest("base64")}`;

/** Escapes text for HTML content and double- or single-quoted attributes. */
export function html(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** Headers of every page: no framing, no scripts, forms post only here and to the client. */
export function pageHeaders(formTargets: readonly string[]): Record<string, string> {
  const csp = [
    "default-src 'none'",
    `style-src '${STYLE_HASH}'`,
    // A form's redirect to the client is checked against form-action too (CSP 3 §6.4.1).
    `form-action 'self' ${formTargets.join(" ")}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join("; ");
  return {
    "content-type": "text/html; charset=utf-8",
    "content-security-policy": csp,
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    // Not no-referrer: the browser would then send `Origin: null` with the page's own form
    // posts, which the transport's Origin check must refuse; same-origin leaks nothing outside.
    "referrer-policy": "same-origin",
    "cache-control": "no-store",
  };
}

/**
 * The line that says whose page this is: a person who lands here from an app must be able to
 * tell this server (its host) from vndb.org, since the page asks for a VNDB token. A hosted
 * directory's reviewers look for it too (landscape note 2026-11-27 §4).
 */
function aboutLine(server: string): string {
  return `<p class="about" data-about="server">This page belongs to <strong>${html(server)}</strong>, a VNDB connector (an MCP server that uses the public VNDB API), not VNDB itself. vndb.org does not run it.</p>`;
}

function page(title: string, body: string, server: string): string {
  const heading = `${title} · ${server}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${html(heading)}</title><style>${STYLE}</style></head>
<body>${aboutLine(server)}${body}</body></html>`;
}

export interface ConsentView {
  /** This server's public host name (of the issuer), shown so nobody takes the page for vndb.org. */
  server: string;
  clientName: string;
  /**
   * For a client-ID metadata document: the host that serves it. The name is the client's own
   * claim, and that host is what vouches for it (anyone can publish a document called "Claude").
   */
  nameFrom?: string;
  /** Where the person goes back to (host of the redirect URI), so they can tell who asks. */
  returnsTo: string;
  consentId: string;
  csrf: string;
  error?: string;
}

const hidden = (v: ConsentView) =>
  `<input type="hidden" name="consent" value="${html(v.consentId)}"><input type="hidden" name="csrf" value="${html(v.csrf)}">`;

const errorLine = (v: ConsentView) => (v.error ? `<p class="error" role="alert">${html(v.error)}</p>` : "");

/** Step one: paste a VNDB token (checked at once) or go on without one. */
export function tokenPage(v: ConsentView): string {
  return page(
    "Connect to VNDB",
    `<h1>Connect ${html(v.clientName)} to VNDB</h1>
<p><strong>${html(v.clientName)}</strong> (${v.nameFrom ? `name given by <code>${html(v.nameFrom)}</code>, ` : ""}returning to <code>${html(v.returnsTo)}</code>) asks to use the VNDB visual novel database through this server.</p>
${errorLine(v)}
<form method="post" action="/authorize">${hidden(v)}
<label for="vndb_token">Your VNDB API token</label>
<input type="password" id="vndb_token" name="vndb_token" autocomplete="off" spellcheck="false" required>
<p class="note">With a token the assistant can read your lists, and change them if the token allows it. Make one on <a href="${VNDB_TOKEN_HELP}" rel="noreferrer">vndb.org</a> under My Profile → Applications. It is checked with VNDB now and stored only encrypted.</p>
<button class="primary" type="submit" name="action" value="check">Check token</button>
</form>
<form method="post" action="/authorize">${hidden(v)}
<p class="note">Without a token the assistant can search and read the public database, but not your lists.</p>
<button class="quiet" type="submit" name="action" value="anonymous">Continue without a token (read-only)</button>
<button class="quiet" type="submit" name="action" value="deny">Cancel</button>
</form>`,
    v.server,
  );
}

const PERMISSION_TEXT: Record<string, string> = {
  listread: "read your visual novel list, including private entries",
  listwrite: "add, change and remove entries of your list",
};

/** Step two: the token is good; say whose it is and what it allows, then allow or not. */
export function confirmPage(v: ConsentView, user: VndbUser): string {
  const can = user.permissions.map((p) => `<li>${html(PERMISSION_TEXT[p] ?? p)}</li>`).join("");
  return page(
    "Allow access",
    `<h1>Allow ${html(v.clientName)} to use VNDB as ${html(user.username)}?</h1>
<p>VNDB knows this token: it belongs to <strong>${html(user.username)}</strong> (${html(user.id)}).</p>
<p>With it, ${html(v.clientName)} can search the database and:</p>
<ul>${can || "<li>nothing more: this token has no list permissions (only public data)</li>"}</ul>
<form method="post" action="/authorize">${hidden(v)}
<button class="primary" type="submit" name="action" value="allow">Allow</button>
<button class="quiet" type="submit" name="action" value="back">Use another token</button>
<button class="quiet" type="submit" name="action" value="deny">Cancel</button>
</form>
<p class="note">You can end this connection at any time in ${html(v.clientName)}; deleting the token on vndb.org ends it too.</p>`,
    v.server,
  );
}

/** A request that cannot go on; `back` links to the client with the error, for the person to follow. */
export function errorPage(message: string, back: { href: string; to: string } | undefined, server: string): string {
  const link = back ? `<p><a href="${html(back.href)}" rel="noreferrer">Return to ${html(back.to)}</a></p>` : "";
  return page("Cannot connect", `<h1>Cannot connect</h1><p class="error" role="alert">${html(message)}</p>${link}<p>Start again from the app you are connecting.</p>`, server);
}
