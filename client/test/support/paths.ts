/** Where the tests find the repository and the extension manifest. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** The repository root (client/out-test/support -> root). */
export const REPO_ROOT = resolve(__dirname, '..', '..', '..');

/** The client test sources, where fixtures and snapshots live. */
export const TEST_SOURCES = resolve(REPO_ROOT, 'client', 'test');

export interface ConfigurationProperty {
  type?: string | string[];
  default?: unknown;
  enum?: unknown[];
  description?: string;
  markdownDescription?: string;
  [key: string]: unknown;
}

export interface Manifest {
  name: string;
  version: string;
  publisher: string;
  main: string;
  icon: string;
  engines: { vscode: string };
  activationEvents: string[];
  categories: string[];
  keywords: string[];
  repository: { url: string };
  devDependencies: Record<string, string>;
  contributes: {
    commands: { command: string; title: string; category?: string }[];
    menus?: Record<string, { command: string; when?: string }[]>;
    configuration: { title: string; properties: Record<string, ConfigurationProperty> };
    languages: { id: string; configuration?: string; extensions?: string[]; firstLine?: string }[];
    grammars: { language: string; scopeName: string; path: string; embeddedLanguages?: Record<string, string> }[];
    jsonValidation?: { fileMatch: string; url: string }[];
  };
}

export function readManifest(): Manifest {
  return JSON.parse(readFileSync(resolve(REPO_ROOT, 'package.json'), 'utf8')) as Manifest;
}
