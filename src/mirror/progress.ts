/**
 * Progress of a long mirror step (download, reading the dump, deriving). A bar on a terminal
 * (stderr, redrawn at most every REDRAW_MS), plain lines otherwise (one per stage and one every
 * PLAIN_STEP of progress), nothing in tests.
 */
export interface Progress {
  /** A new stage; total in the stage's own unit (bytes, rows) when known. */
  stage(name: string, total?: number): void;
  advance(n: number): void;
  done(): void;
}

/** Redraw interval of the bar: fast enough to look alive, slow enough to cost nothing. */
const REDRAW_MS = 200;
/** A plain line every 10 % of a stage with a known total (logs stay short). */
const PLAIN_STEP = 0.1;
const BAR_WIDTH = 30;

export const silentProgress: Progress = { stage() {}, advance() {}, done() {} };

interface Out { write(s: string): unknown; isTTY?: boolean; columns?: number }

function amount(n: number, bytes: boolean): string {
  if (!bytes) return n.toLocaleString("en-US");
  if (n >= 1 << 30) return `${(n / (1 << 30)).toFixed(2)} GiB`;
  if (n >= 1 << 20) return `${(n / (1 << 20)).toFixed(1)} MiB`;
  if (n >= 1 << 10) return `${(n / (1 << 10)).toFixed(0)} KiB`;
  return `${n} B`;
}

/** Stages whose unit is bytes say so in their name ("download", "read"): shown as MiB. */
function isBytes(name: string): boolean {
  return /download|read|bytes/i.test(name);
}

export function createProgress(out: Out = process.stderr, now: () => number = Date.now): Progress {
  let name = "";
  let total: number | undefined;
  let count = 0;
  let started = 0;
  let lastDraw = 0;
  let nextPlain = PLAIN_STEP;
  const tty = out.isTTY === true;
  const line = (): string => {
    const secs = ((now() - started) / 1000).toFixed(0);
    const b = isBytes(name);
    if (total === undefined || total <= 0) return `${name}: ${amount(count, b)} (${secs} s)`;
    const f = Math.min(1, count / total);
    if (!tty) return `${name}: ${Math.floor(f * 100)} % (${amount(count, b)} of ${amount(total, b)}, ${secs} s)`;
    const full = Math.round(f * BAR_WIDTH);
    return `${name} [${"#".repeat(full)}${" ".repeat(BAR_WIDTH - full)}] ${Math.floor(f * 100)} % ${amount(count, b)}/${amount(total, b)} ${secs} s`;
  };
  const finishStage = (): void => {
    if (!name) return;
    if (tty) out.write(`\r\x1b[K${line()}\n`);
    else out.write(`${name}: done (${amount(count, isBytes(name))}, ${((now() - started) / 1000).toFixed(1)} s)\n`);
    name = "";
  };
  return {
    stage(n, t) {
      finishStage();
      name = n;
      total = t;
      count = 0;
      started = now();
      lastDraw = 0;
      nextPlain = PLAIN_STEP;
      if (!tty) out.write(`${n}${t !== undefined ? ` (${amount(t, isBytes(n))})` : ""}\n`);
    },
    advance(n) {
      count += n;
      if (!name) return;
      if (tty) {
        const t = now();
        if (t - lastDraw >= REDRAW_MS) {
          lastDraw = t;
          out.write(`\r\x1b[K${line()}`);
        }
      } else if (total && count / total >= nextPlain && nextPlain < 1) {
        while (count / total >= nextPlain) nextPlain += PLAIN_STEP;
        out.write(`${line()}\n`);
      }
    },
    done() {
      finishStage();
    },
  };
}
