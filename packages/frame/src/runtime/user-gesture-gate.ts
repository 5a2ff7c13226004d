/**
 * Grants `host.openLink` once per real click inside the widget (docs/security.md, *Links*). A click counts when
 * the browser made it (`isTrusted`: widget code cannot fake one with `element.click()` or `dispatchEvent`) and
 * this frame still holds the transient user activation it gave. Pressing Enter in the chat's composer activates
 * the host page but never this cross-origin frame, so a widget that opens a link as it arrives is refused. The
 * listener and the activation getter are taken before widget code runs: widget code can neither remove nor
 * replace them.
 */
export class UserGestureGate {
  #unspentClick = false;
  readonly #isActive: () => boolean;

  constructor({ window: target }: { window: Window }) {
    const activation = target.navigator.userActivation as UserActivation | undefined;
    const isActive =
      activation === undefined
        ? undefined
        : Object.getOwnPropertyDescriptor(Object.getPrototypeOf(activation), 'isActive')?.get;
    const apply = Reflect.apply;
    this.#isActive = () =>
      activation !== undefined && isActive !== undefined && apply(isActive, activation, []) === true;
    // Capture phase on the window, registered first: it sees every click before any widget listener can stop it.
    target.addEventListener(
      'click',
      (event) => {
        if (event.isTrusted) this.#unspentClick = true;
      },
      true,
    );
  }

  /** Spends the last click: true once per click, and only while the activation it gave lasts. */
  take(): boolean {
    const granted = this.#unspentClick && this.#isActive();
    this.#unspentClick = false;
    return granted;
  }
}
