/**
 * The one strict list of known conformance failures, for every suite.
 *
 * Each key is a test id as the suites name them (see each suite's `id`); each
 * value says why it fails. A listed test that passes fails the run, so the list
 * always matches reality. Keep it short: every entry is a bug or a documented
 * disagreement with the suite.
 */
const LATE_META =
  'sniffEncoding alone: the only <meta> is past byte 1024, where the prescan stops; the expected encoding ' +
  'comes from "change the encoding" during tree construction, which parseBytes does (parse-bytes.test.ts passes it)';

export const KNOWN_FAILURES: Readonly<Record<string, string>> = {
  // Encoding sniffing alone (encoding.test.ts).
  'encoding/tests1.dat#47': LATE_META,
  'encoding/tests1.dat#48': LATE_META,
  'encoding/tests1.dat#49': LATE_META,
  'encoding/tests1.dat#50': LATE_META,
  'encoding/tests1.dat#51': LATE_META,
  'encoding/tests1.dat#52': LATE_META,
  'encoding/tests1.dat#53': LATE_META,
};

/**
 * Wraps a conformance check: a listed failure must still fail (and is then
 * reported as expected), an unlisted one must pass.
 */
export function checkAgainstKnownFailures(id: string, run: () => void): void {
  const reason = KNOWN_FAILURES[id];
  if (reason === undefined) {
    run();
    return;
  }
  let failed = false;
  try {
    run();
  } catch {
    failed = true;
  }
  if (!failed) {
    throw new Error(`${id} is in the known-failures list (${reason}) but now passes: remove it from server/parser/test/support/known-failures.ts`);
  }
}

/** Ids in the list that a suite never ran: stale entries fail too. */
export function knownFailuresWithPrefix(prefix: string): string[] {
  return Object.keys(KNOWN_FAILURES).filter((id) => id.startsWith(prefix));
}
