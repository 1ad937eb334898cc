// How values read in the views: the same words the text answers use, and "unknown" said
// rather than a value invented.

/** VNDB's 10-100 scale, as the search answers and the recommender give it (issue 29 item 10). */
export function ratingText(rating: number | null, votes: number | null): string {
  if (rating === null) return "rating unknown";
  return `rated ${Math.round(rating * 10) / 10}/100${votes ? ` (${votes} votes)` : ""}`;
}

export function lengthText(minutes: number | null): string {
  if (minutes === null) return "length unknown";
  const hours = minutes / 60;
  return hours < 1 ? `about ${minutes} min` : `about ${Math.round(hours)} h`;
}

export function yearText(released: string | null): string {
  if (!released) return "date unknown";
  return released === "TBA" ? "TBA" : released.slice(0, 4);
}

export function vndbUrl(id: string): string {
  return `https://vndb.org/${id}`;
}
