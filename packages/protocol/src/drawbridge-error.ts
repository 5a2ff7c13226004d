/** The registered symbol that marks an instance of the error class `errorName`, in every copy of a package. */
function markerOf(errorName: string): symbol {
  return Symbol.for(`drawbridge.error.${errorName}`);
}

/**
 * The base of Drawbridge's errors, after the AI SDK's `AISDKError`: a stable `code` for programs, a message
 * for people, and the structured fields of each subclass. Match one with `SomeError.isInstance(error)` (or by
 * `code`), not `instanceof`: the marker is a registered symbol, so the match holds across two copies of a
 * package (the server's and an embedding app's), where `instanceof` fails. Each subclass names itself once,
 * in `errorName`, which is also its `name`.
 */
export class DrawbridgeError<Code extends string = string> extends Error {
  static readonly errorName: string = 'DrawbridgeError';
  readonly code: Code;

  constructor({ code, message, cause }: { code: Code; message: string; cause?: unknown }) {
    super(message, cause === undefined ? undefined : { cause });
    const { errorName } = new.target as typeof DrawbridgeError;
    if (new.target !== DrawbridgeError && !Object.hasOwn(new.target, 'errorName')) {
      // Without its own name a subclass would share its parent's marker and match as the parent.
      throw new TypeError(`${new.target.name} must declare its own static errorName`);
    }
    this.name = errorName;
    this.code = code;
    // Not enumerable: the markers are for `isInstance`, not for anything that lists or compares fields.
    Object.defineProperty(this, markerOf(DrawbridgeError.errorName), { value: true });
    Object.defineProperty(this, markerOf(errorName), { value: true });
  }

  /**
   * True when `error` is an instance of the class this is called on, from any copy of the package:
   * `SkillFileError.isInstance(error)`; `DrawbridgeError.isInstance(error)` for any of ours.
   */
  static isInstance<Instance>(
    this: { readonly errorName: string; readonly prototype: Instance },
    error: unknown,
  ): error is Instance {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the subclass `isInstance` was called on.
    const marker = markerOf(this.errorName);
    return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[marker] === true;
  }
}
