// VNDB ids: a type letter and a number of 1..7 digits without a leading zero ("v17", "u2").
// One definition for the API's `%RE` patterns (reference §1.1, §8.3), which the validator,
// the routes, the client and the tools all check against.

/** The number part of an id. */
export const ID_NUMBER = "[1-9][0-9]{0,6}";

/** A bare id number ("17"), as the API accepts where the type is implied. */
export const BARE_ID = new RegExp(`^${ID_NUMBER}$`);

/**
 * The whole id of one type ("v17"), the number captured; with `letterOptional`, a bare
 * number ("17") matches too.
 */
export function vndbIdPattern(letter: string, letterOptional = false): RegExp {
  return new RegExp(`^${letter}${letterOptional ? "?" : ""}(${ID_NUMBER})$`);
}

/** The public site; an entry's page is `${SITE_ORIGIN}/<id>` (reference §13). */
export const SITE_ORIGIN = "https://vndb.org";

/** A user id ("u2"). */
export const USER_ID = vndbIdPattern("u");
