/**
 * What a parse keeps for incremental reparsing, beside its result: the text,
 * the options, and the checkpoints. Kept in a WeakMap keyed by the document,
 * so results stay plain `{ document, errors }` objects and the state goes
 * away with the tree.
 */
import type { Document } from '../dom';
import type { Checkpoint } from './checkpoint';
import type { PieceText } from '../piece-text';

export interface IncrementalState {
  /** The text the document was parsed from. */
  text: PieceText;
  scripting: boolean;
  /** Characters between checkpoints (see CheckpointRecorder). */
  checkpointInterval: number;
  /** In source order; the first is at offset 0. */
  checkpoints: Checkpoint[];
}

const STATES = new WeakMap<Document, IncrementalState>();

export function incrementalStateOf(document: Document): IncrementalState | undefined {
  return STATES.get(document);
}

export function setIncrementalState(document: Document, state: IncrementalState): void {
  STATES.set(document, state);
}

export function deleteIncrementalState(document: Document): void {
  STATES.delete(document);
}
