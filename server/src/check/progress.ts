/**
 * Progress on a terminal for a long `tagtree check`: one line on standard
 * error, rewritten in place at most ten times a second, shown only once the run
 * has taken a second, and erased at the end. Nothing is written when standard
 * error is not a terminal, so logs and pipes stay clean.
 */
export interface ProgressStream {
  isTTY?: boolean;
  write(text: string): boolean;
}

const SHOW_AFTER_MS = 1000;
const REDRAW_EVERY_MS = 100;

export class Progress {
  private readonly startedAt: number;
  private lastDrawAt = 0;
  private shown = false;

  constructor(
    private readonly stream: ProgressStream,
    private readonly enabled: boolean,
    private readonly now: () => number = Date.now,
  ) {
    this.startedAt = now();
  }

  update(done: number, total: number, errors: number, warnings: number): void {
    if (!this.enabled || this.stream.isTTY !== true) return;
    const now = this.now();
    if (now - this.startedAt < SHOW_AFTER_MS || (now - this.lastDrawAt < REDRAW_EVERY_MS && done < total)) return;
    this.lastDrawAt = now;
    this.shown = true;
    const percent = total === 0 ? 100 : Math.floor((done * 100) / total);
    this.stream.write(`\r\x1b[Ktagtree check: ${done}/${total} files (${percent}%), ${errors} errors, ${warnings} warnings`);
  }

  /** Erases the line, if one was drawn. */
  done(): void {
    if (this.shown) this.stream.write('\r\x1b[K');
    this.shown = false;
  }
}
