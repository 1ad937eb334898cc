// A title as the recommender compares names given by a user with VNDB's titles and aliases:
// case, spaces and punctuation left out ("Fate/stay night" = "fate stay night").

export function titleKey(s: string): string {
  return s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
}
