/**
 * The `format` section of tagtree.json: the formatter's options
 * (docs/formatting.md), read and checked here for `tagtree format` and the
 * language server alike. In the editor, the indentation (`tabSize`,
 * `insertSpaces`) comes from the editor's request; the CLI reads it from here.
 */
import type { FormatOptions } from '@tagtree/parser';

/** The formatter's options that tagtree.json may set: all but what each call decides (scripting, the range). */
export type FormatConfig = Omit<FormatOptions, 'scripting' | 'range'>;

type Fail = (message: string) => Error;

export const FORMAT_KEYS = ['printWidth', 'tabSize', 'insertSpaces', 'wrapAttributes', 'indentInnerHtml', 'whitespace', 'maxBlankLines', 'endOfLine'] as const;

function integer(value: unknown, where: string, key: string, min: number, max: number, fail: Fail): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw fail(`${where}: format.${key} must be a whole number from ${min} to ${max}, not ${JSON.stringify(value)}`);
  }
  return value;
}

function boolean(value: unknown, where: string, key: string, fail: Fail): boolean {
  if (typeof value !== 'boolean') throw fail(`${where}: format.${key} must be true or false, not ${JSON.stringify(value)}`);
  return value;
}

function oneOf<T extends string>(value: unknown, where: string, key: string, values: readonly T[], fail: Fail): T {
  if (typeof value !== 'string' || !(values as readonly string[]).includes(value)) {
    throw fail(`${where}: format.${key} must be ${values.map((v) => `"${v}"`).join(', ')}, not ${JSON.stringify(value)}`);
  }
  return value as T;
}

/** Reads and checks a `format` section; throws `fail(message)` (lint/config.ts: a ConfigError) on a wrong key or value. */
export function readFormatConfig(raw: unknown, where: string, fail: Fail): FormatConfig {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw fail(`${where}: "format" must be an object`);
  const config: FormatConfig = {};
  for (const [key, value] of Object.entries(raw)) {
    switch (key as (typeof FORMAT_KEYS)[number]) {
      case 'printWidth':
        config.printWidth = integer(value, where, key, 20, 10000, fail);
        break;
      case 'tabSize':
        config.tabSize = integer(value, where, key, 1, 16, fail);
        break;
      case 'insertSpaces':
        config.insertSpaces = boolean(value, where, key, fail);
        break;
      case 'wrapAttributes':
        config.wrapAttributes = oneOf(value, where, key, ['auto', 'force', 'preserve'] as const, fail);
        break;
      case 'indentInnerHtml':
        config.indentInnerHtml = boolean(value, where, key, fail);
        break;
      case 'whitespace':
        config.whitespace = oneOf(value, where, key, ['css', 'strict'] as const, fail);
        break;
      case 'maxBlankLines':
        config.maxBlankLines = integer(value, where, key, 0, 100, fail);
        break;
      case 'endOfLine':
        config.endOfLine = oneOf(value, where, key, ['auto', 'lf', 'crlf'] as const, fail);
        break;
      default:
        throw fail(`${where}: unknown key "format.${key}" (known: ${FORMAT_KEYS.join(', ')})`);
    }
  }
  return config;
}

/** The formatter's options from a `format` section, with the editor's indentation when it sends one. */
export function formatOptionsOf(config: FormatConfig | undefined, editor?: { tabSize?: unknown; insertSpaces?: unknown }, scripting = true): FormatOptions {
  const tabSize = typeof editor?.tabSize === 'number' && Number.isFinite(editor.tabSize) && editor.tabSize >= 1 ? Math.min(16, Math.floor(editor.tabSize)) : config?.tabSize;
  const insertSpaces = typeof editor?.insertSpaces === 'boolean' ? editor.insertSpaces : config?.insertSpaces;
  return {
    tabSize,
    insertSpaces,
    printWidth: config?.printWidth,
    wrapAttributes: config?.wrapAttributes,
    indentInnerHtml: config?.indentInnerHtml,
    whitespace: config?.whitespace,
    maxBlankLines: config?.maxBlankLines,
    endOfLine: config?.endOfLine,
    scripting,
  };
}

/** The JSON Schema of the `format` section (lint/schema.ts puts it in tagtree.schema.json). */
export const FORMAT_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  markdownDescription:
    'Options of the formatter (`tagtree format`, and Format Document in the editor). It changes only white space that does not render; see docs/formatting.md.',
  properties: {
    printWidth: { type: 'integer', minimum: 20, maximum: 10000, default: 120, markdownDescription: 'Start tags longer than this many columns wrap their attributes, one per line. Default 120.' },
    tabSize: { type: 'integer', minimum: 1, maximum: 16, default: 2, markdownDescription: 'Spaces per indentation level for `tagtree format` (the editor sends its own). Default 2.' },
    insertSpaces: { type: 'boolean', default: true, markdownDescription: 'Indent with spaces (default) or tabs, for `tagtree format` (the editor sends its own).' },
    wrapAttributes: {
      type: 'string',
      enum: ['auto', 'force', 'preserve'],
      enumDescriptions: [
        'One attribute per line when a start tag does not fit the print width (default).',
        'One attribute per line whenever a start tag has two or more.',
        'Start tags stay as written.',
      ],
      default: 'auto',
    },
    indentInnerHtml: { type: 'boolean', default: false, markdownDescription: 'Indent `<head>` and `<body>` inside `<html>`. Default false.' },
    whitespace: {
      type: 'string',
      enum: ['css', 'strict'],
      enumDescriptions: [
        'White space that does not render by the default display values may change, and line breaks are inserted between block-level boxes (default).',
        'Only white space that already holds a line break is re-indented; nothing is inserted (for pages whose CSS makes block elements inline).',
      ],
      default: 'css',
    },
    maxBlankLines: { type: 'integer', minimum: 0, maximum: 100, default: 1, markdownDescription: 'Blank lines kept where the source has some. Default 1.' },
    endOfLine: { type: 'string', enum: ['auto', 'lf', 'crlf'], default: 'auto', markdownDescription: 'The line breaks written: `auto` (the document\'s own, default), `lf` or `crlf`.' },
  },
};
