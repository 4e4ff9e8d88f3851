/**
 * Adversarial inputs for the tree builder: each is built from one pattern
 * repeated `n` times, and must parse in time linear in `n`, without
 * overflowing the stack. Used by tree-robustness.test.ts and by the
 * benchmark (time per MB next to the corpus).
 */

export interface AdversarialInput {
  /** A short stable name. */
  name: string;
  /** What the input stresses. */
  description: string;
  input: string;
}

/** One adversarial input for a repeat count. */
type Generator = (n: number) => string;

/** Attribute names a0, a1, ... on one tag. */
function distinctAttributes(n: number): string {
  const parts: string[] = [];
  for (let i = 0; i < n; i++) parts.push(` a${i}`);
  return parts.join('');
}

/**
 * The inputs whose cost is per attribute, option or selectedcontent element:
 * tree-robustness.test.ts also checks them from 10^5 to 10^6 repetitions.
 */
const SCALING_GENERATORS: readonly (readonly [string, string, Generator])[] = [
  ['distinct-attributes', 'one tag with n distinct attributes (duplicate-attribute detection)', (n) => `<div${distinctAttributes(n)}>x`],
  ['html-attributes-merged', 'two <html> start tags with n distinct attributes each (the second merges into the first)', (n) => `<html${distinctAttributes(n)}><html${distinctAttributes(n).replace(/ a/g, ' b')}>`],
  ['options-with-selectedcontent', 'a select with a selectedcontent, then n options', (n) => '<select><selectedcontent></selectedcontent>' + '<option>x</option>'.repeat(n)],
  ['selected-options-with-selectedcontent', 'a select with a selectedcontent, then n options that each have selected', (n) => '<select><button><selectedcontent></selectedcontent></button>' + '<option selected>x</option>'.repeat(n)],
  ['disabled-options-with-selectedcontent', 'a select with a selectedcontent, then n disabled options in an optgroup', (n) => '<select><selectedcontent>y</selectedcontent><optgroup disabled>' + '<option>x</option>'.repeat(n)],
  ['selectedcontent-elements', 'a select with an option, then n selectedcontent elements with text', (n) => '<select><option>x</option>' + '<selectedcontent>y</selectedcontent>'.repeat(n)],
  ['nested-selectedcontent', 'a select with an option, then n nested selectedcontent elements', (n) => '<select><option>x</option>' + '<selectedcontent>'.repeat(n)],
  ['options-in-selectedcontent', 'a select with a selectedcontent, then n options inside it (each clone removes the option)', (n) => '<select><selectedcontent>' + '<option>x'.repeat(n)],
  ['deep-options-with-selectedcontent', 'a select with a selectedcontent, n nested divs, then n options that each have selected', (n) => '<select><selectedcontent></selectedcontent>' + '<div>'.repeat(n) + '<option selected>x</option>'.repeat(n)],
  // Issue 14: once a selectedcontent exists, each move of the adoption agency
  // runs the removing and insertion steps of what it moves; here every other
  // </b> moves the div, which holds all n spans.
  ['misnested-formatting-with-selectedcontent', 'a selectedcontent, n distinct unclosed <b>s, a <div> with n <span>s, then 2n </b>s (each adoption agency run moves the div and everything in it)', (n) => {
    const parts: string[] = ['<select><selectedcontent></selectedcontent></select>'];
    for (let i = 0; i < n; i++) parts.push(`<b id=${i}>`);
    return parts.join('') + '<div>' + '<span></span>'.repeat(n) + '</b>'.repeat(2 * n);
  }],
  // Issue 14: n ranges in one long list of siblings, filled in order: without the gap buffer
  // (tree/gap-children.ts) each removal and insertion moved every sibling after it.
  ['template-for-ranges-in-one-parent', 'n <?start>…<?end> ranges in one <div>, then n <template for>s filling them in order', (n) => {
    const parts: string[] = ['<div>'];
    for (let i = 0; i < n; i++) parts.push(`<?start name="r${i}">…<?end>`);
    parts.push('</div>');
    for (let i = 0; i < n; i++) parts.push(`<template for="r${i}">${i}</template>`);
    return parts.join('');
  }],
  // Issue 14: many markers with one name: each <template for> looks for the first one left.
  ['template-for-markers-one-name', 'n <?marker>s with one name in n <p>s, then n <template for>s with that name (each fills the first marker left)', (n) => '<p><?marker name="x"></p>'.repeat(n) + '<template for="x">y</template>'.repeat(n)],
];

/** The names of the inputs checked from 10^5 to 10^6 repetitions. */
export const SCALING_NAMES: readonly string[] = SCALING_GENERATORS.map(([name]) => name);

const GENERATORS: readonly (readonly [string, string, Generator])[] = [
  ['nested-divs', 'n nested <div>s, text at the bottom, then n </div>s', (n) => '<div>'.repeat(n) + 'x' + '</div>'.repeat(n)],
  ['unclosed-divs', 'n nested <div>s never closed (EOF closes them)', (n) => '<div>'.repeat(n) + 'x'],
  ['unclosed-b', 'n unclosed <b>s (Noah\'s Ark keeps three in the list)', (n) => '<b>'.repeat(n) + 'x'],
  ['unclosed-b-distinct', 'n unclosed <b>s with distinct attributes (the list of active formatting elements grows to n)', (n) => {
    const parts: string[] = [];
    for (let i = 0; i < n; i++) parts.push(`<b id=${i}>`);
    return parts.join('') + 'x';
  }],
  ['reconstruct-after-block', 'n distinct unclosed <b>s, then n paragraphs that each reconstruct them', (n) => {
    const parts: string[] = [];
    for (let i = 0; i < 100; i++) parts.push(`<b class=c${i}>`);
    for (let i = 0; i < n / 10; i++) parts.push('<p>x</p>');
    return parts.join('');
  }],
  ['misnested-formatting', 'n repetitions of <b><i>x</b>y</i> (an adoption agency run each)', (n) => '<b><i>x</b>y</i>'.repeat(n)],
  ['deeply-misnested-formatting', 'n levels of <b><div>, then n </b>s (adoption agency on a deep stack)', (n) => '<b><div>'.repeat(n) + 'x' + '</b>'.repeat(n)],
  ['formatting-over-blocks', 'n formatting elements misnested across blocks: <a><p><b></a>x</p></b>', (n) => '<a><p><b></a>x</p></b>'.repeat(n)],
  ['table-foster-parenting', 'a table with n foster-parented elements and text runs', (n) => '<table>' + '<b>x</b>'.repeat(n)],
  ['table-foster-text', 'a table with n foster-parented text runs between comments', (n) => '<table>' + 'x<!---->'.repeat(n)],
  ['tables-in-divs', 'n nested <div>s, then n empty tables (each </table> resets the insertion mode)', (n) => '<div>'.repeat(n) + '<table></table>'.repeat(n)],
  ['stray-end-tags-in-spans', 'n nested <span>s, then n stray end tags', (n) => '<span>'.repeat(n) + '</em>'.repeat(n) + '</x-y>'.repeat(n)],
  ['nested-tables', 'n nested tables: <table><tr><td>', (n) => '<table><tr><td>'.repeat(n)],
  ['nested-templates', 'n nested <template>s', (n) => '<template>'.repeat(n)],
  ['nested-svg', 'n nested SVG <g>s in an <svg>', (n) => '<svg>' + '<g>'.repeat(n) + '</svg>'],
  ['list-items-in-divs', 'a list, then n nested <div>s each with an <li>', (n) => '<ul>' + '<div><li>'.repeat(n)],
  ['nested-selects', 'n <select><option> pairs (each select closes the previous)', (n) => '<select><option>x'.repeat(n)],
  ['processing-instructions', 'n processing instructions with data, in a div', (n) => '<div>' + '<?php echo $x; ?>'.repeat(n)],
  ['template-for-markers', 'n <?marker>s in n <p>s, then n <template for>s filling them in reverse order', (n) => {
    const parts: string[] = [];
    for (let i = 0; i < n; i++) parts.push(`<p><?marker name="m${i}"></p>`);
    for (let i = n - 1; i >= 0; i--) parts.push(`<template for="m${i}">${i}</template>`);
    return parts.join('');
  }],
  // One range per parent (template-for-ranges-in-one-parent below has them all in one).
  ['template-for-ranges', 'n <?start>…<?end> ranges in n <p>s, each replaced by its <template for>', (n) => {
    const parts: string[] = [];
    for (let i = 0; i < n; i++) parts.push(`<p><?start name="r${i}">…<?end></p>`);
    for (let i = 0; i < n; i++) parts.push(`<template for="r${i}">${i}</template>`);
    return parts.join('');
  }],
  ['template-for-missing', 'n <template for>s whose marker is missing, after n markers of another name', (n) => '<?marker name="a">'.repeat(n) + '<template for="b">x</template>'.repeat(n)],
  ...SCALING_GENERATORS,
];

/** Every adversarial input, each with `n` repetitions of its pattern (100,000 by default). */
export function adversarialInputs(n = 100_000): AdversarialInput[] {
  return GENERATORS.map(([name, description, generate]) => ({ name, description, input: generate(n) }));
}

/** One adversarial input by name. */
export function adversarialInput(name: string, n = 100_000): AdversarialInput {
  const found = GENERATORS.find(([n2]) => n2 === name);
  if (found === undefined) throw new Error(`no adversarial input named ${name}`);
  return { name, description: found[1], input: found[2](n) };
}

/** The names of the adversarial inputs. */
export const ADVERSARIAL_NAMES: readonly string[] = GENERATORS.map(([name]) => name);
