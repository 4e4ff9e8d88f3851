/**
 * The idle exact checks of large documents. Right after an edit, a large
 * document's derived findings (attributes, conformance: derived-findings.ts)
 * may be the previous ones carried through the edit; the exact ones are made
 * once the document has not changed for a moment, then shown when they differ.
 *
 * Invariants:
 * - The exact checks walk the whole tree (tens of milliseconds for a 7 MB
 *   page), so they run in slices of `SLICE_MS`: a change or a request that
 *   arrives meanwhile is handled at once.
 * - A change stops the walk (the reparse consumes the tree it reads); the
 *   next idle moment starts it again on the new parse.
 * - The client is told (`changed`) only when the exact findings differ from those shown.
 */
import type { DocumentParse } from './document-parse';
import type { DocumentStore } from './document-store';
import { allFindingsExact, makeAllExactFindingsInSteps } from './features/findings-families';
import { errorText } from './guards';
import type { Settings } from './settings';
import { runInSlices, Superseded } from './slices';

/** How long a document must stay unchanged before its exact checks are made. */
const AFTER_MS = 300;
/** For a document just opened, the exact checks come right after its parse errors are shown. */
const AFTER_OPEN_MS = 0;
/** The longest the exact checks hold the event loop before letting the connection read. */
const SLICE_MS = 1;

export class ExactChecks {
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  /** The parse whose exact checks are being made, per document. */
  private readonly running = new Map<string, DocumentParse>();

  /** `changed`: a document's exact findings were made and differ from those shown. */
  constructor(
    private readonly store: DocumentStore,
    private readonly settingsFor: (uri: string) => Settings,
    private readonly log: (message: string) => void,
    private readonly changed: (uri: string) => void,
  ) {}

  /** After the diagnostics of `parse` were computed under `settings`: schedules its exact checks unless they are made. */
  needed(uri: string, parse: DocumentParse, settings: Settings): void {
    if (!allFindingsExact(parse, settings)) this.schedule(uri, parse);
  }

  private schedule(uri: string, parse: DocumentParse): void {
    if (this.running.get(uri) === parse) return;
    clearTimeout(this.timers.get(uri));
    const timer = setTimeout(() => {
      this.timers.delete(uri);
      this.run(uri, parse);
    }, parse.previous === null ? AFTER_OPEN_MS : AFTER_MS);
    timer.unref?.();
    this.timers.set(uri, timer);
  }

  private run(uri: string, parse: DocumentParse): void {
    const doc = this.store.get(uri);
    const settings = this.settingsFor(uri);
    if (doc === undefined || doc.parse !== parse || allFindingsExact(parse, settings)) return;
    const current = () => {
      if (this.store.get(uri) !== doc || doc.parse !== parse || doc.parseRevision !== doc.revision) throw new Superseded();
    };
    this.running.set(uri, parse);
    const done = () => {
      if (this.running.get(uri) === parse) this.running.delete(uri);
    };
    runInSlices(makeAllExactFindingsInSteps(parse, settings), current, SLICE_MS).then(
      (changed) => {
        done();
        // Most edits leave them as they were carried: then the client is not made to take the same diagnostics again.
        if (changed && this.store.get(uri) === doc && doc.parse === parse) this.changed(uri);
      },
      (e: unknown) => {
        done();
        if (!(e instanceof Superseded)) this.log(`exact checks for ${uri} failed: ${errorText(e)}`);
      },
    );
  }

  /** The document closed: nothing more is made for it. */
  closed(uri: string): void {
    clearTimeout(this.timers.get(uri));
    this.timers.delete(uri);
    this.running.delete(uri);
  }
}
