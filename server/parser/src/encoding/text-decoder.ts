/**
 * The part of the platform's `TextDecoder` that this module uses, declared
 * here because the parser compiles with neither the DOM nor the Node type
 * libraries. Node 20+ and browsers define `TextDecoder` globally.
 * https://encoding.spec.whatwg.org/#interface-textdecoder
 */
export interface PlatformTextDecoder {
  readonly encoding: string;
  decode(input?: Uint8Array): string;
}

/** https://encoding.spec.whatwg.org/#dom-textdecoder */
export interface PlatformTextDecoderConstructor {
  new (label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean }): PlatformTextDecoder;
}

/** The global `TextDecoder`, or `undefined` on a platform without one. */
export function platformTextDecoder(): PlatformTextDecoderConstructor | undefined {
  return (globalThis as { TextDecoder?: PlatformTextDecoderConstructor }).TextDecoder;
}
