/**
 * The iframe allow attribute: https://html.spec.whatwg.org/multipage/iframe-embed-object.html#attr-iframe-allow
 * "must be a serialized permissions policy" as Permissions Policy defines it
 * (https://w3c.github.io/webappsec-permissions-policy/#serialized-permissions-policy):
 *
 *   serialized-permissions-policy = serialized-policy-directive *(";" serialized-policy-directive)
 *   serialized-policy-directive = feature-identifier RWS allow-list
 *   feature-identifier = 1*( ALPHA / DIGIT / "-")
 *   allow-list = allow-list-value *(RWS allow-list-value)
 *   allow-list-value = serialized-origin / "*" / "'self'" / "'src'" / "'none'"
 *
 * In the allow attribute an empty allowlist means 'src' (the "parse policy
 * directive" algorithm's default), and empty directives between semicolons
 * are skipped, so both are accepted. Feature names are not checked against a
 * list (unknown features are ignored by browsers).
 */
import { nonConformance, type MicrosyntaxError } from './parse-result';

interface OriginUrl {
  readonly origin: string;
}
const PlatformURL = (globalThis as unknown as { URL: new (url: string) => OriginUrl }).URL;

export function checkSerializedPermissionsPolicy(value: string): MicrosyntaxError | null {
  let start = 0;
  for (const directive of value.split(';')) {
    const re = /[^\t\n\f\r ]+/g;
    let m: RegExpExecArray | null;
    let first = true;
    while ((m = re.exec(directive)) !== null) {
      const at = start + m.index;
      const token = m[0];
      if (first) {
        if (!/^[A-Za-z0-9-]+$/.test(token)) return nonConformance(at, `"${token}" is not a feature name (letters, digits and "-")`);
        first = false;
        continue;
      }
      if (token === '*' || token === "'self'" || token === "'src'" || token === "'none'") continue;
      // https://html.spec.whatwg.org/multipage/browsers.html#ascii-serialisation-of-an-origin: scheme "://" host [":" port].
      let origin: string | null = null;
      try {
        origin = new PlatformURL(token).origin;
      } catch {
        origin = null;
      }
      if (origin === null || origin === 'null' || origin !== token.replace(/\/$/, '').toLowerCase()) {
        return nonConformance(at, `"${token}" is not an allowlist entry: *, 'self', 'src', 'none' or an origin ("https://example.com")`);
      }
    }
    start += directive.length + 1;
  }
  return null;
}
