// One way to write a list label everywhere a model reads one (write replies, list entries,
// vndb_list_labels, errors): the name first, then the id marked as an id, so that
// "Wishlist (id 5)" never reads as a count beside "— 5 entries".

export interface LabelLike {
  id: number;
  label: string;
}

export function labelText(label: LabelLike): string {
  return `${label.label} (id ${label.id})`;
}

/** Labels of one entry, or "none". */
export function labelsText(labels: readonly LabelLike[] | undefined | null): string {
  return labels?.length ? labels.map(labelText).join(", ") : "none";
}
