// Which redirect URIs a client may register (OAuth 2.1 §2.3.1 and §7.5.1 of the draft,
// RFC 8252 for native apps): https anywhere; plain http only to the loopback interface;
// a private-use scheme for a native app; never a fragment, never a script or data URL.
// At /authorize the presented URI must equal a registered one exactly (string equality).

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "[::1]", "localhost"]);
/** Schemes that would run or read something in the browser instead of reaching a client. */
const FORBIDDEN_SCHEMES = new Set(["javascript:", "data:", "file:", "blob:", "vbscript:", "about:"]);

/** Why a redirect URI is refused, or undefined when it may be registered. */
export function redirectUriProblem(uri: string): string | undefined {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return `"${uri.slice(0, 100)}" is not an absolute URI`;
  }
  if (url.hash !== "" || uri.includes("#")) return `"${uri.slice(0, 100)}" has a fragment (RFC 6749 §3.1.2 forbids one)`;
  if (FORBIDDEN_SCHEMES.has(url.protocol)) return `"${url.protocol}" redirect URIs are not allowed`;
  if (url.protocol === "http:" && !LOOPBACK_HOSTS.has(url.hostname)) {
    return `"${uri.slice(0, 100)}" uses http to a non-loopback host; use https (plain http is only for 127.0.0.1, [::1] and localhost)`;
  }
  return undefined;
}
