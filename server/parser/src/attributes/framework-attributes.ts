/**
 * Attributes that are not HTML's but a template framework's or a component
 * library's: the framework presets, attribute allow patterns, and VS Code's
 * custom data format. The attribute checks report every attribute the spec
 * does not allow (`attribute-not-allowed`); a configuration that names a
 * preset, a pattern or a custom data file accepts the attributes they
 * declare, and a flagged attribute that matches a preset's pattern says
 * which preset would accept it.
 *
 * Pure: reading configuration files is the caller's (the server, the CLI).
 *
 * Attribute names are matched as the parser leaves them: HTML lowercases
 * attribute names on HTML elements, so `*ngIf` is `*ngif` and `[routerLink]`
 * is `[routerlink]`; patterns are lowercased before matching.
 */

/** A framework preset: the attribute names its templates put on HTML elements. */
export interface FrameworkPreset {
  /** The name a configuration uses (`"frameworks": ["htmx"]`). */
  readonly name: string;
  /** For messages. */
  readonly label: string;
  /** Wildcard patterns (`*` matches any run of characters) on attribute names. */
  readonly patterns: readonly string[];
  /** Where the attribute syntax is documented. */
  readonly href: string;
  /** Elements of the framework's templates that are not HTML and not valid custom element names (Vue's `<component>`). */
  readonly elements?: readonly string[];
}

/**
 * The presets. Patterns cover each framework's own syntax only: a name that
 * could be an HTML attribute or a typo of one is never in a preset.
 */
export const FRAMEWORK_PRESETS: readonly FrameworkPreset[] = [
  {
    name: 'htmx',
    label: 'htmx',
    // hx-get, hx-on:click, hx-on::after-request; the ws and sse extensions' attributes.
    patterns: ['hx-*', 'ws-connect', 'ws-send', 'sse-connect', 'sse-swap', 'sse-close'],
    href: 'https://htmx.org/reference/#attributes',
  },
  {
    name: 'alpine',
    label: 'Alpine.js',
    // x-data, x-on:click.prevent, x-bind:href, and the shorthands @click and :href.
    patterns: ['x-*', '@*', ':*'],
    href: 'https://alpinejs.dev/directives/data',
  },
  {
    name: 'vue',
    label: 'Vue templates',
    // v-if, v-on:click, v-bind:href, v-slot:name; the shorthands @click, :href, #name; the special attributes ref and key.
    patterns: ['v-*', '@*', ':*', '#*', 'ref', 'key', 'slot-scope'],
    href: 'https://vuejs.org/api/built-in-directives.html',
    // https://vuejs.org/api/built-in-special-elements.html and https://vuejs.org/api/built-in-components.html
    elements: ['component', 'transition', 'teleport', 'suspense'],
  },
  {
    name: 'petite-vue',
    label: 'petite-vue',
    // v-scope, v-effect, v-on:click, and the shorthands @click and :href; ref; the init attribute of its script tag.
    patterns: ['v-*', '@*', ':*', 'ref', 'init'],
    href: 'https://github.com/vuejs/petite-vue#features',
  },
  {
    name: 'angular',
    label: 'Angular templates',
    // [prop], (event), [(ngModel)], *ngIf, #ref, let-item, i18n; the common directives' selectors (ngModel, ngClass,
    // routerLink, formControlName…); AngularJS's ng-* directives.
    patterns: ['[*]', '(*)', '[(*)]', '\\**', '#*', 'let-*', 'i18n', 'i18n-*', 'ng*', 'routerlink*', 'formcontrolname', 'formgroup*', 'formarrayname'],
    href: 'https://angular.dev/guide/templates',
  },
  {
    name: 'svelte',
    label: 'Svelte templates',
    patterns: ['on:*', 'bind:*', 'class:*', 'style:*', 'use:*', 'transition:*', 'in:*', 'out:*', 'animate:*', 'let:*'],
    href: 'https://svelte.dev/docs/svelte/basic-markup',
    elements: ['svelte:window', 'svelte:document', 'svelte:body', 'svelte:head', 'svelte:element', 'svelte:options', 'svelte:boundary', 'svelte:component', 'svelte:self', 'svelte:fragment'],
  },
];

const PRESETS_BY_NAME: ReadonlyMap<string, FrameworkPreset> = new Map(FRAMEWORK_PRESETS.map((p) => [p.name, p]));

/** The preset called `name`, or undefined. */
export function frameworkPreset(name: string): FrameworkPreset | undefined {
  return PRESETS_BY_NAME.get(name);
}

/**
 * A wildcard pattern as a matcher: `*` matches any run of characters
 * (`\*` a literal star), everything else itself, ASCII case-insensitively;
 * a pattern written `/…/` is a regular expression (with the `i` flag).
 * Throws an Error with a message for a regular expression that does not compile.
 */
export function compileAttributePattern(pattern: string): (name: string) => boolean {
  if (pattern.length > 2 && pattern.startsWith('/') && pattern.endsWith('/')) {
    const re = new RegExp(pattern.slice(1, -1), 'i');
    return (name) => re.test(name);
  }
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\' && i + 1 < pattern.length) source += escape(pattern[++i]);
    else if (c === '*') source += '.*';
    else source += escape(c);
  }
  const re = new RegExp(`^${source}$`, 'i');
  return (name) => re.test(name);
}

function escape(c: string): string {
  return /[.*+?^${}()|[\]\\/]/.test(c) ? `\\${c}` : c;
}

/** Compiled once per preset. */
const presetMatchers = new Map<FrameworkPreset, ((name: string) => boolean)[]>();

function matchersOf(preset: FrameworkPreset): ((name: string) => boolean)[] {
  let m = presetMatchers.get(preset);
  if (m === undefined) presetMatchers.set(preset, (m = preset.patterns.map(compileAttributePattern)));
  return m;
}

/** The presets whose patterns match an attribute name (for the message of a flagged attribute). */
export function presetsMatching(attribute: string): FrameworkPreset[] {
  return FRAMEWORK_PRESETS.filter((p) => matchersOf(p).some((m) => m(attribute)));
}

/** The presets whose templates have an element that is neither HTML nor a valid custom element name (Vue's `<component>`). */
export function presetsWithElement(name: string): FrameworkPreset[] {
  const lower = name.toLowerCase();
  return FRAMEWORK_PRESETS.filter((p) => p.elements?.includes(lower) === true);
}

/**
 * What would accept an unknown element, for its message: the presets whose templates have it (named as the
 * attribute messages name them), else custom data, where a library declares the elements it registers.
 */
export function frameworkElementHint(name: string): string {
  const presets = presetsWithElement(name);
  if (presets.length > 0) return `. It looks like a framework element: the preset ${presets.map((p) => `"${p.name}" (${p.label})`).join(' or ')} accepts it ("frameworks" in tagtree.json, or the tagtree.frameworks setting)`;
  return '. If a library defines it, declare it in its custom data ("customData")';
}

// ---------------------------------------------------------------------------
// VS Code's custom data format
// ---------------------------------------------------------------------------

/** A description: a string, or `{ kind: "markdown" | "plaintext", value }` as the format allows. */
export type CustomDataDescription = string | { readonly kind?: string; readonly value: string };

export interface CustomDataValue {
  readonly name: string;
  readonly description?: CustomDataDescription;
}

export interface CustomDataAttribute {
  readonly name: string;
  readonly description?: CustomDataDescription;
  /** Its values, or the name of one of the data's `valueSets`. */
  readonly values?: readonly CustomDataValue[];
  readonly valueSet?: string;
  readonly references?: readonly { readonly name: string; readonly url: string }[];
}

export interface CustomDataTag {
  readonly name: string;
  readonly description?: CustomDataDescription;
  readonly attributes: readonly CustomDataAttribute[];
  readonly references?: readonly { readonly name: string; readonly url: string }[];
}

/**
 * The custom data format of VS Code's HTML support (`html.customData`):
 * https://github.com/microsoft/vscode-custom-data
 * `{ version, tags: [{ name, attributes }], globalAttributes, valueSets }`.
 */
export interface CustomData {
  /** Where it came from (a file path), for messages. */
  readonly source: string;
  readonly tags: readonly CustomDataTag[];
  readonly globalAttributes: readonly CustomDataAttribute[];
  readonly valueSets: readonly { readonly name: string; readonly values: readonly CustomDataValue[] }[];
}

/** A custom data file that cannot be read: the message says what and where. */
export class CustomDataError extends Error {}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function readDescription(v: unknown): CustomDataDescription | undefined {
  if (typeof v === 'string') return v;
  if (isObject(v) && typeof v.value === 'string') return { kind: typeof v.kind === 'string' ? v.kind : undefined, value: v.value };
  return undefined;
}

function readReferences(v: unknown): { name: string; url: string }[] | undefined {
  if (!Array.isArray(v)) return undefined;
  return v.filter((r): r is { name: string; url: string } => isObject(r) && typeof r.name === 'string' && typeof r.url === 'string').map((r) => ({ name: r.name, url: r.url }));
}

function readValues(v: unknown, where: string): CustomDataValue[] | undefined {
  if (v === undefined) return undefined;
  if (!Array.isArray(v)) throw new CustomDataError(`${where}: "values" must be an array of { "name": … }`);
  return v.map((x, i) => {
    if (!isObject(x) || typeof x.name !== 'string') throw new CustomDataError(`${where}: values[${i}] must have a string "name"`);
    const description = readDescription(x.description);
    return description === undefined ? { name: x.name } : { name: x.name, description };
  });
}

function readAttributes(v: unknown, where: string): CustomDataAttribute[] {
  if (v === undefined) return [];
  if (!Array.isArray(v)) throw new CustomDataError(`${where}: must be an array of { "name": … }`);
  return v.map((a, i) => {
    if (!isObject(a) || typeof a.name !== 'string' || a.name === '') throw new CustomDataError(`${where}[${i}]: must have a non-empty string "name"`);
    const out: { -readonly [K in keyof CustomDataAttribute]: CustomDataAttribute[K] } = { name: a.name };
    const description = readDescription(a.description);
    if (description !== undefined) out.description = description;
    const values = readValues(a.values, `${where}[${i}]`);
    if (values !== undefined) out.values = values;
    if (typeof a.valueSet === 'string') out.valueSet = a.valueSet;
    const references = readReferences(a.references);
    if (references !== undefined) out.references = references;
    return out;
  });
}

/**
 * Reads a parsed custom data JSON object; throws a `CustomDataError` that
 * says what is wrong and where. Unknown keys are ignored, as VS Code does.
 */
export function readCustomData(raw: unknown, source: string): CustomData {
  if (!isObject(raw)) throw new CustomDataError(`${source}: custom data must be a JSON object with "tags" and/or "globalAttributes"`);
  const tags: CustomDataTag[] = [];
  if (raw.tags !== undefined) {
    if (!Array.isArray(raw.tags)) throw new CustomDataError(`${source}: "tags" must be an array of { "name", "attributes" }`);
    raw.tags.forEach((t, i) => {
      if (!isObject(t) || typeof t.name !== 'string' || t.name === '') throw new CustomDataError(`${source}: tags[${i}] must have a non-empty string "name"`);
      const tag: { -readonly [K in keyof CustomDataTag]: CustomDataTag[K] } = { name: t.name, attributes: readAttributes(t.attributes, `${source}: tags[${i}].attributes`) };
      const description = readDescription(t.description);
      if (description !== undefined) tag.description = description;
      const references = readReferences(t.references);
      if (references !== undefined) tag.references = references;
      tags.push(tag);
    });
  }
  const globalAttributes = readAttributes(raw.globalAttributes, `${source}: globalAttributes`);
  const valueSets: { name: string; values: CustomDataValue[] }[] = [];
  if (Array.isArray(raw.valueSets)) {
    raw.valueSets.forEach((s, i) => {
      if (isObject(s) && typeof s.name === 'string') valueSets.push({ name: s.name, values: readValues(s.values, `${source}: valueSets[${i}]`) ?? [] });
    });
  }
  return { source, tags, globalAttributes, valueSets };
}

/** The text of a custom data description. */
export function customDataDescriptionText(d: CustomDataDescription | undefined): string {
  if (d === undefined) return '';
  return typeof d === 'string' ? d : d.value;
}

// ---------------------------------------------------------------------------
// What a configuration accepts
// ---------------------------------------------------------------------------

/** What the configuration says about non-HTML attributes and elements. */
export interface FrameworkOptions {
  /** Preset names (`FRAMEWORK_PRESETS`). */
  readonly frameworks?: readonly string[];
  /** Attribute name patterns accepted on every element (`compileAttributePattern`). */
  readonly allowAttributes?: readonly string[];
  /** Custom data, already read. */
  readonly customData?: readonly CustomData[];
}

/**
 * What a configuration accepts, compiled: `acceptsAttribute(element,
 * attribute)` for a flagged attribute, `acceptsElement(name)` for an element
 * its custom data declares.
 */
export class AttributeAllowList {
  private readonly matchers: ((name: string) => boolean)[] = [];
  private readonly globalNames = new Set<string>();
  private readonly tagAttributes = new Map<string, Set<string>>();
  private readonly presetElements = new Set<string>();
  /** The custom data's tags and global attributes by lowercase name, for completion and hover. */
  readonly tags = new Map<string, CustomDataTag>();
  readonly globalAttributes = new Map<string, CustomDataAttribute>();
  readonly valueSets = new Map<string, readonly CustomDataValue[]>();

  constructor(readonly options: FrameworkOptions) {
    for (const name of options.frameworks ?? []) {
      const preset = frameworkPreset(name);
      if (preset !== undefined) {
        this.matchers.push(...matchersOf(preset));
        for (const e of preset.elements ?? []) this.presetElements.add(e);
      }
    }
    for (const p of options.allowAttributes ?? []) this.matchers.push(compileAttributePattern(p));
    for (const data of options.customData ?? []) {
      for (const a of data.globalAttributes) {
        this.globalNames.add(a.name.toLowerCase());
        if (!this.globalAttributes.has(a.name.toLowerCase())) this.globalAttributes.set(a.name.toLowerCase(), a);
      }
      for (const t of data.tags) {
        const name = t.name.toLowerCase();
        if (!this.tags.has(name)) this.tags.set(name, t);
        let set = this.tagAttributes.get(name);
        if (set === undefined) this.tagAttributes.set(name, (set = new Set()));
        for (const a of t.attributes) set.add(a.name.toLowerCase());
      }
      for (const s of data.valueSets) if (!this.valueSets.has(s.name)) this.valueSets.set(s.name, s.values);
    }
  }

  /** Whether nothing is configured (every flagged attribute stays flagged). */
  get empty(): boolean {
    return this.matchers.length === 0 && this.globalNames.size === 0 && this.tagAttributes.size === 0 && this.presetElements.size === 0;
  }

  /** Whether the configuration accepts `attribute` on the element `element` (lowercase local names). */
  acceptsAttribute(element: string, attribute: string): boolean {
    const name = attribute.toLowerCase();
    if (this.globalNames.has(name) || this.tagAttributes.get(element)?.has(name) === true) return true;
    for (let i = 0; i < this.matchers.length; i++) if (this.matchers[i](name)) return true;
    return false;
  }

  /** Whether the custom data declares the element `name`, or a preset's templates have it. */
  acceptsElement(name: string): boolean {
    const lower = name.toLowerCase();
    return this.tagAttributes.has(lower) || this.presetElements.has(lower);
  }

  /** The custom data's attribute `attribute` on `element` (its tag's, else a global one), for hover and completion. */
  customAttribute(element: string, attribute: string): CustomDataAttribute | undefined {
    const name = attribute.toLowerCase();
    const tag = this.tags.get(element);
    return tag?.attributes.find((a) => a.name.toLowerCase() === name) ?? this.globalAttributes.get(name);
  }
}

/** The names of the presets, for validating a configuration. */
export const FRAMEWORK_PRESET_NAMES: readonly string[] = FRAMEWORK_PRESETS.map((p) => p.name);
