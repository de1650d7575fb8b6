import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdEarlyEvents, readerReachedEarly, replayPageState } from './early-events';

const PAGE = `
  <header><button type="button" id="menu">Menu</button><a href="/register" id="join">Join</a></header>
  <main><form id="signin"><input name="username" id="user" /><input type="password" name="password" /><button id="send">Sign in</button></form></main>`;

function pageRoot(): HTMLElement {
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = PAGE;
  document.body.append(root);
  return root;
}

/** What the app does to the root: its own copy of the same markup in place of the first. */
function appTakesOver(root: HTMLElement, handlers: { menu: () => void; join: () => void; submit: () => void }) {
  const copy = document.createElement('div');
  copy.innerHTML = PAGE;
  root.replaceChildren(...copy.children);
  root.querySelector('#menu')?.addEventListener('click', handlers.menu);
  root.querySelector('#join')?.addEventListener('click', (event) => {
    event.preventDefault();
    handlers.join();
  });
  root.querySelector('form')?.addEventListener('submit', (event) => {
    event.preventDefault();
    handlers.submit();
  });
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('holdEarlyEvents', () => {
  it('keeps a click on a button and on a link of the page until the app is in, and asks for the app at once', () => {
    const root = pageRoot();
    const intent = vi.fn();
    const early = holdEarlyEvents(root, intent);
    const menuClick = new MouseEvent('click', { bubbles: true, cancelable: true });
    root.querySelector('#menu')?.dispatchEvent(menuClick);
    const joinClick = new MouseEvent('click', { bubbles: true, cancelable: true });
    root.querySelector('#join')?.dispatchEvent(joinClick);
    expect(menuClick.defaultPrevented).toBe(true);
    expect(joinClick.defaultPrevented).toBe(true);
    expect(intent).toHaveBeenCalled();
    // The app hears of it: it fetches what a reader reaching for the page needs next.
    expect(readerReachedEarly()).toBe(true);

    const handlers = { menu: vi.fn(), join: vi.fn(), submit: vi.fn() };
    appTakesOver(root, handlers);
    const state = early.snapshot();
    early.release();
    replayPageState(root, state);
    expect(handlers.menu).toHaveBeenCalledTimes(1);
    expect(handlers.join).toHaveBeenCalledTimes(1);
  });

  it('leaves the skip link to the browser: it moves within the page', () => {
    const root = pageRoot();
    root.insertAdjacentHTML('afterbegin', '<a href="#main" id="skip">Skip</a>');
    const early = holdEarlyEvents(root, vi.fn());
    root.querySelector<HTMLAnchorElement>('#skip')?.click();
    expect(early.snapshot().held).toEqual([]);
    early.release();
  });

  it('leaves a link opened in a new tab to the browser', () => {
    const root = pageRoot();
    holdEarlyEvents(root, vi.fn());
    let leftToBrowser = false;
    // Seen after the hold had its turn (jsdom cannot open a tab itself).
    const after = (event: Event) => {
      leftToBrowser = !event.defaultPrevented;
      event.preventDefault();
    };
    document.addEventListener('click', after);
    root
      .querySelector('#join')
      ?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true }));
    document.removeEventListener('click', after);
    expect(leftToBrowser).toBe(true);
  });

  it('never lets the browser send a form itself, and sends it through the app once in, with the text typed and the caret where it was', () => {
    const root = pageRoot();
    const early = holdEarlyEvents(root, vi.fn());
    const user = root.querySelector<HTMLInputElement>('#user');
    if (!user) throw new Error('no field');
    user.focus();
    user.value = 'amira';
    user.setSelectionRange(2, 2);
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    root.querySelector('form')?.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);

    const handlers = { menu: vi.fn(), join: vi.fn(), submit: vi.fn() };
    const typed = vi.fn();
    appTakesOver(root, handlers);
    root.addEventListener('input', (event) => {
      typed((event.target as HTMLInputElement).value);
    });
    const state = early.snapshot();
    early.release();
    replayPageState(root, state);

    const copy = root.querySelector<HTMLInputElement>('#user');
    expect(copy).not.toBe(user);
    expect(copy?.value).toBe('amira');
    // The app hears of the text as it would of typing.
    expect(typed).toHaveBeenCalledWith('amira');
    expect(document.activeElement).toBe(copy);
    expect(copy?.selectionStart).toBe(2);
    expect(handlers.submit).toHaveBeenCalledTimes(1);
  });

  it('stops holding once released; a link clicked while the app never came is followed the browser’s way', () => {
    const root = pageRoot();
    const early = holdEarlyEvents(root, vi.fn());
    root.querySelector<HTMLAnchorElement>('#join')?.click();
    expect(early.release()).toBe(`${window.location.origin}/register`);
    const later = new MouseEvent('click', { bubbles: true, cancelable: true });
    root.querySelector('#menu')?.dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
    expect(early.snapshot().held).toHaveLength(1);
  });
});
