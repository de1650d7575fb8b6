/*
 * A page rendered ahead (scripts/prerender.ts) is on screen before the app that drives it. Until
 * the app has drawn it again, what the reader does there is kept: a click on a button or a link
 * and a form sent wait and happen once the app is in, on the same element of the new page; text
 * typed and where the caret was carry over. The first touch, key or focus also asks for the app,
 * if it is not already on its way.
 */

/** Where an element is under the page's root: child indices, the same in the app's copy of the page. */
type NodePath = number[];

/**
 * The path of `node` in the page as first drawn, whose top elements are `tops`: still right once
 * the app has taken those out of the document, so what the reader left there can be read then.
 */
function pathOf(tops: readonly Element[], node: Element): NodePath | undefined {
  const path: NodePath = [];
  let at: Element = node;
  while (!tops.includes(at)) {
    const parent = at.parentElement;
    if (!parent) return undefined;
    path.unshift(Array.prototype.indexOf.call(parent.children, at));
    at = parent;
  }
  path.unshift(tops.indexOf(at));
  return path;
}

function nodeAt(root: Element, path: NodePath, tagName: string): HTMLElement | undefined {
  let at: Element | undefined = root;
  for (const index of path) at = at?.children[index];
  return at instanceof HTMLElement && at.tagName === tagName ? at : undefined;
}

const ACTIONS = 'a[href], button, summary, [role="button"], input[type="checkbox"], input[type="radio"]';
type Field = HTMLInputElement | HTMLTextAreaElement;

interface Held {
  kind: 'click' | 'submit';
  path: NodePath;
  tagName: string;
  href?: string;
}

export interface EarlyEvents {
  /**
   * What the reader did to the page that the app's copy must get. Read as the app's copy goes
   * in: the first page's elements keep their text and caret after they leave the document.
   */
  snapshot(): PageState;
  /**
   * Stops holding: from now on events reach the app, or the browser when the app could not load.
   * Returns the last link clicked meanwhile, for the browser to follow if the app never came.
   */
  release(): string | undefined;
}

export interface PageState {
  /** Fields the reader typed into, with their text. */
  fields: { path: NodePath; tagName: string; value: string; element: Field }[];
  focus?: { path: NodePath; tagName: string; selection?: [number, number] };
  held: Held[];
}

let reached = false;
/** Whether the reader touched, typed in or focused a page rendered ahead before the app was in. */
export const readerReachedEarly = () => reached;

export function holdEarlyEvents(root: HTMLElement, askForApp: () => void, target: Document = document): EarlyEvents {
  const held: Held[] = [];
  const onIntent = () => {
    reached = true;
    askForApp();
  };
  const tops = [...root.children];
  const within = (node: Element) => tops.some((top) => top.contains(node));
  // The element the reader is in. Taking it out of the document blurs it too (the app's copy
  // going in), which is told from the reader leaving it once the removal is over.
  let focused: Element | undefined;
  const onFocusIn = (event: FocusEvent) => {
    focused = event.target instanceof Element && within(event.target) ? event.target : undefined;
  };
  const onFocusOut = (event: FocusEvent) => {
    const left = event.target;
    queueMicrotask(() => {
      if (focused === left && focused.isConnected && target.activeElement !== focused) focused = undefined;
    });
  };
  const onClick = (event: MouseEvent) => {
    const action = event.target instanceof Element ? event.target.closest(ACTIONS) : null;
    if (!action || !within(action)) return;
    // A new tab, a download, a link elsewhere or within this page (the skip link): the browser's own.
    if (action instanceof HTMLAnchorElement) {
      const modified = event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
      if (modified || action.target || action.hasAttribute('download') || action.origin !== location.origin) return;
      if (action.hash && action.pathname === location.pathname && action.search === location.search) return;
    }
    const path = pathOf(tops, action);
    if (!path) return;
    // Held for the app alone: neither the browser nor a React root still taking the page over acts on it now.
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push({
      kind: 'click',
      path,
      tagName: action.tagName,
      href: action instanceof HTMLAnchorElement ? action.href : undefined,
    });
    onIntent();
  };
  const onSubmit = (event: SubmitEvent) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !within(form)) return;
    const path = pathOf(tops, form);
    // Never the browser's own sending: it would put a password in the address.
    event.preventDefault();
    event.stopImmediatePropagation();
    if (path) held.push({ kind: 'submit', path, tagName: form.tagName });
    onIntent();
  };
  const intentTypes = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;
  target.addEventListener('click', onClick, true);
  target.addEventListener('submit', onSubmit, true);
  target.addEventListener('focusin', onFocusIn, true);
  target.addEventListener('focusout', onFocusOut, true);
  for (const type of intentTypes) target.addEventListener(type, onIntent, { capture: true, passive: true });

  return {
    snapshot() {
      const fields: PageState['fields'] = [];
      for (const top of tops) {
        for (const field of top.querySelectorAll<Field>('input:not([type="checkbox"]):not([type="radio"]), textarea')) {
          const path = field.value !== field.defaultValue ? pathOf(tops, field) : undefined;
          if (path) fields.push({ path, tagName: field.tagName, value: field.value, element: field });
        }
      }
      let focus: PageState['focus'];
      const focusPath = focused ? pathOf(tops, focused) : undefined;
      if (focused && focusPath) {
        const text = (focused instanceof HTMLInputElement || focused instanceof HTMLTextAreaElement) && focused;
        focus = {
          path: focusPath,
          tagName: focused.tagName,
          selection:
            text && text.selectionStart !== null
              ? [text.selectionStart, text.selectionEnd ?? text.selectionStart]
              : undefined,
        };
      }
      return { fields, focus, held: [...held] };
    },
    release() {
      target.removeEventListener('click', onClick, true);
      target.removeEventListener('submit', onSubmit, true);
      target.removeEventListener('focusin', onFocusIn, true);
      target.removeEventListener('focusout', onFocusOut, true);
      for (const type of intentTypes) target.removeEventListener(type, onIntent, { capture: true });
      return held.findLast((h) => h.href)?.href;
    },
  };
}

/**
 * Sets a field's text so that React (and a form library listening through it) hears of it. React
 * tells a change by the value it last saw through the element's own setter: that is emptied first,
 * so a field the app took over with the text already in it (hydration) changes as much as a new one.
 */
function typeInto(field: Field, value: string): void {
  field.value = '';
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Gives the app's copy of the page what the reader did to the first one, in order: text, caret, then held clicks and sends. */
export function replayPageState(root: HTMLElement, state: PageState): void {
  for (const { path, tagName, value, element } of state.fields) {
    const field = nodeAt(root, path, tagName);
    // The app took the very field over (hydration): its text now, typed since the snapshot too.
    if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) {
      typeInto(field, field === element ? field.value : value);
    }
  }
  // The caret goes back where it was only when the element left the page with the first copy:
  // focus still in the page (the elements taken over, the reader gone on to another) stays.
  const focusLost = !document.activeElement || document.activeElement === document.body;
  if (state.focus && focusLost) {
    const node = nodeAt(root, state.focus.path, state.focus.tagName);
    node?.focus({ preventScroll: true });
    if (state.focus.selection && (node instanceof HTMLInputElement || node instanceof HTMLTextAreaElement)) {
      try {
        node.setSelectionRange(...state.focus.selection);
      } catch {
        // Inputs without a caret (email, number) refuse it.
      }
    }
  }
  for (const action of state.held) {
    const node = nodeAt(root, action.path, action.tagName);
    if (action.kind === 'submit' && node instanceof HTMLFormElement) node.requestSubmit();
    else if (action.kind === 'click') node?.click();
  }
}
