// Values as the dump's COPY text gives them (already unescaped by the reader: null is null,
// everything else a string): booleans "t"/"f", numbers as text, arrays in PostgreSQL's
// array literal syntax `{a,"b c",NULL}`. One place turns them into JS values.
import { DeriveInputError } from "./errors.js";

/** "t"/"f" → boolean; null stays null (a nullable boolean column). */
export function bool(v: string | null): boolean | null {
  if (v === null) return null;
  if (v === "t") return true;
  if (v === "f") return false;
  throw new DeriveInputError(`not a boolean: ${JSON.stringify(v)}`);
}

/** A NOT NULL boolean column; null (an absent optional column) counts as `fallback`. */
export function flag(v: string | null, fallback = false): boolean {
  return bool(v) ?? fallback;
}

/** An integer column; null stays null. */
export function int(v: string | null): number | null {
  if (v === null || v === "") return null;
  const n = Number(v);
  if (!Number.isFinite(n)) throw new DeriveInputError(`not a number: ${JSON.stringify(v)}`);
  return n;
}

/** An integer column where null (or an absent optional column) means `fallback`. */
export function num(v: string | null, fallback = 0): number {
  return int(v) ?? fallback;
}

/** Text; null → "" (NOT NULL DEFAULT '' columns, or an absent optional column). */
export function text(v: string | null): string {
  return v ?? "";
}

/** The number of a vndbid ("v17" → 17); plain numbers pass. */
export function idNum(v: string): number {
  let i = 0;
  while (i < v.length && (v.charCodeAt(i) < 48 || v.charCodeAt(i) > 57)) i++;
  const n = Number(v.slice(i));
  if (i === v.length || !Number.isInteger(n)) throw new DeriveInputError(`not a VNDB id: ${JSON.stringify(v)}`);
  return n;
}

/**
 * A PostgreSQL array literal (`{a,b}`, elements double-quoted when they hold a delimiter,
 * brace, quote, backslash or white space, or are empty or spell NULL; an unquoted NULL is
 * null). One-dimensional arrays only: no dump column has more.
 */
export function array(v: string | null): (string | null)[] | null {
  if (v === null) return null;
  if (v.length < 2 || v[0] !== "{" || v[v.length - 1] !== "}") throw new DeriveInputError(`not an array: ${JSON.stringify(v)}`);
  const out: (string | null)[] = [];
  const body = v.slice(1, -1);
  if (body === "") return out;
  let i = 0;
  while (i <= body.length) {
    if (body[i] === '"') {
      let s = "";
      i++;
      while (i < body.length && body[i] !== '"') {
        if (body[i] === "\\") i++;
        s += body[i];
        i++;
      }
      if (i >= body.length) throw new DeriveInputError(`unterminated quote in array: ${JSON.stringify(v)}`);
      out.push(s);
      i++; // closing quote
    } else {
      let j = body.indexOf(",", i);
      if (j < 0) j = body.length;
      const raw = body.slice(i, j).trim();
      out.push(raw === "NULL" ? null : raw);
      i = j;
    }
    if (i < body.length && body[i] !== ",") throw new DeriveInputError(`bad array literal: ${JSON.stringify(v)}`);
    i++;
  }
  return out;
}

/** Array of non-null strings (null array → []). */
export function strings(v: string | null): string[] {
  return (array(v) ?? []).filter((x): x is string => x !== null);
}

/** Multi-line text columns (`alias`): one entry per non-empty line, as the API splits them. */
export function lines(v: string | null): string[] {
  if (v === null || v === "") return [];
  return v.split("\n").filter((l) => l.length > 0);
}
