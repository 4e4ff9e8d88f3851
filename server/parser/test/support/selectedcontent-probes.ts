/**
 * The selectedcontent probes: minimal inputs and the body the spec's steps
 * give, which selectedcontent.test.ts checks and browser-differential.test.ts
 * compares with Chromium (`chromium` says where it differs). A module of its
 * own, not an export of the test file: a test file that imports another
 * registers that file's tests again in a parallel run (see .mocharc.cjs).
 */
export const SELECTEDCONTENT_PROBES: readonly { input: string; body: string; rule: string; chromium?: string }[] = [
  {
    // https://html.spec.whatwg.org/multipage/form-elements.html#select-enabled-selectedcontent
    rule: 'a selectedcontent with an option ancestor is disabled: "get a select\'s enabled selectedcontent" returns null, so nothing is cloned',
    input: '<select><option><selectedcontent>',
    body: '<select><option><selectedcontent></selectedcontent></option></select>',
  },
  {
    rule: 'the selectedcontent post-connection steps run "update a select\'s selectedcontent": the option selected before it is cloned',
    input: '<select><option>A</option><selectedcontent>',
    body: '<select><option>A</option><selectedcontent>A</selectedcontent></select>',
  },
  {
    // https://html.spec.whatwg.org/multipage/form-elements.html#concept-option-disabled
    rule: 'an option is disabled when its ancestor optgroup is: the first option that is not disabled is selected',
    input: '<select><optgroup disabled><option>A</option></optgroup><option>B</option><selectedcontent>',
    body: '<select><optgroup disabled=""><option>A</option></optgroup><option>B</option><selectedcontent>B</selectedcontent></select>',
  },
  {
    // https://html.spec.whatwg.org/multipage/form-elements.html#selectedness-setting-algorithm
    rule: 'only a select whose display size is 1 selects an option by default',
    input: '<select size=3><option>A</option><selectedcontent>',
    body: '<select size="3"><option>A</option><selectedcontent></selectedcontent></select>',
  },
  {
    rule: 'the option inserted into the selectedcontent is selected, and its clone (empty) replaces it: the settled selectedcontent is empty',
    input: '<select><selectedcontent><option>A',
    body: '<select><selectedcontent></selectedcontent></select>',
  },
  {
    rule: 'the last option with selected wins, and the option popped last clones its children',
    input: '<select><option>A</option><option selected>B</option><selectedcontent></selectedcontent><option selected>C</option></select>',
    body: '<select><option>A</option><option selected="">B</option><selectedcontent>C</selectedcontent><option selected="">C</option></select>',
  },
  {
    rule: 'a select with multiple has no enabled selectedcontent',
    input: '<select size=1 multiple><option>A</option><selectedcontent>',
    body: '<select size="1" multiple=""><option>A</option><selectedcontent></selectedcontent></select>',
  },
  {
    rule: 'the clone copies the option\'s children with their elements',
    input: '<select><option>A<b>b</option><selectedcontent></selectedcontent></select>',
    body: '<select><option>A<b>b</b></option><b><selectedcontent>A<b>b</b></selectedcontent></b></select>',
  },
  {
    rule: 'only the first selectedcontent is updated; the second was cleared when it was inserted and keeps what the parser put in it',
    input: '<select><selectedcontent></selectedcontent><selectedcontent>x</selectedcontent><option>A</option></select>',
    body: '<select><selectedcontent>A</selectedcontent><selectedcontent>x</selectedcontent><option>A</option></select>',
    chromium: 'fills every selectedcontent (whatwg/html PR 12263, not merged)',
  },
  {
    // https://html.spec.whatwg.org/multipage/form-elements.html#concept-select-size
    rule: 'size=0 parses as a display size of 0, not 1: no option is selected by default',
    input: '<select size=0><option>A</option><selectedcontent>',
    body: '<select size="0"><option>A</option><selectedcontent></selectedcontent></select>',
    chromium: 'treats size=0 as a display size of 1',
  },
  {
    rule: 'with a display size of 1 and no option that can be selected, the selectedness setting algorithm still sets updateSelectedcontent: the selectedcontent is cleared',
    input: '<select><selectedcontent>X</selectedcontent><option disabled>',
    body: '<select><selectedcontent></selectedcontent><option disabled=""></option></select>',
    chromium: 'updates the selectedcontent only when the selection changes (whatwg/html PR 12263, not merged)',
  },
  {
    rule: 'each nested selectedcontent\'s post-connection steps update the first, whose clear removes the nested ones',
    input: '<select><selectedcontent><selectedcontent><selectedcontent>',
    body: '<select><selectedcontent></selectedcontent></select>',
    chromium: 'keeps the nested selectedcontent elements',
  },
  {
    // Issue 24, judged from the spec: the comment (or text) the parser put in the first selectedcontent goes with it.
    rule: 'the nested selectedcontent\'s post-connection steps clear the first, with the comment the parser put in it',
    input: '<select><selectedcontent><!><selectedcontent>',
    body: '<select><selectedcontent></selectedcontent></select>',
    chromium: 'keeps the comment and the nested selectedcontent',
  },
  {
    rule: 'the nested selectedcontent\'s post-connection steps clear the first, with the tab the parser put in it',
    input: '<select><selectedcontent>\t<selectedcontent>',
    body: '<select><selectedcontent></selectedcontent></select>',
    chromium: 'keeps the tab and the nested selectedcontent',
  },
  {
    // https://html.spec.whatwg.org/multipage/form-elements.html#the-selectedcontent-element: "Every selectedcontent
    // element has a boolean disabled, which is initially false", set only by its post-connection steps, which run
    // only for a connected node (https://dom.spec.whatwg.org/#concept-node-insert); a template's contents are not.
    rule: 'in a template\'s contents the post-connection steps never run: a selectedcontent inside an option stays enabled, and popping the option clones its children (that selectedcontent among them) into it',
    input: '<p><template><select><option>&<selectedcontent><form>',
    body: '<p><template><select><option>&amp;<selectedcontent>&amp;<selectedcontent><form></form></selectedcontent></selectedcontent></option></select></template></p>',
    chromium: 'disables a selectedcontent inside an option when it is inserted, connected or not, and clones nothing',
  },
  {
    rule: 'in a template\'s contents a selectedcontent that is not inside an option is cloned into when the selected option is popped',
    input: '<p><template><select><selectedcontent></selectedcontent><option>x</option></select></template>',
    body: '<p><template><select><selectedcontent>x</selectedcontent><option>x</option></select></template></p>',
  },
];
