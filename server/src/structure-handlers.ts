/**
 * Request handlers for the features that read the tree and the errors:
 * outline, folding, selection ranges, highlights, linked editing, hover,
 * go-to-definition, completion, rename of a tag pair, document links and
 * quick fixes. Each handler looks up the current parse, calls a feature
 * function (offsets in, plain data out) and converts through convert.ts.
 */
import type {
  CancellationToken,
  CodeAction,
  CodeActionParams,
  CompletionList,
  CompletionParams,
  DefinitionParams,
  DocumentHighlight,
  DocumentHighlightParams,
  DocumentLink,
  DocumentLinkParams,
  DocumentSymbol,
  DocumentSymbolParams,
  FoldingRange,
  FoldingRangeParams,
  Hover,
  HoverParams,
  LinkedEditingRangeParams,
  LinkedEditingRanges,
  Location,
  PrepareRenameParams,
  Range,
  RenameParams,
  SelectionRange,
  SelectionRangeParams,
  SymbolInformation,
  WorkspaceEdit,
} from 'vscode-languageserver';
import { LSPErrorCodes, ResponseError } from 'vscode-languageserver';
import {
  toCodeAction,
  toCompletionList,
  toDocumentLinks,
  toDocumentSymbols,
  toFoldingRanges,
  toHighlights,
  toHover,
  toLinkedEditingRanges,
  toLocations,
  toPrepareRename,
  toSelectionRange,
  toSymbolInformation,
  toWorkspaceEdit,
  whereLabel,
} from './convert';
import { attributeHoverAt } from './features/attribute-hover';
import { quickFixes } from './features/code-actions';
import { completionsAt } from './features/completion';
import { customDataHoverAt } from './features/custom-data';
import { allowListOf } from './framework-config';
import { definitionAt } from './features/definition';
import type { DiagnosticData } from './features/diagnostic-data';
import { computeDiagnostics } from './features/diagnostics';
import { documentLinkSteps, type LinkData } from './features/document-links';
import { foldingRangeSteps, type FoldData } from './features/folding';
import { hoverAt, implicitCloser } from './features/hover';
import { linkedTagNames, matchingTagHighlights, TAG_NAME_PATTERN } from './features/matching-tags';
import { renamePlaceAt, renameTagPair } from './features/rename';
import { selectionRanges } from './features/selection';
import { documentOutlineSteps, type OutlineData } from './features/symbols';
import { pathAt } from './features/tree';
import type { ServerContext } from './server-context';
import { runInSlices, Superseded, throwIfCancelled } from './slices';

/** How long a slice of a whole-tree computation runs before the server reads its messages. */
const SLICE_MS = 15;
/** How many times a computation starts over on a newer parse before it runs in one go. */
const MAX_RESTARTS = 2;

/** The keys of what the handlers keep with a parse (`DocumentParse.cache`). */
const OUTLINE = {};
const FOLDS = {};
const LINKS = {};

type Parsed = NonNullable<ReturnType<ServerContext['parsed']>>;
type Run = (steps: Generator<void, unknown>) => Promise<unknown>;
type OnCurrentParse = <T>(uri: unknown, token: CancellationToken, compute: (p: Parsed, run: Run) => Promise<T>) => Promise<T | undefined>;

export function registerStructureFeatures(ctx: ServerContext): void {
  const onCurrentParse = makeOnCurrentParse(ctx);
  registerWholeTreeFeatures(ctx, onCurrentParse);
  registerPositionFeatures(ctx);
  registerEditFeatures(ctx);
}

/**
 * Runs a whole-tree computation on the current parse in slices: between
 * them the server reads cancellations and changes. A cancelled request is
 * answered with RequestCancelled. Publishing waits for the computation
 * rather than reparse the tree it reads (`ctx.reading`); when another
 * request reparses it anyway (a reparse consumes the tree), the
 * computation starts over on the newer parse, and after `MAX_RESTARTS` it
 * runs in one go, so typing cannot starve it.
 */
function makeOnCurrentParse(ctx: ServerContext): OnCurrentParse {
  /** The computations running or waiting per document: each waits for the one before. */
  const running = new Map<string, Promise<void>>();

  async function computeOnCurrentParse<T>(uri: unknown, token: CancellationToken, compute: (p: Parsed, run: Run) => Promise<T>): Promise<T | undefined> {
    for (let attempt = 0; ; attempt++) {
      throwIfCancelled(token);
      const p = ctx.parsed(uri);
      if (p === undefined || p.parse.document === null) return undefined;
      const inOneGo = attempt >= MAX_RESTARTS;
      const run = (steps: Generator<void, unknown>) =>
        runInSlices(
          steps,
          () => {
            throwIfCancelled(token);
            if (p.doc.parse !== p.parse) throw new Superseded();
          },
          inOneGo ? Infinity : SLICE_MS,
        );
      const release = ctx.reading(p.doc);
      try {
        return await compute(p, run);
      } catch (e) {
        if (!(e instanceof Superseded)) throw e;
      } finally {
        release();
      }
    }
  }

  return async (uri, token, compute) => {
    // One whole-tree computation per document at a time: two would reparse
    // the tree under each other (the outline and folding, asked together).
    const key = typeof uri === 'string' ? uri : '';
    const before = running.get(key) ?? Promise.resolve();
    let done!: () => void;
    const mine = new Promise<void>((resolve) => (done = resolve));
    const queued = before.then(() => mine);
    running.set(key, queued);
    try {
      await before;
      return await computeOnCurrentParse(uri, token, compute);
    } finally {
      done();
      if (running.get(key) === queued) running.delete(key);
    }
  };
}

/**
 * Outline, folding and document links: computed over the whole tree, in
 * slices, and kept with the parse (editors ask for the outline several times
 * per change: outline view, breadcrumbs, sticky scroll).
 */
function registerWholeTreeFeatures(ctx: ServerContext, onCurrentParse: OnCurrentParse): void {
  const { connection, guard } = ctx;
  const truncationLogged = new Set<string>();

  connection.onDocumentSymbol(
    guard('textDocument/documentSymbol', [] as DocumentSymbol[] | SymbolInformation[], async (params: DocumentSymbolParams, token) => {
      const { showImplied, maxSymbols } = ctx.settings().outline;
      const hierarchical = ctx.clientCapabilities().textDocument?.documentSymbol?.hierarchicalDocumentSymbolSupport === true;
      const key = `${showImplied}/${maxSymbols}/${hierarchical}`;
      const result = await onCurrentParse(params?.textDocument?.uri, token, async (p, run) => {
        const cached = p.parse.cache.get(OUTLINE) as { key: string; result: DocumentSymbol[] | SymbolInformation[] } | undefined;
        if (cached !== undefined && cached.key === key) return cached.result;
        const countTotal = !truncationLogged.has(p.doc.uri);
        const outline = (await run(documentOutlineSteps(p.parse.document!, p.parse.text, { showImplied, maxSymbols, countTotal }))) as OutlineData;
        if (outline.truncated && countTotal) {
          truncationLogged.add(p.doc.uri);
          ctx.info(`The outline of ${p.doc.uri} shows ${maxSymbols} of its ${outline.total} elements, the upper levels first (setting tagtree.outline.maxSymbols).`);
        }
        const converted = hierarchical ? toDocumentSymbols(p.positions, outline.symbols) : toSymbolInformation(p.positions, p.doc.uri, outline.symbols);
        p.parse.cache.set(OUTLINE, { key, result: converted });
        return converted;
      });
      return result ?? [];
    }),
  );

  connection.onFoldingRanges(
    guard('textDocument/foldingRange', [] as FoldingRange[], async (params: FoldingRangeParams, token) => {
      const limit = ctx.clientCapabilities().textDocument?.foldingRange?.rangeLimit;
      const result = await onCurrentParse(params?.textDocument?.uri, token, async (p, run) => {
        const cached = p.parse.cache.get(FOLDS) as FoldingRange[] | undefined;
        if (cached !== undefined) return cached;
        const data = (await run(foldingRangeSteps(p.parse.document!, p.parse.text, p.positions, typeof limit === 'number' && limit > 0 ? limit : undefined))) as FoldData[];
        const converted = toFoldingRanges(data);
        p.parse.cache.set(FOLDS, converted);
        return converted;
      });
      return result ?? [];
    }),
  );

  connection.onDocumentLinks(
    guard('textDocument/documentLink', [] as DocumentLink[], async (params: DocumentLinkParams, token) => {
      const uri = params?.textDocument?.uri;
      const result = await onCurrentParse(uri, token, async (p, run) => {
        const cached = p.parse.cache.get(LINKS) as DocumentLink[] | undefined;
        if (cached !== undefined) return cached;
        const data = (await run(documentLinkSteps(p.parse.document!, p.doc.uri))) as LinkData[];
        const converted = toDocumentLinks(p.positions, data);
        p.parse.cache.set(LINKS, converted);
        return converted;
      });
      return result ?? [];
    }),
  );
}

/** Selection ranges, highlights, linked editing, hover, definition, completion: at one position. */
function registerPositionFeatures(ctx: ServerContext): void {
  const { connection, guard } = ctx;

  connection.onSelectionRanges(
    guard('textDocument/selectionRange', [] as SelectionRange[], (params: SelectionRangeParams) => {
      const p = ctx.parsed(params?.textDocument?.uri);
      if (p === undefined || !Array.isArray(params.positions)) return [];
      const document = p.parse.document;
      return params.positions.map((position) => {
        const offset = p.positions.offset(position);
        if (document === null) return toSelectionRange(p.positions, [{ start: offset, end: offset }]);
        return toSelectionRange(p.positions, selectionRanges(document, p.parse.text, offset));
      });
    }),
  );

  connection.onDocumentHighlight(
    guard('textDocument/documentHighlight', [] as DocumentHighlight[], (params: DocumentHighlightParams) => {
      const p = ctx.parsed(params?.textDocument?.uri);
      if (p === undefined || p.parse.document === null) return [];
      return toHighlights(p.positions, matchingTagHighlights(p.parse.document, p.parse.text, p.positions.offset(params.position)));
    }),
  );

  connection.languages.onLinkedEditingRange(
    guard('textDocument/linkedEditingRange', null as LinkedEditingRanges | null, (params: LinkedEditingRangeParams) => {
      const p = ctx.parsed(params?.textDocument?.uri);
      if (p === undefined || p.parse.document === null) return null;
      const ranges = linkedTagNames(p.parse.document, p.parse.text, p.positions.offset(params.position));
      return ranges === undefined ? null : toLinkedEditingRanges(p.positions, ranges, TAG_NAME_PATTERN);
    }),
  );

  connection.onHover(
    guard('textDocument/hover', null as Hover | null, (params: HoverParams) => {
      const p = ctx.parsed(params?.textDocument?.uri);
      if (p === undefined || p.parse.document === null) return null;
      const offset = p.positions.offset(params.position);
      // An attribute with a microsyntax shows its value; anywhere else in a tag, how the parser treated the tag.
      const docSettings = ctx.settingsFor(p.doc.uri);
      const hover =
        attributeHoverAt(p.parse, offset, whereLabel(p.positions)) ??
        customDataHoverAt(allowListOf(docSettings, docSettings.workspaceRules), p.parse, offset) ??
        hoverAt(p.parse.document, p.parse.text, p.parse.errors, offset, whereLabel(p.positions), ctx.settingsFor(p.doc.uri).diagnostics.conformance);
      if (hover === undefined) return null;
      const formats = ctx.clientCapabilities().textDocument?.hover?.contentFormat;
      const markdown = !Array.isArray(formats) || formats.length === 0 || formats.includes('markdown');
      return toHover(p.positions, hover, markdown);
    }),
  );

  connection.onDefinition(
    guard('textDocument/definition', null as Location[] | null, (params: DefinitionParams) => {
      const p = ctx.parsed(params?.textDocument?.uri);
      if (p === undefined) return null;
      const targets = definitionAt(p.parse, p.positions.offset(params.position));
      return targets.length === 0 ? null : toLocations(p.positions, p.doc.uri, targets);
    }),
  );

  connection.onCompletion(
    guard('textDocument/completion', null as CompletionList | null, (params: CompletionParams) => {
      const p = ctx.parsed(params?.textDocument?.uri);
      if (p === undefined) return null;
      const docSettings = ctx.settingsFor(p.doc.uri);
      const items = completionsAt(p.parse, p.positions.offset(params.position), allowListOf(docSettings, docSettings.workspaceRules));
      if (items.length === 0) return null;
      const formats = ctx.clientCapabilities().textDocument?.completion?.completionItem?.documentationFormat;
      const markdown = !Array.isArray(formats) || formats.length === 0 || formats.includes('markdown');
      return toCompletionList(p.positions, items, markdown);
    }),
  );
}

/** Rename of a tag pair and quick fixes: edits. */
function registerEditFeatures(ctx: ServerContext): void {
  const { connection, guard } = ctx;

  /** A refusal the client shows: why there is nothing to rename, or why the name cannot be used. */
  const refuse = (message: string) => new ResponseError(LSPErrorCodes.RequestFailed, message);

  connection.onPrepareRename(
    guard('textDocument/prepareRename', null as { range: Range; placeholder: string } | null, (params: PrepareRenameParams) => {
      const p = ctx.parsed(params?.textDocument?.uri);
      if (p === undefined || p.parse.document === null) return null;
      const place = renamePlaceAt(p.parse.document, p.parse.text, p.positions.offset(params.position));
      if ('refused' in place) throw refuse(place.refused);
      return toPrepareRename(p.positions, place.start, place.end, place.placeholder);
    }),
  );

  connection.onRenameRequest(
    guard('textDocument/rename', null as WorkspaceEdit | null, (params: RenameParams) => {
      const p = ctx.parsed(params?.textDocument?.uri);
      if (p === undefined || p.parse.document === null) return null;
      if (typeof params.newName !== 'string') throw new ResponseError(LSPErrorCodes.RequestFailed, 'The new name must be a string');
      const edits = renameTagPair(p.parse.document, p.parse.text, p.positions.offset(params.position), params.newName);
      if ('refused' in edits) throw refuse(edits.refused);
      const documentChanges = ctx.clientCapabilities().workspace?.workspaceEdit?.documentChanges === true;
      return toWorkspaceEdit(p.positions, p.doc.uri, p.doc.version, edits, documentChanges);
    }),
  );

  connection.onCodeAction(
    guard('textDocument/codeAction', [] as CodeAction[], (params: CodeActionParams) => {
      const p = ctx.parsed(params?.textDocument?.uri);
      if (p === undefined) return [];
      const only = params.context?.only;
      if (Array.isArray(only) && only.length > 0 && !only.some((k) => k === '' || k === 'quickfix')) return [];
      const start = p.positions.offset(params.range?.start);
      const end = p.positions.offset(params.range?.end);
      // Fixes follow the server's own diagnostics for the current text, not the client's copy.
      const settings = ctx.settingsFor(p.doc.uri);
      const diagnostics = computeDiagnostics(p.parse, { ...settings, diagnostics: { ...settings.diagnostics, enable: true } });
      const document = p.parse.document;
      // For an element left open: insert its end tag where the browser closes it.
      const missingEndTag = (d: DiagnosticData) => {
        if (document === null || (d.code !== 'unclosed-element' && d.code !== 'eof-with-unclosed-element')) return undefined;
        // unclosed-element is raised at the closing tag, related to the open start tag;
        // eof-with-unclosed-element is shown on the start tag itself.
        const tagStart = d.code === 'eof-with-unclosed-element' ? d.start : d.related[0]?.start;
        if (tagStart === undefined) return undefined;
        const path = pathAt(document, tagStart);
        for (let i = path.length - 1; i >= 0; i--) {
          const n = path[i];
          if (n.kind === 'element' && n.startTag !== null && n.startTag.start === tagStart && n.endTag === null) {
            const closer = implicitCloser(n);
            return { name: n.name, at: closer === 'eof' ? n.end : Math.min(closer.start, Math.max(n.end, n.startTag.end)) };
          }
        }
        return undefined;
      };
      const fixes = quickFixes(p.parse, diagnostics, Math.min(start, end), Math.max(start, end), missingEndTag);
      const documentChanges = ctx.clientCapabilities().workspace?.workspaceEdit?.documentChanges === true;
      return fixes.map((f) => toCodeAction(p.positions, p.doc.uri, p.doc.version, f, documentChanges));
    }),
  );
}
