/**
 * Quirks and limited-quirks detection from the DOCTYPE token, in the
 * "initial" insertion mode.
 * https://html.spec.whatwg.org/multipage/parsing.html#the-initial-insertion-mode
 */
import type { DocumentMode } from '../dom';
import type { DoctypeToken } from '../tokenizer/tokens';
import { asciiLowercase } from '../tokenizer/code-points';

/** "The public identifier is set to" one of these (compared ASCII case-insensitively). */
const QUIRKS_PUBLIC_IDS = ['-//w3o//dtd w3 html strict 3.0//en//', '-/w3c/dtd html 4.0 transitional/en', 'html'];

/** "The system identifier is set to" this. */
const QUIRKS_SYSTEM_ID = 'http://www.ibm.com/data/dtd/v11/ibmxhtml1-transitional.dtd';

/** "The public identifier starts with" one of these. */
const QUIRKS_PUBLIC_ID_PREFIXES = [
  '+//silmaril//dtd html pro v0r11 19970101//',
  '-//as//dtd html 3.0 aswedit + extensions//',
  '-//advasoft ltd//dtd html 3.0 aswedit + extensions//',
  '-//ietf//dtd html 2.0 level 1//',
  '-//ietf//dtd html 2.0 level 2//',
  '-//ietf//dtd html 2.0 strict level 1//',
  '-//ietf//dtd html 2.0 strict level 2//',
  '-//ietf//dtd html 2.0 strict//',
  '-//ietf//dtd html 2.0//',
  '-//ietf//dtd html 2.1e//',
  '-//ietf//dtd html 3.0//',
  '-//ietf//dtd html 3.2 final//',
  '-//ietf//dtd html 3.2//',
  '-//ietf//dtd html 3//',
  '-//ietf//dtd html level 0//',
  '-//ietf//dtd html level 1//',
  '-//ietf//dtd html level 2//',
  '-//ietf//dtd html level 3//',
  '-//ietf//dtd html strict level 0//',
  '-//ietf//dtd html strict level 1//',
  '-//ietf//dtd html strict level 2//',
  '-//ietf//dtd html strict level 3//',
  '-//ietf//dtd html strict//',
  '-//ietf//dtd html//',
  '-//metrius//dtd metrius presentational//',
  '-//microsoft//dtd internet explorer 2.0 html strict//',
  '-//microsoft//dtd internet explorer 2.0 html//',
  '-//microsoft//dtd internet explorer 2.0 tables//',
  '-//microsoft//dtd internet explorer 3.0 html strict//',
  '-//microsoft//dtd internet explorer 3.0 html//',
  '-//microsoft//dtd internet explorer 3.0 tables//',
  '-//netscape comm. corp.//dtd html//',
  '-//netscape comm. corp.//dtd strict html//',
  "-//o'reilly and associates//dtd html 2.0//",
  "-//o'reilly and associates//dtd html extended 1.0//",
  "-//o'reilly and associates//dtd html extended relaxed 1.0//",
  '-//sq//dtd html 2.0 hotmetal + extensions//',
  '-//softquad software//dtd hotmetal pro 6.0::19990601::extensions to html 4.0//',
  '-//softquad//dtd hotmetal pro 4.0::19971010::extensions to html 4.0//',
  '-//spyglass//dtd html 2.0 extended//',
  '-//sun microsystems corp.//dtd hotjava html//',
  '-//sun microsystems corp.//dtd hotjava strict html//',
  '-//w3c//dtd html 3 1995-03-24//',
  '-//w3c//dtd html 3.2 draft//',
  '-//w3c//dtd html 3.2 final//',
  '-//w3c//dtd html 3.2//',
  '-//w3c//dtd html 3.2s draft//',
  '-//w3c//dtd html 4.0 frameset//',
  '-//w3c//dtd html 4.0 transitional//',
  '-//w3c//dtd html experimental 19960712//',
  '-//w3c//dtd html experimental 970421//',
  '-//w3c//dtd w3 html//',
  '-//w3o//dtd w3 html 3.0//',
  '-//webtechs//dtd mozilla html 2.0//',
  '-//webtechs//dtd mozilla html//',
];

/** "The system identifier is missing and the public identifier starts with" (quirks), or is present (limited quirks). */
const HTML401_PREFIXES = ['-//w3c//dtd html 4.01 frameset//', '-//w3c//dtd html 4.01 transitional//'];

/** "The public identifier starts with" one of these (limited quirks). */
const LIMITED_QUIRKS_PUBLIC_ID_PREFIXES = ['-//w3c//dtd xhtml 1.0 frameset//', '-//w3c//dtd xhtml 1.0 transitional//'];

function startsWithAny(s: string, prefixes: readonly string[]): boolean {
  for (const prefix of prefixes) if (s.startsWith(prefix)) return true;
  return false;
}

/**
 * The document mode a DOCTYPE token sets. (The iframe srcdoc and "parser
 * cannot change the mode" conditions do not apply to this parser.)
 */
export function documentModeForDoctype(token: DoctypeToken): DocumentMode {
  // "The force-quirks flag is set to on."
  if (token.forceQuirks) return 'quirks';
  // "The name is not "html"."
  if (token.name !== 'html') return 'quirks';
  const publicId = token.publicId === null ? null : asciiLowercase(token.publicId);
  const systemId = token.systemId === null ? null : asciiLowercase(token.systemId);
  if (publicId !== null) {
    if (QUIRKS_PUBLIC_IDS.includes(publicId)) return 'quirks';
    if (startsWithAny(publicId, QUIRKS_PUBLIC_ID_PREFIXES)) return 'quirks';
    if (systemId === null && startsWithAny(publicId, HTML401_PREFIXES)) return 'quirks';
  }
  if (systemId === QUIRKS_SYSTEM_ID) return 'quirks';
  if (publicId !== null) {
    if (startsWithAny(publicId, LIMITED_QUIRKS_PUBLIC_ID_PREFIXES)) return 'limited-quirks';
    if (systemId !== null && startsWithAny(publicId, HTML401_PREFIXES)) return 'limited-quirks';
  }
  return 'no-quirks';
}

/**
 * "If the DOCTYPE token's name is not "html", or the token's public
 * identifier is not missing, or the token's system identifier is neither
 * missing nor "about:legacy-compat", then there is a parse error."
 */
export function isNonConformingDoctype(token: DoctypeToken): boolean {
  return token.name !== 'html' || token.publicId !== null || (token.systemId !== null && token.systemId !== 'about:legacy-compat');
}
